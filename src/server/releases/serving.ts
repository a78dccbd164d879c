import type { Context } from 'hono';
import { Hono } from 'hono';
import { checkFileName, isSiteName } from '../bundle/names.js';
import type { ReleaseStore } from './store.js';
import { contentType, fileForPath, folderIndexFor } from '../../site/site-paths.js';
import { pathNotFound } from '../../texts/server.js';
import { textOf } from '../http/api-error.js';
import { IMMUTABLE } from '../http/cache-control.js';
import type { AppEnv } from '../http/app-env.js';

/** A file found in a site: its bytes and content type. */
export interface Found {
  body: Uint8Array;
  type: string;
}
type Lookup = (name: string) => Found | undefined | Promise<Found | undefined>;

/**
 * Serves one file of a site folder mounted at `base` (`/sites/tampa/`): `rel` '' or 'x/' is the
 * folder's index.html, 'about' redirects to 'about/' (pages link relatively, which only resolves
 * from the folder URL), and anything else missing gets the site's own 404.html with status 404.
 * Only the sites listener calls this: its Content-Security-Policy is the hosted one (sites-app.ts).
 */
export async function serveFromMap(c: Context<AppEnv>, base: string, rel: string, lookup: Lookup): Promise<Response> {
  const name = fileForPath(rel);
  const found = checkFileName(name).ok ? await lookup(name) : undefined;
  const cache = (file: string) => (file.startsWith('assets/') ? IMMUTABLE : 'no-cache');
  if (found) return c.body(found.body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': found.type, 'Cache-Control': cache(name) });
  const index = folderIndexFor(rel);
  if (index && checkFileName(index).ok && (await lookup(index))) {
    const q = c.req.url.indexOf('?');
    return c.redirect(`${base}${rel}/${q === -1 ? '' : c.req.url.slice(q)}`, 308);
  }
  const page = await lookup('404.html');
  if (!page) return c.text(textOf(pathNotFound), 404);
  // The not-found page links from its site's root ("/about/"), which under /sites/<name>/ is base.
  const body = base === '/' ? page.body : rebase(page.body, base);
  return c.body(body as Uint8Array<ArrayBuffer>, 404, { 'Content-Type': page.type, 'Cache-Control': 'no-cache' });
}

/** Points the root-relative links of a generated not-found page (href="/x", src="/x") at `base`. */
function rebase(html: Uint8Array, base: string): Uint8Array {
  const text = new TextDecoder().decode(html).replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${base}`);
  return new TextEncoder().encode(text);
}

/** A file of a site's live release with its content type (ReleaseStore.readLive). */
export async function readLive(store: ReleaseStore, site: string, name: string): Promise<Found | undefined> {
  const body = await store.readLive(site, name);
  return body ? { body, type: contentType(name) } : undefined;
}

/**
 * Live sites on the sites listener: /sites/<siteName>/... for everyone, and the whole site at /
 * when the request's Host is a deployment's domainName (its /api/ stays the server's: the contact
 * API is mounted before these routes). `domains` maps host name -> site name.
 */
export function liveSiteRoutes(store: ReleaseStore, domains: () => Promise<ReadonlyMap<string, string>>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const lookup = (site: string) => (name: string) => readLive(store, site, name);

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.get('path');
    // The URL's host is the Host header's (@hono/node-server builds the URL from it), port removed.
    const host = new URL(c.req.url).hostname.toLowerCase();
    const onDomain = host ? (await domains()).get(host) : undefined;
    if (onDomain) return /^\/api(\/|$)/.test(path) ? next() : serveFromMap(c, '/', path.slice(1), lookup(onDomain));
    if (!path.startsWith('/sites/') && path !== '/sites') return next();
    const rest = path.slice('/sites/'.length);
    const slash = rest.indexOf('/');
    const site = slash === -1 ? rest : rest.slice(0, slash);
    if (!isSiteName(site) || !(await store.currentId(site))) return next();
    if (slash === -1) return c.redirect(`/sites/${site}/`, 308);
    return serveFromMap(c, `/sites/${site}/`, rest.slice(slash + 1), lookup(site));
  });

  return app;
}
