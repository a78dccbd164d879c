import type { Context } from 'hono';
import { Hono } from 'hono';
import { isSiteName } from '../bundle/names.js';
import { serveFromMap, type Found } from '../bundle/serve.js';
import type { ReleaseStore } from './store.js';
import { contentType } from '../../site/site-paths.js';
import type { AppEnv } from '../http/app-env.js';

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
