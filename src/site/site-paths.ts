/**
 * How a built site is served, the way common static hosts do it; one set of rules for the clinic
 * server, the deployed sites, previews and dev: `/` and `/x/` are folders' index.html, `/x` is the
 * file x or else (when x is a folder) a redirect to `/x/`, since pages link relatively.
 */

/** The file a site-relative path (no leading slash) names first. */
export function fileForPath(rel: string): string {
  return rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel;
}

/** For a path without a trailing slash, the folder index that makes it a redirect to `rel/`. */
export function folderIndexFor(rel: string): string | undefined {
  return rel !== '' && !rel.endsWith('/') ? `${rel}/index.html` : undefined;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  zip: 'application/zip',
};

/** Content type by file extension; unknown types are sent as opaque bytes (with nosniff). */
export function contentType(file: string): string {
  const dot = file.lastIndexOf('.');
  return (dot === -1 ? undefined : TYPES[file.slice(dot + 1).toLowerCase()]) ?? 'application/octet-stream';
}

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * True for a site path a config may name a file by (`/uploads/logo.png`): absolute, plain
 * segments only. No empty, `.` or `..` segment, and no hidden file (`/.env`), however the
 * source behind it would read them.
 */
export function isFileSitePath(path: string): boolean {
  return path.startsWith('/') && path.length <= 1024 && path.slice(1).split('/').every((s) => SEGMENT.test(s));
}
