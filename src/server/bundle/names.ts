/**
 * What may be named in a deployment: site names and the file names inside a site. Every path the
 * deploy code reads, writes or deletes is built from names that passed these checks, so nothing
 * outside the deployments folder can be reached (`../`, `%2e%2e` once decoded, `/etc/passwd`,
 * `C:\x`, NUL).
 */

/** The city-slug shape of spec section 7 (`wesley-chapel`), at most 63 characters (one DNS label). */
export const SITE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** True when `name` is a site name (a city slug) safe to use as a folder name. */
export function isSiteName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= 63 && SITE_NAME.test(name);
}

/** File types a generated site holds; anything else (.exe, .php, .htaccess) is refused. */
export const TEXT_EXTENSIONS = new Set(['html', 'css', 'js', 'mjs', 'json', 'webmanifest', 'xml', 'txt', 'svg']);
/** Binary types; in a JSON files map their contents travel base64-encoded (see files.ts). */
export const BINARY_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico', 'woff2']);

/**
 * What one site may hold. The largest site a config can ask for (every service, in English and
 * Spanish; a hero, 8 gallery photos and 12 team portraits, each as AVIF, WebP and JPEG at several
 * widths; a social card per page) is 220 files and, with grainy photos, about 14 MB
 * (src/server/packages/worst-case-site.test.ts): these leave it room twice over, and still bound
 * what one deploy writes to disk.
 */
export const FILE_LIMITS = {
  /** Files in one site (400 before the Spanish pages, issue 40, whose largest site has 36 more). */
  maxFiles: 480,
  /** Bytes of one file once decoded (a 5 MB logo fits). */
  maxFileBytes: 6 * 1024 * 1024,
  /** Bytes of a whole site once decoded. */
  maxTotalBytes: 32 * 1024 * 1024,
  /** Characters of a file name, folders included. */
  maxNameLength: 200,
  /**
   * Folders deep, the file's own name counted. A brand site's deepest files are a location's
   * Spanish contact pages and cards, `es/ubicaciones/fl/tampa/contacto/enviado/index.html`: 7 (issue
   * 41 found them refused at 5, and its English `locations/fl/tampa/contact/sent/index.html`, 6, kept
   * by a release but not served). One more for room.
   */
  maxDepth: 8,
} as const;

/**
 * The largest JSON body that carries a site's files (deploy, preview, package): the largest site,
 * its binary files base64-encoded (4 bytes for 3), and room for the JSON around them.
 */
export const SITE_BODY_MAX_BYTES = Math.ceil((FILE_LIMITS.maxTotalBytes * 4) / 3) + 2 * 1024 * 1024;

// A segment starts with a letter, digit or underscore: no '.', '..', hidden files (the release
// metadata is a dot file, so it can be neither served nor overwritten) and no drive letters.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export type NameCheck = { ok: true; name: string; ext: string; binary: boolean } | { ok: false; error: string };

/** Checks one site-relative file name like `trt-therapy/index.html`. */
export function checkFileName(name: unknown): NameCheck {
  if (typeof name !== 'string' || name === '') return { ok: false, error: 'a file name is empty' };
  const shown = JSON.stringify(name.slice(0, 80));
  if (name.length > FILE_LIMITS.maxNameLength) return { ok: false, error: `the file name ${shown}... is too long` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return { ok: false, error: `the file name ${shown} holds a control character or a backslash` };
  if (name.startsWith('/')) return { ok: false, error: `the file name ${shown} is absolute; expected a relative name like about/index.html` };
  const segments = name.split('/');
  if (segments.length > FILE_LIMITS.maxDepth) return { ok: false, error: `the file name ${shown} is nested too deep` };
  if (!segments.every((s) => SEGMENT.test(s))) {
    return { ok: false, error: `the file name ${shown} is not a plain relative name (no '..', no hidden files, letters, digits, '.', '_' and '-' only)` };
  }
  const last = segments[segments.length - 1]!;
  const dot = last.lastIndexOf('.');
  const ext = dot === -1 ? '' : last.slice(dot + 1).toLowerCase();
  const binary = BINARY_EXTENSIONS.has(ext);
  if (!binary && !TEXT_EXTENSIONS.has(ext)) return { ok: false, error: `the file ${shown} has a type a site does not need` };
  return { ok: true, name, ext, binary };
}
