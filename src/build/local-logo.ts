import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { sanitizeSvg } from '../site/svg-sanitize.js';
import { imageKind } from '../site/image-type.js';

/** A logo given as a site path, and the local file it comes from. */
export interface LocalLogo {
  sitePath: string;
  file: string;
}

/**
 * A logo given as a site path (`/uploads/logo.png`) is looked for beside the config
 * (`configs/uploads/logo.png`): the config's folder stands for the site's root, in dev and in a
 * build. null when the path climbs out of that folder, which is refused.
 */
export function localLogo(configPath: string, logoUrl: string | undefined): LocalLogo | null | undefined {
  if (!logoUrl?.startsWith('/')) return undefined;
  const root = resolve(dirname(configPath));
  const file = resolve(root, `.${logoUrl}`);
  if (!file.startsWith(root + sep)) return null;
  return { sitePath: logoUrl, file };
}

/**
 * The logo file a built site must carry when its config names one by site path: checked to be a
 * JPG, PNG, GIF or SVG by its content, SVG rebuilt from the same allowlist as admin uploads.
 */
export function readLocalLogo(configPath: string, logoUrl: string | undefined): { ok: true; file?: [string, Uint8Array | string] } | { ok: false; error: string } {
  const logo = localLogo(configPath, logoUrl);
  if (logo === undefined) return { ok: true };
  const field = `${configPath} logoUrl`;
  if (logo === null) return { ok: false, error: `${field}: ${logoUrl} leads outside the config's folder; put the logo beside the config, like /uploads/logo.png` };
  if (!existsSync(logo.file)) return { ok: false, error: `${field}: no file at ${relative(process.cwd(), logo.file)} (a logo given as a site path is copied from beside the config)` };
  const bytes = readFileSync(logo.file);
  const kind = imageKind(bytes);
  if (!kind) return { ok: false, error: `${field}: ${relative(process.cwd(), logo.file)} is not a JPG, PNG, GIF or SVG image` };
  if (kind !== 'svg') return { ok: true, file: [logo.sitePath.slice(1), bytes] };
  const clean = sanitizeSvg(bytes.toString('utf8'));
  return clean.ok ? { ok: true, file: [logo.sitePath.slice(1), clean.svg] } : { ok: false, error: `${field}: ${clean.error}` };
}
