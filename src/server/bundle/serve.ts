import type { Context } from 'hono';
import { fileForPath, folderIndexFor } from '../../site/site-paths.js';
import { pageNotFound } from '../../texts/server.js';
import { textOf } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { IMMUTABLE } from '../http/cache-control.js';
import { checkFileName } from './names.js';

/** A file found in a site: its bytes and content type. */
export interface Found {
  body: Uint8Array;
  type: string;
}
export type Lookup = (name: string) => Found | undefined | Promise<Found | undefined>;

/**
 * Serves one file of a site folder mounted at `base` (`/sites/tampa/`): `rel` '' or 'x/' is the
 * folder's index.html, 'about' redirects to 'about/' (pages link relatively, which only resolves
 * from the folder URL), and anything else missing gets the site's own 404.html with status 404
 * (under `es/`, its Spanish es/404.html when it has one).
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
  // A missing address under /es/ gets the Spanish not-found page where the site has one (issue 40).
  const page = (rel.startsWith('es/') ? await lookup('es/404.html') : undefined) ?? (await lookup('404.html'));
  if (!page) return c.text(textOf(pageNotFound), 404);
  // The not-found page links from its site's root ("/about/"), which under /sites/<name>/ is base.
  const body = base === '/' ? page.body : rebase(page.body, base);
  return c.body(body as Uint8Array<ArrayBuffer>, 404, { 'Content-Type': page.type, 'Cache-Control': 'no-cache' });
}

/** Points the root-relative links of a generated not-found page (href="/x", src="/x") at `base`. */
function rebase(html: Uint8Array, base: string): Uint8Array {
  const text = new TextDecoder().decode(html).replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${base}`);
  return new TextEncoder().encode(text);
}
