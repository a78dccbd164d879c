import { canonicalRoot } from '../../pages/seo.js';
import { LOCATIONS_PATH, locationPagePaths, statePath, type BrandModel } from './model.js';
import { statesOf } from './states.js';

/** The sitemaps protocol's limit of URLs in one file; past it, sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every indexable page of the brand site once, absolute on the brand domain: the home, each
 * treatment, the directory, each state with locations, the policies, and each location's pages
 * (not the redirect pages left at the old addresses of its treatments and policies). A location canonical on its
 * own domain is left out: a sitemap lists canonical URLs, and its own domain's sitemap lists them.
 */
export function brandUrls(model: BrandModel): string[] {
  const urls = [
    `${model.origin}/`,
    ...model.services.map((s) => `${model.origin}${s.path}`),
    `${model.origin}${LOCATIONS_PATH}`,
    ...statesOf(model.locations).map((s) => `${model.origin}${statePath(s.code)}`),
    `${model.origin}/privacy/`,
    `${model.origin}/terms/`,
  ];
  for (const l of model.locations) {
    if (canonicalRoot(l.site) !== l.site.siteUrl) continue;
    const base = `${model.origin}${l.path}`;
    for (const p of l.pagePaths ?? locationPagePaths(l.site)) urls.push(`${base}${p.replace(/^\//, '')}`);
  }
  return [...new Set(urls)];
}

/**
 * `sitemap.xml`, or past `max` URLs, `sitemap.xml` as an index of `sitemap-1.xml`, `sitemap-2.xml`...
 * each of at most `max` URLs (sitemaps.org: 50,000 URLs a file).
 */
export function brandSitemaps(model: BrandModel, max = SITEMAP_MAX_URLS): Record<string, string> {
  const urls = brandUrls(model);
  if (urls.length <= max) return { 'sitemap.xml': urlset(urls) };
  const files: Record<string, string> = {};
  const names: string[] = [];
  for (let i = 0; i * max < urls.length; i++) {
    const name = `sitemap-${i + 1}.xml`;
    files[name] = urlset(urls.slice(i * max, (i + 1) * max));
    names.push(name);
  }
  const entries = names.map((n) => `  <sitemap><loc>${xml(`${model.origin}/${n}`)}</loc></sitemap>`).join('\n');
  files['sitemap.xml'] = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
  return files;
}

function urlset(urls: string[]): string {
  const body = urls.map((u) => `  <url><loc>${xml(u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** robots.txt of the brand domain: everything allowed, and where the sitemap is. */
export function brandRobotsTxt(model: BrandModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${model.origin}/sitemap.xml\n`;
}
