import { movedOnBrandSite, type PlacedPagesConfig } from '../pages/brand-shared.js';
import { LANGUAGE_INFO, type Lang } from '../config/languages.js';
import { siteRoutes, type RouteConfig } from '../pages/routes.js';

/**
 * The addresses the brand site of issue 24 published that this one no longer builds (issue 36
 * item 3): each location's copies of the treatment pages, its privacy policy and terms, now the
 * brand's, once, at its root; its about page, now its page; and the copies of its contact page per
 * treatment, now its contact page. Each answers with a permanent redirect to its new page: the clinic server with a 301
 * (src/server/brand-site/redirects.ts, from `redirects.txt`), a static host with the redirect page the
 * location's placed site leaves at the old address (src/pages/render-site.tsx redirectPage) or,
 * where the host reads it (Netlify, Cloudflare Pages), `redirects.txt` copied to `_redirects`.
 */

/** The file of the brand site that lists its moved addresses, one `from to 301` a line (the format of Netlify's `_redirects`; a name with a type the clinic server deploys). */
export const REDIRECTS_FILE = 'redirects.txt';

/** What the redirects of a location are made from: its folder (`/locations/fl/tampa/`) and what of its config decides its pages. */
export interface RedirectedLocation {
  path: string;
  config: RouteConfig & PlacedPagesConfig;
  /** The language of the folder (`/es/ubicaciones/fl/tampa/`, its pages at its root: RouteConfig.spanishRoot `/`); absent, English. */
  lang?: Lang;
}

/** Each moved address of the listed locations and its new page, both paths from the brand's root (movedOnBrandSite). */
export function brandRedirects(locations: readonly RedirectedLocation[]): [from: string, to: string][] {
  const out: [string, string][] = [];
  for (const l of locations) {
    // A Spanish page moves to the brand's Spanish page (`/es/terapia-de-testosterona/`).
    const brandRoot = LANGUAGE_INFO[l.lang ?? 'en'].root;
    for (const route of siteRoutes(l.config, l.lang ?? 'en')) {
      const moved = movedOnBrandSite(route, l.config);
      if (moved) out.push([`${l.path}${route.path.slice(1)}`, moved.shared ? `${brandRoot}${moved.to.slice(1)}` : `${l.path}${moved.to.slice(1)}`]);
    }
  }
  return out;
}

/** `redirects.txt` (Netlify's `_redirects` format, which the clinic server reads): `/locations/fl/tampa/trt-therapy/ /trt-therapy/ 301`. */
export function redirectsFile(redirects: readonly [string, string][]): string {
  return redirects.map(([from, to]) => `${from} ${to} 301\n`).join('');
}

/** The moved addresses of a `redirects.txt` file, by path (each with and without its trailing slash). */
export function parseRedirects(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    // Paths of this site only: `//host/...` or a backslash would send a patient to another site.
    const local = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\');
    if (!from || !to || status !== '301' || !local(from) || !local(to)) continue;
    map.set(from, to);
    if (from.endsWith('/')) map.set(from.slice(0, -1), to);
  }
  return map;
}
