import { Hono } from 'hono';
import { parseRedirects, REDIRECTS_FILE } from '../../brand-site/redirects.js';
import { BRAND_SITE_NAME } from '../../config/brand.js';
import type { AppEnv } from '../http/app-env.js';
import type { ReleaseStore } from '../releases/index.js';

/**
 * The moved addresses of the live brand site answer with a permanent redirect (issue 36 item 3):
 * each address the brand site of issue 24 published that this one no longer builds (a location's
 * copy of a treatment page, its privacy policy and terms, its contact page per treatment) is a 301
 * to its new page, on the brand's domain and under /sites/brand-site-0/. The list is the release's
 * own `redirects.txt` (src/brand-site/redirects.ts), read once a release; every other request goes on
 * to the live sites' routes (releases/serving.ts), which serve the release's files.
 */
export function brandRedirectRoutes(store: ReleaseStore, domains: () => Promise<ReadonlyMap<string, string>>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let cached: { release: string; moved: Map<string, string> } | undefined;
  const movedOf = async (): Promise<Map<string, string> | undefined> => {
    const release = await store.currentId(BRAND_SITE_NAME);
    if (!release) return undefined;
    if (cached?.release !== release) {
      const text = await store.readLive(BRAND_SITE_NAME, REDIRECTS_FILE);
      cached = { release, moved: parseRedirects(text ? new TextDecoder().decode(text) : '') };
    }
    return cached.moved;
  };
  const prefix = `/sites/${BRAND_SITE_NAME}`;

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.get('path') ?? new URL(c.req.url).pathname;
    if (!path.startsWith('/locations/') && !path.startsWith(`${prefix}/locations/`)) return next();
    const host = new URL(c.req.url).hostname.toLowerCase();
    const onDomain = host ? (await domains()).get(host) : undefined;
    let base: string;
    let rel: string;
    if (onDomain) {
      if (onDomain !== BRAND_SITE_NAME) return next();
      [base, rel] = ['', path];
    } else if (path.startsWith(`${prefix}/`)) {
      [base, rel] = [prefix, path.slice(prefix.length)];
    } else return next();
    const to = (await movedOf())?.get(rel.replace(/\/index\.html$/, '/'));
    if (!to) return next();
    const q = c.req.url.indexOf('?');
    return c.redirect(`${base}${to}${q === -1 ? '' : c.req.url.slice(q)}`, 301);
  });

  return app;
}
