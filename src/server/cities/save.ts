import { clinicConfigSchema, type ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import { cityConfigMissing, cityYamlDrift, importChangedSince, importNotConfirmed } from '../../texts/cities.js';
import { issueMessages } from '../../config/load.js';
import { isSiteName } from '../bundle/names.js';
import type { CityStore, NewVersion, SaveMode, SaveResult } from './types.js';
import { configDigest } from '../../config/digest.js';
import { checkText, withSchemaLine, yamlOfConfig } from './yaml.js';
import { withPublishedFacts } from '../../config/published-facts.js';
import { missingFacts, type RequiredFact } from '../../config/required-facts.js';
import type * as z from 'zod';

/**
 * From what the admin sends (a config as JSON) or imports (a YAML file) to a version the store
 * keeps: validated by the CLI's own loader, its text the file `clinic-gen build` reads.
 */
export type Prepared = { ok: true; version: NewVersion; missing?: RequiredFact[] } | { ok: false; errors: Record<string, string> };

/**
 * A config sent as JSON (POST and PUT /api/cities): field errors as the generate form shows them.
 * With `incomplete`, a city that lacks only its hours or legal facts (config/required-facts.ts) is
 * prepared as written, every other field checked, and `missing` names what it lacks (issue 39
 * item 3): saved, it builds nowhere until they are given, and no other city's facts fill them.
 */
export function prepareConfig(input: unknown, opts: { incomplete?: boolean } = {}): Prepared {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { config: cityConfigMissing.title } };
  const parsed = clinicConfigSchema.safeParse(input);
  if (!parsed.success) {
    const missing = opts.incomplete ? missingFacts(input) : [];
    return missing.length ? prepareIncomplete(input as Record<string, unknown>, missing, parsed.error.issues) : { ok: false, errors: issueMessages(parsed.error.issues) };
  }
  const slug = citySlug(parsed.data.city);
  const yaml = yamlOfConfig(input as Record<string, unknown>);
  // What is stored must read back as what was validated, through the loader `build` uses.
  const back = checkText(`${slug}.yaml`, yaml);
  if (!back.ok || back.digest !== configDigest(parsed.data)) return { ok: false, errors: { config: cityYamlDrift.title } };
  return { ok: true, version: versionOf(slug, yaml, back) };
}

/** How the digest of a version saved without some of its facts begins. */
export const INCOMPLETE = 'incomplete:';

/**
 * A config that lacks some of its facts: checked with stand-ins for them (the facts a version of
 * before decision 14 published, config/published-facts.ts), so every field it does give is checked
 * by the one schema and its cross-field rules; stored as written, without the stand-ins. Its
 * digest is marked, so it never equals a complete config's and never reads as "unchanged" beside one.
 */
function prepareIncomplete(input: Record<string, unknown>, missing: RequiredFact[], issues: readonly z.core.$ZodIssue[]): Prepared {
  const standIn = clinicConfigSchema.safeParse(withPublishedFacts(input));
  if (!standIn.success) {
    // The other problems, without the facts it may still leave out.
    const errors = issueMessages(standIn.error.issues);
    return { ok: false, errors: Object.keys(errors).length ? errors : issueMessages(issues) };
  }
  const slug = citySlug(standIn.data.city);
  const yaml = yamlOfConfig(input);
  const back = checkText(`${slug}.yaml`, yaml, { publishedFacts: true });
  if (!back.ok || back.digest !== configDigest(standIn.data)) return { ok: false, errors: { config: cityYamlDrift.title } };
  if (!isSiteName(slug)) throw new Error(`city slug ${JSON.stringify(slug)} is not a site name`);
  // No `config`: nothing may build from the stand-ins (the site directory reads the text for its addresses).
  const version: NewVersion = { slug, yaml, digest: `${INCOMPLETE}${back.digest}`, businessName: standIn.data.businessName, city: standIn.data.city, state: standIn.data.state };
  return { ok: true, version, missing };
}

/** An imported file: every problem as `<file>:<line>:<col> <field>: <message>`, numbered as in the file sent. */
export function prepareFile(name: string, text: string): { ok: true; version: NewVersion } | { ok: false; errors: string[] } {
  const checked = checkText(name, text);
  if (!checked.ok) return checked;
  const slug = citySlug(checked.config.city);
  const yaml = withSchemaLine(text);
  const back = checkText(`${slug}.yaml`, yaml);
  if (!back.ok || back.digest !== checked.digest) return { ok: false, errors: [`${name}:1:1 config: ${cityYamlDrift.title}`] };
  return { ok: true, version: versionOf(slug, yaml, back) };
}

function versionOf(slug: string, yaml: string, r: { digest: string; config: ClinicConfig }): NewVersion {
  // The schema only lets through cities whose slug is a safe name (cityHasSafeSlug); checked again
  // here because the slug names the city's folder under deployments/.
  if (!isSiteName(slug)) throw new Error(`city slug ${JSON.stringify(slug)} is not a site name`);
  return { slug, yaml, digest: r.digest, businessName: r.config.businessName, city: r.config.city, state: r.config.state, config: r.config };
}

/** One file imported: created (new, or a deleted city back), a version added, or unchanged. */
export interface ImportedFile {
  file: string;
  slug: string;
  version: number;
  created: boolean;
}

/**
 * Saves a prepared import: a new city, or a version of the existing one (none when unchanged).
 * With `expect` (what the editor confirmed, by slug: the version it replaces, null for a new
 * city) a city not confirmed, or saved or created since, is refused with the reason (issue 39 item 2).
 */
export async function saveImport(cities: CityStore, file: string, v: NewVersion, expect?: Record<string, number | null>): Promise<ImportedFile | { errors: string[] }> {
  const confirmed = expect?.[v.slug];
  if (expect && confirmed === undefined) return { errors: [importNotConfirmed(v.city).title] };
  const mode: SaveMode = !expect ? { mode: 'import' } : confirmed === null ? { mode: 'create' } : { mode: 'update', baseVersion: confirmed };
  const r: SaveResult = await cities.save(v, mode);
  if (!('version' in r)) return { errors: [importChangedSince(v.city, r.status === 'stale' ? String(r.latest) : undefined).title] };
  return { file, slug: v.slug, version: r.version, created: r.status === 'created' };
}
