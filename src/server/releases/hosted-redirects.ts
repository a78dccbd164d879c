import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';

/**
 * Deployed sites and previews moved to the sites listener (docs/decisions/009-hosted-sites-origin.md).
 * The admin's origin keeps answering their old addresses, for links and bookmarks made before,
 * with a permanent redirect there: it never serves hosted content itself. `sitesUrl` turns a path
 * on the sites listener into its absolute URL for this request.
 */
export function hostedRedirects(sitesUrl: (requestUrl: string, path: string) => string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], ['/sites', '/sites/*', '/admin/preview/*'], (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.startsWith('/admin/preview/') ? url.pathname.slice('/admin'.length) : url.pathname;
    return c.redirect(sitesUrl(c.req.url, path + url.search), 308);
  });
  return app;
}
