import type { MiddlewareHandler } from 'hono';
import { pathRejected } from '../../texts/server.js';
import type { AppEnv } from './app-env.js';
import { textOf } from './api-error.js';

/**
 * One decision on the request path before anything else looks at it. The site is served from
 * memory, so no path can reach the file system; this guard is about the admin password and about
 * handlers agreeing on what the path is: `/%2Fadmin`, `/admin%2f..%2fapi`, `/..%2f..%2fetc/passwd`
 * and friends must not mean one thing to the auth check and another to a router.
 */

export type PathVerdict =
  | { ok: true; path: string }
  | { ok: false; status: 400; reason: string }
  | { ok: false; status: 308; location: string };

// Printable characters allowed unencoded in a path, minus '%': the fast path needs no decoding.
const PLAIN = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;
// Encoded '/' and '\' would let one path segment pose as two after decoding.
const ENCODED_SEPARATOR = /%(2f|5c)/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The raw path of a request URL, without query or fragment, still percent-encoded. */
export function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 63 /* ? */ || ch === 35 /* # */) {
      end = i;
      break;
    }
  }
  return url.slice(start, end);
}

/** Decides whether `raw` is a path we answer, a path to fix with a redirect, or a bad request. */
export function checkPath(raw: string, search = ''): PathVerdict {
  if (PLAIN.test(raw) && !raw.includes('//') && !DOT_SEGMENT.test(raw)) return { ok: true, path: raw };
  if (ENCODED_SEPARATOR.test(raw)) return { ok: false, status: 400, reason: 'encoded slash in path' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding in path' };
  }
  if (CONTROL.test(decoded) || decoded.includes('\\')) return { ok: false, status: 400, reason: 'control character or backslash in path' };
  // URL parsing already resolved literal dot segments; one left here was encoded (%2e%2e) on purpose.
  if (DOT_SEGMENT.test(decoded)) return { ok: false, status: 400, reason: 'dot segment in path' };
  if (decoded.includes('//')) {
    // Collapse repeated slashes; the target starts with exactly one '/', so it can never be
    // read as a protocol-relative URL (//evil.example) by the browser following the redirect.
    const location = raw.replace(/\/{2,}/g, '/') + search;
    return { ok: false, status: 308, location };
  }
  return { ok: true, path: decoded };
}

/** Middleware: rejects or redirects unsafe paths and leaves the checked path in `c.var.path`. */
export function pathGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const raw = rawPath(url);
    const q = url.indexOf('?');
    const verdict = checkPath(raw, q === -1 ? '' : url.slice(q).split('#')[0]);
    if (verdict.ok) {
      c.set('path', verdict.path);
      return next();
    }
    if (verdict.status === 308 && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      return c.redirect(verdict.location, 308);
    }
    return c.text(textOf(pathRejected), 400);
  };
}
