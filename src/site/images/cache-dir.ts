import { dirname, join, resolve } from 'node:path';

/**
 * Where encoded photos (and, beside them, drawn social cards: src/site/cards/band-cache.ts) are
 * kept between runs.
 *
 * The CLI (build, dev) keeps them beside the config, in `.clinic-gen-cache/images/`: the photos
 * they come from sit there too, it works the same from any working folder and without a
 * node_modules folder (a global install, npx), and one folder of 1,000 configs shares one cache.
 * The leading dot keeps it out of every site: a config cannot name a hidden path (site-paths.ts).
 * The server keeps them in its data folder, `<data>/cache/images/`, beside the uploads.
 *
 * `CLINIC_GEN_CACHE_DIR` overrides both: photos go to `$CLINIC_GEN_CACHE_DIR/images/`, cards to
 * `$CLINIC_GEN_CACHE_DIR/cards/` (a relative path is taken from the working folder). For a
 * read-only config folder, one cache shared by several data folders or checkouts (CI), and the
 * test run, where it makes the slow first encode of each sample photo happen once per run, not
 * once per test. Entries are keyed by content and settings, so sharing one folder is safe.
 */
export const CACHE_FOLDER = '.clinic-gen-cache';

/** The variable that moves every cache of clinic-gen to one folder. */
export const CACHE_DIR_ENV = 'CLINIC_GEN_CACHE_DIR';

type Env = Readonly<Record<string, string | undefined>>;

/** `$CLINIC_GEN_CACHE_DIR/images` when the variable is set (and not empty), else undefined. */
function overridden(env: Env): string | undefined {
  const dir = env[CACHE_DIR_ENV]?.trim();
  return dir ? join(resolve(dir), 'images') : undefined;
}

/** The photo cache of the CLI for a config file: beside it, unless CLINIC_GEN_CACHE_DIR says otherwise. */
export function configImageCacheDir(configPath: string, env: Env = process.env): string {
  return overridden(env) ?? join(dirname(resolve(configPath)), CACHE_FOLDER, 'images');
}

/** The photo cache of the server for its data folder, unless CLINIC_GEN_CACHE_DIR says otherwise. */
export function dataImageCacheDir(dataDir: string, env: Env = process.env): string {
  return overridden(env) ?? join(resolve(dataDir), 'cache', 'images');
}
