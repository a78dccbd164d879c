import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { brandOf, brandSchema, descriptionNamesCity, type BrandInput } from '../../config/brand.js';
import { issueMessages } from '../../config/load.js';
import type { ClinicConfig } from '../../config/schema.js';
import { readYaml } from '../../config/yaml.js';

/** The brand settings' file in the data folder (docs/serving.md#brand-settings). */
export const BRAND_FILE = 'brand.yaml';

const HEADER = '# clinic-gen brand settings: what a new city starts with (the admin\'s Brand settings write this file).\n';

/** The brand as stored, with where it came from: the file, or the served clinic's config when there is none yet. */
export interface BrandRead {
  brand: BrandInput;
  stored: boolean;
}

/**
 * Reads `<data>/brand.yaml`. Absent (a new server) or unreadable: the brand fields of the clinic
 * the server serves, so a new city still starts with the brand's name and colour, and never with
 * that clinic's address, phone or email (nor its description when that names its city).
 */
export async function readBrand(dataDir: string, served: ClinicConfig): Promise<BrandRead> {
  const text = await readFile(join(dataDir, BRAND_FILE), 'utf8').catch(() => undefined);
  if (text !== undefined) {
    try {
      const parsed = brandSchema.safeParse(readYaml(text));
      if (parsed.success) return { brand: brandOf(readYaml(text) as Record<string, unknown>), stored: true };
    } catch {
      // Fall through to the served clinic's brand.
    }
  }
  const brand = brandOf(served);
  // A description that names the served clinic's city is that city's text, not the brand's.
  if (descriptionNamesCity(served)) delete brand.description;
  return { brand, stored: false };
}

/** Checks brand settings as the city form's fields are checked (the same schema messages). */
export function checkBrand(input: unknown): { ok: true; brand: BrandInput } | { ok: false; errors: Record<string, string> } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { brand: 'expected the brand settings as an object' } };
  const parsed = brandSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: issueMessages(parsed.error.issues) };
  return { ok: true, brand: brandOf(input as Record<string, unknown>) };
}

/** Writes `<data>/brand.yaml` whole (a temporary file renamed over it: never half-written). */
export async function writeBrand(dataDir: string, brand: BrandInput): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, BRAND_FILE);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, HEADER + stringify(brand, { lineWidth: 0 }), { mode: 0o640 });
  await rename(tmp, file);
}
