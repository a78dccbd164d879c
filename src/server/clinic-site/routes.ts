import type { Context } from 'hono';
import { Hono } from 'hono';
import { pageNotFound, pathNotFound } from '../../texts/server.js';
import { apiError, isApiPath, textOf } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { pickEncoding, resolveSitePath, type SiteEntry } from './site-files.js';

/** Serves the rendered site from memory: pages, hashed assets, sitemap, robots.txt. */
export function siteRoutes(site: ReadonlyMap<string, SiteEntry>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '*', (c) => {
    const found = resolveSitePath(site, c.get('path'));
    if (!found) return notFound(c, site);
    if ('redirect' in found) {
      const q = c.req.url.indexOf('?');
      return c.redirect(encodeURI(found.redirect) + (q === -1 ? '' : c.req.url.slice(q)), 308);
    }
    const { entry } = found;
    const { body, encoding } = pickEncoding(entry, c.req.header('accept-encoding'));
    // Each encoding is its own representation, with its own strong ETag.
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
    c.header('Cache-Control', entry.cacheControl);
    c.header('ETag', etag);
    if (entry.br) c.header('Vary', 'Accept-Encoding');
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', entry.type);
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(body as Uint8Array<ArrayBuffer>, 200);
  });
  return app;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/** The site's 404 page (or a JSON error under /api), always with status 404. */
export function notFound(c: Context<AppEnv>, site: ReadonlyMap<string, SiteEntry>): Response {
  if (isApiPath(c.get('path') ?? '')) return apiError(c, 404, { error: pathNotFound }, { 'Cache-Control': 'no-store' });
  const page = site.get('404.html');
  c.header('Cache-Control', 'no-cache');
  if (!page) return c.text(textOf(pageNotFound), 404);
  c.header('Content-Type', page.type);
  return c.body(page.body as Uint8Array<ArrayBuffer>, 404);
}
