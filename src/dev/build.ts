import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parseConfigText } from '../config/load.js';
import { renderSite, type SiteFiles } from '../pages/render-site.js';
import { localLogo, type LocalLogo } from '../build/local-logo.js';

export type DevBuild =
  | { ok: true; text: string; files: SiteFiles; warnings: string[]; logo?: LocalLogo }
  | { ok: false; text: string | undefined; errors: string[] };

/**
 * Validates and renders a config's text in memory (no files written: dev serves from memory, and
 * a build of a few milliseconds is what keeps save-to-reload short). `shownAs` is the config's
 * name in messages; `text` is undefined when the file could not be read (see readConfig).
 */
export function buildFromText(text: string | undefined, configPath: string, shownAs: string): DevBuild {
  if (text === undefined) return { ok: false, text, errors: [`${shownAs}: cannot read the config (no such file, or not readable)`] };
  const loaded = parseConfigText(text, shownAs);
  if (!loaded.ok) return { ok: false, text, errors: loaded.errors };
  const logo = localLogo(configPath, loaded.config.logoUrl);
  const warnings = [...loaded.warnings];
  if (logo === null) warnings.push(`${shownAs}: logoUrl ${loaded.config.logoUrl} leads outside the config's folder; dev does not serve it`);
  else if (logo && !existsSync(logo.file)) warnings.push(`${shownAs}: logoUrl ${logo.sitePath}: no file at ${relative(process.cwd(), logo.file)}; the page shows a broken image`);
  return { ok: true, text, files: renderSite(loaded.config), warnings, logo: logo ?? undefined };
}

/** The config's text, or undefined when it cannot be read (between an editor's delete and write). */
export function readConfig(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined);
}

