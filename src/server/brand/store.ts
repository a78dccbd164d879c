import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { brandOf, brandSchema, brandSettingsOf, descriptionNamesCity, type BrandInput } from '../../config/brand.js';
import { issueMessages } from '../../config/load.js';
import type { ClinicConfig } from '../../config/schema.js';
import { readYaml } from '../../config/yaml.js';

/**
 * The brand settings' copy in the data folder (docs/serving.md#brand-settings): the store holds
 * the brand (one row), and each save also writes it here for what reads the file (the brand site).
 * A file written by a release that kept the brand only here is imported on first start.
 */
export const BRAND_FILE = 'brand.yaml';

const HEADER = '# clinic-gen brand settings: what a new city starts with (the admin\'s Brand settings write this file).\n';

/** The brand's row in the store: its YAML text (as brand.yaml holds it) and when it was saved (ISO). */
export interface StoredBrand {
  yaml: string;
  updatedAt: string;
}

/**
 * Where the brand is kept: one row in the server's store (SQLite: sqlite-store.ts; PostgreSQL:
 * pg-store.ts; one contract test, store.contract.test.ts). With PostgreSQL every server reads the
 * same row, uncached, so a brand saved on one is what the next GET on another returns.
 */
export interface BrandStore {
  /** The saved brand, or undefined when none has been saved. */
  get(): Promise<StoredBrand | undefined>;
  /** Saves the brand, replacing the one saved before. */
  put(brand: StoredBrand): Promise<void>;
  /** Saves the brand only when none is saved yet (the import of an old brand.yaml); true when it did. */
  putIfNone(brand: StoredBrand): Promise<boolean>;
}

/** The brand as stored, with where it came from: the store, or the served clinic's config when there is none yet. */
export interface BrandRead {
  brand: BrandInput;
  stored: boolean;
}

/** The YAML text of a brand: what the store's row and `<data>/brand.yaml` hold. */
export function brandYaml(brand: BrandInput): string {
  return HEADER + stringify(brand, { lineWidth: 0 });
}

/** The brand in a YAML text when it is valid brand settings, or undefined. */
function parseBrand(text: string): BrandInput | undefined {
  try {
    const value = readYaml(text);
    const parsed = brandSchema.safeParse(value);
    if (parsed.success) return brandSettingsOf(value as Record<string, unknown>, parsed.data);
  } catch {
    // Not YAML: no brand.
  }
  return undefined;
}

/**
 * Reads the brand from the store. None saved yet (or, never expected, a row that no longer
 * validates): the brand fields of the clinic the server serves, so a new city still starts with
 * the brand's name and colour, and never with that clinic's address, phone or email (nor its
 * description when that names its city).
 */
export async function readBrand(store: BrandStore, served: ClinicConfig): Promise<BrandRead> {
  const row = await store.get();
  const saved = row === undefined ? undefined : parseBrand(row.yaml);
  if (saved !== undefined) return { brand: saved, stored: true };
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
  return { ok: true, brand: brandSettingsOf(input as Record<string, unknown>, parsed.data) };
}

/**
 * Saves checked brand settings: the store's row first (what every server reads), then
 * `<data>/brand.yaml`, written whole (a temporary file renamed over it: never half-written).
 */
export async function saveBrand(store: BrandStore, dataDir: string, brand: BrandInput, now: Date = new Date()): Promise<void> {
  const yaml = brandYaml(brand);
  await store.put({ yaml, updatedAt: now.toISOString() });
  await writeBrandFile(dataDir, yaml);
}

/** Writes `<data>/brand.yaml` whole (a temporary file renamed over it: never half-written). */
export async function writeBrandFile(dataDir: string, yaml: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, BRAND_FILE);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, yaml, { mode: 0o640 });
  await rename(tmp, file);
}

/**
 * The first start after an upgrade: a `<data>/brand.yaml` written by a release that kept the brand
 * only there is imported into the store when the store has none (with PostgreSQL, the first
 * server to start wins; the others' files are left as they are). An unreadable or invalid file is
 * not imported (it was not read as the brand before either). Returns whether it imported.
 */
export async function importBrandFile(store: BrandStore, dataDir: string, now: Date = new Date()): Promise<boolean> {
  const file = join(dataDir, BRAND_FILE);
  if (!existsSync(file)) return false;
  if ((await store.get()) !== undefined) return false;
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const brand = text === undefined ? undefined : parseBrand(text);
  if (brand === undefined) return false;
  return store.putIfNone({ yaml: text!, updatedAt: now.toISOString() });
}

/**
 * A brand store that imports `<data>/brand.yaml` (importBrandFile) before its first read or write,
 * once: the server stores wrap theirs in it, so the import runs on the first start of a release
 * that keeps the brand in the store, whatever reaches the brand first. A failed import is tried
 * again on the next call.
 */
export function importingBrandStore(store: BrandStore, dataDir: string): BrandStore {
  let imported: Promise<unknown> | undefined;
  const ready = () =>
    (imported ??= importBrandFile(store, dataDir).catch((err: unknown) => {
      imported = undefined;
      throw err;
    }));
  return {
    get: async () => (await ready(), store.get()),
    put: async (brand) => (await ready(), store.put(brand)),
    putIfNone: async (brand) => (await ready(), store.putIfNone(brand)),
  };
}
