import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ASSETS } from '../../pages/assets.js';
import { relativeFromFolder } from '../../pages/placement.js';
import { faviconSvg } from '../../pages/seo.js';
import { BrandCtx, type BrandPageContext } from './context.js';
import { LocationCard, LocationsPage, ROOT_TOKEN, StatePage } from './directory.js';
import { BrandHomePage } from './home.js';
import { brandPaths, type BrandLocation, type BrandModel } from './model.js';
import { BrandLegalPage } from './legal.js';
import { BrandNotFoundPage } from './not-found.js';
import { BrandTreatmentPage } from './treatment.js';
import { brandRobotsTxt, brandSitemaps, SITEMAP_MAX_URLS } from './seo.js';
import { statesOf } from './states.js';

/**
 * The brand site's own files, by path from its root: `index.html` (the brand's home),
 * `locations/index.html` (the directory), `locations/<st>/index.html` for each state with
 * locations, a page for each treatment any location offers (`trt-therapy/index.html`),
 * `privacy/index.html` and `terms/index.html`, `404.html`, `sitemap.xml` (with `sitemap-<n>.xml` past 50,000 URLs), `robots.txt`,
 * `favicon.svg`, the shared stylesheet and the menu's script. Pure: the caller adds the locations'
 * files under their folders, the brand's font and logo files and the locator's files, and writes
 * them all.
 */
export function renderBrandPages(
  model: BrandModel,
  options: {
    sitemapMaxUrls?: number;
    /** Leave out the files of the whole domain (sitemap, robots, icon, stylesheet): a second language's pages. */
    pagesOnly?: boolean;
    /** The brand's pages in its other languages, which the sitemap lists too. */
    alsoIn?: readonly BrandModel[];
  } = {},
): Record<string, string> {
  const files: Record<string, string> = {};
  const cards = new Map<BrandLocation, string>();
  const lang = model.lang;
  const paths = brandPaths(lang);
  const cardHtml = (l: BrandLocation) => {
    let html = cards.get(l);
    if (html === undefined) {
      const ctx: BrandPageContext = { model, lang, paths, path: '/', url: (t) => ROOT_TOKEN + t.replace(/^\//, ''), css: ASSETS.css.file, root: ROOT_TOKEN, cardHtml };
      html = renderToStaticMarkup(<BrandCtx.Provider value={ctx}><LocationCard location={l} /></BrandCtx.Provider>);
      cards.set(l, html);
    }
    return html;
  };
  const page = (path: string, element: ReactElement, root?: string) => {
    const url = root === '/' ? (t: string) => (t.startsWith('/') ? t : `/${t}`) : (t: string) => brandLink(path, t);
    const ctx: BrandPageContext = { model, lang, paths, path, url, css: ASSETS.css.file, root: root ?? '../'.repeat(path.split('/').filter(Boolean).length), cardHtml };
    return `<!DOCTYPE html>${renderToStaticMarkup(<BrandCtx.Provider value={ctx}>{element}</BrandCtx.Provider>)}`;
  };
  const file = (path: string) => `${path.slice(1)}index.html`;
  files[file(paths.home)] = page(paths.home, <BrandHomePage />);
  files[file(paths.locations)] = page(paths.locations, <LocationsPage />);
  for (const state of statesOf(model.locations)) {
    const path = paths.state(state.code);
    files[file(path)] = page(path, <StatePage state={state} />);
  }
  // One page a treatment any location offers, and the brand's policies, once (NOTES.md decision 16).
  for (const service of model.services) files[file(paths.treatment(service))] = page(paths.treatment(service), <BrandTreatmentPage service={service} />);
  files[file(paths.privacy)] = page(paths.privacy, <BrandLegalPage kind="privacy" />);
  files[file(paths.terms)] = page(paths.terms, <BrandLegalPage kind="terms" />);
  // Served for any missing path at any depth: its links start at the root.
  files[paths.notFound.slice(1)] = page(paths.notFound, <BrandNotFoundPage />, '/');
  if (options.pagesOnly) return files;
  Object.assign(files, brandSitemaps([model, ...(options.alsoIn ?? [])], options.sitemapMaxUrls ?? SITEMAP_MAX_URLS));
  files['robots.txt'] = brandRobotsTxt(model);
  files['favicon.svg'] = faviconSvg({ brandColor: model.primaryColor });
  files[ASSETS.css.file] = ASSETS.css.content;
  files[ASSETS.menuJs.file] = ASSETS.menuJs.content;
  return files;
}

/** A link from the page at `from` to a brand path or site file, the shortest relative one: `fl/tampa/` from `/locations/`. */
export function brandLink(from: string, to: string): string {
  const base = 'https://brand.invalid';
  return relativeFromFolder(new URL(from, base), new URL(to.startsWith('/') ? to : `/${to}`, base));
}
