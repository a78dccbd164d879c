import { readFile } from 'node:fs/promises';
import { parseConfigText } from '../config/load.js';
import { configAssetSource, type AssetSource } from '../site/asset-source.js';
import { configImageCacheDir } from '../site/images/cache-dir.js';
import type { SiteFiles } from '../model/files.js';
import { buildSiteFiles, problemLines } from '../site/pipeline.js';

/**
 * A dev build. `assets` lists the files on disk it read besides the config (the logo), also when
 * one of them was missing or refused: dev watches them, so adding or fixing the file rebuilds.
 */
export type DevBuild =
  | { ok: true; text: string; files: SiteFiles; warnings: string[]; assets: string[] }
  | { ok: false; text: string | undefined; errors: string[]; assets: string[] };

/**
 * Validates a config's text and makes its site in memory through the site pipeline, with the same
 * files `clinic-gen build` writes (dev serves from memory, and a build of a few milliseconds is
 * what keeps save-to-reload short). `shownAs` is the config's name in messages; `text` is
 * undefined when the file could not be read (see readConfig).
 */
export async function buildFromText(text: string | undefined, configPath: string, shownAs: string): Promise<DevBuild> {
  if (text === undefined) return { ok: false, text, errors: [`${shownAs}: cannot read the config (no such file, or not readable)`], assets: [] };
  const loaded = parseConfigText(text, shownAs);
  if (!loaded.ok) return { ok: false, text, errors: loaded.errors, assets: [] };
  const source = configAssetSource(configPath);
  const assets: string[] = [];
  const watched: AssetSource = { name: source.name, hint: source.hint, read: (sitePath) => (assets.push(source.fileFor(sitePath)), source.read(sitePath)) };
  // The preview is for looking at the site, not for sending messages: its form's endpoint is no warning here.
  const site = await buildSiteFiles(loaded.config, watched, { servedByClinic: true, imageCacheDir: configImageCacheDir(configPath) });
  if (!site.ok) return { ok: false, text, errors: problemLines(shownAs, site.errors), assets };
  return { ok: true, text, files: site.files, warnings: [...loaded.warnings, ...problemLines(shownAs, site.warnings)], assets };
}

/** The config's text, or undefined when it cannot be read (between an editor's delete and write). */
export function readConfig(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined);
}
