import type { ClinicConfig } from '../config/schema.js';
import { renderSite, type SiteFiles } from '../pages/render-site.js';
import { configValues, normaliser, pageText } from './page-text.js';
import { shingles } from './shingles.js';

/** One city's site as the check compares it: the shingles of each indexable page. */
export interface SiteFingerprint {
  /** The config file, as the user named it. */
  source: string;
  config: ClinicConfig;
  values: Record<string, string[]>;
  /** Page route (`/`, `/about/`) -> shingle hashes of its normalised text. */
  pages: Map<string, Uint32Array>;
  /** Routes that present the location: the home page and every page local content appears on. */
  locationRoutes: Set<string>;
  /** The shingles of all location pages in one sorted set, each tagged with its route. */
  location: Uint32Array;
}

/** Renders a config's site in memory and fingerprints its pages. Pure apart from a small cache. */
export function fingerprintSite(source: string, config: ClinicConfig): SiteFingerprint {
  const values = configValues(config);
  const words = normaliser([values]);
  const pages = new Map<string, Uint32Array>();
  for (const [route, html] of indexablePages(renderSite(config))) pages.set(route, shingles(words(pageText(html))));
  const routes = locationRoutes(config);
  const location = tagged([...routes].flatMap((r) => (pages.has(r) ? [[r, pages.get(r)!] as const] : [])));
  return { source, config, values, pages, locationRoutes: routes, location };
}

/**
 * Pages' shingles pooled into one sorted set, each hash mixed with its route's so that the same
 * sentence on two different pages stays two shingles: one merge then compares a pair of cities.
 */
function tagged(pages: (readonly [string, Uint32Array])[]): Uint32Array {
  const out = new Uint32Array(pages.reduce((n, [, s]) => n + s.length, 0));
  let w = 0;
  for (const [route, s] of pages) {
    const tag = shingles([route], 1)[0]!;
    for (const h of s) out[w++] = (Math.imul(h ^ tag, 0x27d4eb2d) ^ (h >>> 15)) >>> 0;
  }
  return out.sort();
}

/** `about/index.html` -> `/about/`; pages a search engine is told not to index are left out. */
export function indexablePages(files: SiteFiles<string>): [string, string][] {
  const out: [string, string][] = [];
  for (const [file, html] of Object.entries(files)) {
    if (!file.endsWith('.html') || /<meta name="robots" content="[^"]*noindex/.test(html)) continue;
    out.push([`/${file.replace(/index\.html$/, '')}`, html]);
  }
  return out;
}

const PROBE = 'zqxlocalcontentprobe';
const locationCache = new Map<string, Set<string>>();

/**
 * Which pages local content reaches, found by rendering the config with a marker in every local
 * field rather than by a list kept here: when a page starts showing local content, the check
 * follows. The answer depends only on which services are on, so it is cached per set of services.
 */
function locationRoutes(config: ClinicConfig): Set<string> {
  const key = JSON.stringify(config.services);
  let routes = locationCache.get(key);
  if (!routes) {
    const probe: ClinicConfig = {
      ...config,
      localContent: {
        team: [{ name: PROBE, credentials: PROBE, role: PROBE, bio: PROBE }],
        areasServed: [PROBE],
        faq: [{ question: PROBE, answer: PROBE }],
        whyCity: PROBE,
      },
    };
    routes = new Set(['/']);
    for (const [route, html] of indexablePages(renderSite(probe))) if (pageText(html).includes(PROBE)) routes.add(route);
    locationCache.set(key, routes);
  }
  return routes;
}
