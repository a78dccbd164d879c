import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { packageRoot } from '../../config/package-root.js';
import { silentLogger, type Logger } from '../log/logger.js';
import { prepareFile, saveImport } from './save.js';
import type { CityStore } from './types.js';

/** The flag (store_meta) that says this data folder had its first-start import. */
export const SAMPLES_FLAG = 'samples_imported';

/** The package's sample configs: configs/*.yaml of clinic-gen's own folder. */
export function samplesDir(): string {
  return join(packageRoot(), 'configs');
}

export interface SeedOptions {
  /** Folder of the sample configs (default the package's configs/). */
  dir?: string;
  /** The served clinic's config file (`serve --config`): imported first, so its city is its own. */
  served?: string;
  logger?: Logger;
  now?: () => Date;
}

/**
 * On the first start of a data folder, the sample configs (and the served clinic's) become saved
 * cities, so the admin's list is never empty on a new server. Once a folder: the flag is set after
 * the imports, so a start that dies half-way imports the rest next time, and a city the operator
 * deleted later never comes back. A file already stored under its slug is left alone; a file that
 * does not validate is logged and skipped. Returns the slugs imported.
 */
export async function seedCities(cities: CityStore, o: SeedOptions = {}): Promise<string[]> {
  const logger = o.logger ?? silentLogger;
  if ((await cities.readFlag(SAMPLES_FLAG)) !== undefined) return [];
  const dir = o.dir ?? samplesDir();
  const samples = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.yaml')).sort().map((n) => join(dir, n));
  const files = o.served ? [o.served, ...samples.filter((s) => s !== o.served)] : samples;
  const imported: string[] = [];
  for (const path of files) {
    const name = basename(path);
    const text = await readFile(path, 'utf8').catch(() => undefined);
    const prepared = text === undefined ? undefined : prepareFile(name, text);
    if (!prepared?.ok) {
      logger.warn('cities.seed_skipped', { file: path, errors: prepared ? prepared.errors.join('; ') : 'unreadable' });
      continue;
    }
    if (await cities.exists(prepared.version.slug)) continue;
    await saveImport(cities, name, prepared.version);
    imported.push(prepared.version.slug);
  }
  await cities.claimFlag(SAMPLES_FLAG, (o.now ?? (() => new Date()))().toISOString());
  if (imported.length) logger.info('cities.seeded', { cities: imported.join(', ') });
  return imported;
}
