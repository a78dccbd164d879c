import { LANGS, LANGUAGE_INFO } from '../../config/languages.js';
import { alternatePaths, canonicalRoot } from '../../pages/seo.js';
import { brandPaths, locationPages, type BrandModel } from './model.js';
import { statesOf } from './states.js';

/** The sitemaps protocol's limit of URLs in one file; past it, sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A URL of the sitemap and its hreflang alternates (none on a brand in one language). */
interface SitemapEntry {
  loc: string;
  alternates: { hreflang: string; href: string }[];
}

/**
 * Every indexable page of the brand site once, absolute on the brand domain, in each language it
 * has (`models`, English first): the home, each treatment, the directory, each state with
 * locations, the policies, and each location's pages (not the redirect pages left at the old
 * addresses of its treatments and policies). A location canonical on its own domain is left out:
 * a sitemap lists canonical URLs, and its own domain's sitemap lists them. A page with a
 * counterpart names it and itself, and `x-default` the English one (issue 40 item 4): the same set
 * its page's `<link rel="alternate">` names.
 */
export function brandUrls(models: readonly BrandModel[]): SitemapEntry[] {
  const seen = new Set<string>();
  const out: SitemapEntry[] = [];
  const add = (e: SitemapEntry) => {
    if (seen.has(e.loc)) return;
    seen.add(e.loc);
    out.push(e);
  };
  for (const model of models) {
    const paths = brandPaths(model.lang);
    const own = (path: string) => add({ loc: `${model.origin}${path}`, alternates: brandAlternates(model, path) });
    own(paths.home);
    for (const s of model.services) own(paths.treatment(s));
    own(paths.locations);
    for (const s of statesOf(model.locations)) own(paths.state(s.code));
    own(paths.privacy);
    own(paths.terms);
  }
  for (const model of models) {
    for (const l of model.locations) {
      if (canonicalRoot(l.site) !== l.site.siteUrl) continue;
      const base = `${model.origin}${l.path}`;
      if (l.pagePaths) {
        for (const p of l.pagePaths) add({ loc: `${base}${p.replace(/^\//, '')}`, alternates: [] });
        continue;
      }
      for (const r of locationPages(l.site)) add({ loc: `${base}${r.path.replace(/^\//, '')}`, alternates: alternatePaths(l.site, r) });
    }
  }
  return out;
}

/** The brand page at `path` and its counterparts (BrandModel.counterparts) as hreflang names them, absolute; none without a counterpart. */
export function brandAlternates(model: BrandModel, path: string): { hreflang: string; href: string }[] {
  const others = model.counterparts?.[path] ?? [];
  if (others.length === 0) return [];
  const all = [{ lang: model.lang, path }, ...others].sort((a, b) => LANGS.indexOf(a.lang) - LANGS.indexOf(b.lang));
  const english = all.find((p) => p.lang === 'en');
  return [
    ...all.map((p) => ({ hreflang: LANGUAGE_INFO[p.lang].hreflang, href: `${model.origin}${p.path}` })),
    ...(english ? [{ hreflang: 'x-default', href: `${model.origin}${english.path}` }] : []),
  ];
}

/**
 * `sitemap.xml`, or past `max` URLs, `sitemap.xml` as an index of `sitemap-1.xml`, `sitemap-2.xml`...
 * each of at most `max` URLs (sitemaps.org: 50,000 URLs a file).
 */
export function brandSitemaps(models: readonly BrandModel[], max = SITEMAP_MAX_URLS): Record<string, string> {
  const urls = brandUrls(models);
  const origin = models[0]!.origin;
  if (urls.length <= max) return { 'sitemap.xml': urlset(urls) };
  const files: Record<string, string> = {};
  const names: string[] = [];
  for (let i = 0; i * max < urls.length; i++) {
    const name = `sitemap-${i + 1}.xml`;
    files[name] = urlset(urls.slice(i * max, (i + 1) * max));
    names.push(name);
  }
  const entries = names.map((n) => `  <sitemap><loc>${xml(`${origin}/${n}`)}</loc></sitemap>`).join('\n');
  files['sitemap.xml'] = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
  return files;
}

function urlset(urls: readonly SitemapEntry[]): string {
  const many = urls.some((u) => u.alternates.length > 0);
  const body = urls
    .map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`).join('')}</url>`)
    .join('\n');
  const ns = many ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${body}\n</urlset>\n`;
}

/** robots.txt of the brand domain: everything allowed, and where the sitemap is. */
export function brandRobotsTxt(model: BrandModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${model.origin}/sitemap.xml\n`;
}
