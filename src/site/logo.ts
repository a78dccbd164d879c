import type { AssetSource } from './asset-source.js';
import { imageKind, type ImageKind } from './image-type.js';
import { stripRasterMetadata } from './image-metadata.js';
import { isFileSitePath } from './site-paths.js';
import { sanitizeSvgSliced } from './svg-sanitize.js';

/** What is said of a logo whose file is damaged: its blocks do not walk (here), or its pixels do not decode (the cards). */
export const damagedLogo = (logoUrl: string) => `${logoUrl}: the image is damaged or cut short and cannot be read; export it again as a JPG, PNG, GIF or SVG file`;

/** Spec section 5: a logo is a JPG, PNG, GIF or SVG of at most 5MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** A problem with one field of the config, in words for its owner. */
export interface SiteProblem {
  field: string;
  message: string;
}

/** The logo file a site carries, under the name its pages use. */
export interface LogoFile {
  name: `logo.${ImageKind}` | `logo-light.${ImageKind}`;
  content: string | Uint8Array;
}

export type LogoResult = { ok: true; file?: LogoFile; warnings: SiteProblem[] } | { ok: false; error: SiteProblem };

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Which of a config's logos is read: the field problems name, and the file's name without extension. */
export interface LogoRole {
  field?: 'logoUrl' | 'logoLightUrl';
  base?: 'logo' | 'logo-light';
}

/**
 * The logo a config names by site path, read from `assets`, checked by its content (not its
 * name), SVG rebuilt from the allowlist (svg-sanitize.ts), and named `logo.<ext>` at the site's
 * root: the deployment instructions say "add logo.png", and a downloaded or deployed site is
 * complete without the place the logo came from. An http(s) logo, or none, is no file.
 * The footer's light logo goes through the same checks as `{ field: 'logoLightUrl', base: 'logo-light' }`.
 */
export async function readLogo(logoUrl: string | undefined, assets: AssetSource, { field = 'logoUrl', base = 'logo' }: LogoRole = {}): Promise<LogoResult> {
  if (!logoUrl?.startsWith('/')) return { ok: true, warnings: [] };
  const fail = (message: string): LogoResult => ({ ok: false, error: { field, message } });
  if (!isFileSitePath(logoUrl)) return fail(`${logoUrl} is not a plain site path (no '.', '..' or empty parts); name the logo like /uploads/logo.png`);
  const bytes = await assets.read(logoUrl);
  if (!bytes) return fail(`no file ${logoUrl} in ${assets.name}${assets.hint ? `; ${assets.hint}` : ''}`);
  // The same bytes come back for a file read before and unchanged (dirAssetSource): 1,000 cities
  // naming one SVG logo have it rebuilt once.
  const memo = checked.get(bytes) ?? new Map<string, Promise<LogoResult>>();
  checked.set(bytes, memo);
  const key = `${logoUrl}\0${field}\0${base}`;
  let result = memo.get(key);
  if (!result) memo.set(key, (result = checkLogo(bytes, logoUrl, field, base)));
  return result;
}

/** Logos checked in this thread, by the bytes read and the role: forgotten with the bytes. */
const checked = new WeakMap<Uint8Array, Map<string, Promise<LogoResult>>>();

async function checkLogo(bytes: Uint8Array, logoUrl: string, field: string, base: 'logo' | 'logo-light'): Promise<LogoResult> {
  const fail = (message: string): LogoResult => ({ ok: false, error: { field, message } });
  if (bytes.byteLength > LOGO_MAX_BYTES) return fail(`${logoUrl} is larger than 5MB; use a smaller image`);
  const kind = imageKind(bytes);
  if (!kind) return fail(`${logoUrl} is not a JPG, PNG, GIF or SVG image`);
  const name = `${base}.${kind}` as const;
  const named = logoUrl.slice(logoUrl.lastIndexOf('.') + 1).toLowerCase();
  const warnings: SiteProblem[] =
    named === kind || (named === 'jpeg' && kind === 'jpg') ? [] : [{ field, message: `${logoUrl} is a ${kind.toUpperCase()} image; the site carries it as ${name}` }];
  // A raster logo keeps its pixels and loses where and when it was taken (EXIF GPS, XMP, comments).
  if (kind !== 'svg') {
    const stripped = stripRasterMetadata(bytes, kind);
    // Blocks that do not walk: refused, as pixels that do not decode are (social cards), not copied with their metadata.
    if (!stripped.ok) return fail(damagedLogo(logoUrl));
    return { ok: true, file: { name, content: stripped.bytes }, warnings };
  }
  let text: string;
  try {
    text = fatalUtf8.decode(bytes);
  } catch {
    return fail(`${logoUrl} is an SVG file that is not UTF-8 text`);
  }
  // In slices, as an upload is: the server builds sites (Generate, deploys) between other requests.
  // No time budget: the same steps give the same bytes, and a logo build took before is never
  // refused now (an upload met the budget already; a file beside a config is the operator's own).
  const clean = await sanitizeSvgSliced(text, { budgetMs: Infinity });
  if (!clean.ok) return fail(`${logoUrl}: ${clean.error}`);
  return { ok: true, file: { name, content: clean.svg }, warnings };
}
