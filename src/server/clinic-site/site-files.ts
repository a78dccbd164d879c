import { createHash } from 'node:crypto';
import type { SiteFiles } from '../../model/files.js';
import { contentType, fileForPath, folderIndexFor } from '../../site/site-paths.js';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { IMMUTABLE, SHORT } from '../http/cache-control.js';

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


/** Builds the serving table from renderSite's output. Paths are normalised to no leading slash. */
export function prepareSite(files: SiteFiles): Map<string, SiteEntry> {
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
  const candidate = fileForPath(rel);
  // The not-found page is the answer of every missing address, never a page of its own: its
  // address answers 404 as well, so no search engine sees it answered 200.
  if (candidate === '404.html') return undefined;
  const entry = site.get(candidate);
  if (entry) return { file: candidate, entry };
  const index = folderIndexFor(rel);
  if (index && site.has(index)) return { redirect: `${path}/` };
  return undefined;
}

/** The best encoding of an entry the client accepts (br, then gzip), or the identity bytes. */
export function pickEncoding(entry: SiteEntry, acceptEncoding: string | undefined): { body: Uint8Array; encoding?: 'br' | 'gzip' } {
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?(\\s|,|$))`, 'i').test(acceptEncoding ?? '');
  if (entry.br && accepts('br')) return { body: entry.br, encoding: 'br' };
  if (entry.gzip && accepts('gzip')) return { body: entry.gzip, encoding: 'gzip' };
  return { body: entry.body };
}
