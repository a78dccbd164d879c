import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The rendered site, prepared once at start-up for serving: bytes, content type, cache policy and
 * ETag per file, so a page GET is a map lookup.
 */
export interface SiteEntry {
  body: Uint8Array;
  type: string;
  cacheControl: string;
  etag: string;
  /** The same bytes compressed once at start-up (text files over 1 KB), so no request pays for it. */
  br?: Uint8Array;
  gzip?: Uint8Array;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

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

/** Hashed asset names (assets/site.3f9a1c2b.css) never change content, so browsers may keep them a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages change on the next deploy: a short cache, then revalidate by ETag. */
export const SHORT = 'public, max-age=300, must-revalidate';

/** Builds the serving table from renderSite's output. Paths are normalised to no leading slash. */
export function prepareSite(files: Record<string, string | Uint8Array>): Map<string, SiteEntry> {
  const out = new Map<string, SiteEntry>();
  const encoder = new TextEncoder();
  for (const [name, contents] of Object.entries(files)) {
    const key = name.replace(/^\/+/, '');
    if (key === '' || key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw new Error(`site file name ${JSON.stringify(name)} is not a plain relative path`);
    }
    const body = typeof contents === 'string' ? encoder.encode(contents) : contents;
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const type = contentType(key);
    const entry: SiteEntry = { body, type, cacheControl: key.startsWith('assets/') ? IMMUTABLE : SHORT, etag };
    if (COMPRESSIBLE.test(type) && body.byteLength > 1024) {
      entry.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
      entry.gzip = gzipSync(body, { level: 9 });
    }
    out.set(key, entry);
  }
  return out;
}

/** Which file a checked request path maps to, or a redirect to the directory URL. */
export function resolveSitePath(
  site: ReadonlyMap<string, SiteEntry>,
  path: string,
): { file: string; entry: SiteEntry } | { redirect: string } | undefined {
  const rel = path.slice(1);
  const candidate = rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel;
  const entry = site.get(candidate);
  if (entry) return { file: candidate, entry };
  // /trt-therapy -> /trt-therapy/: pages link to each other relatively (../about/), which only
  // resolves from the directory URL.
  if (rel !== '' && !rel.endsWith('/') && site.has(`${rel}/index.html`)) return { redirect: `${path}/` };
  return undefined;
}

/** The best encoding of an entry the client accepts (br, then gzip), or the identity bytes. */
export function pickEncoding(entry: SiteEntry, acceptEncoding: string | undefined): { body: Uint8Array; encoding?: 'br' | 'gzip' } {
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?(\\s|,|$))`, 'i').test(acceptEncoding ?? '');
  if (entry.br && accepts('br')) return { body: entry.br, encoding: 'br' };
  if (entry.gzip && accepts('gzip')) return { body: entry.gzip, encoding: 'gzip' };
  return { body: entry.body };
}
