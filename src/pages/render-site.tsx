import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ClinicConfig } from '../config/schema.js';
import { ASSETS } from './assets.js';
import { AboutPage } from './about/about-page.js';
import { ContactPage } from './contact/contact-page.js';
import { ContactSentPage } from './contact/contact-sent-page.js';
import { HORMONE_PAGE } from './content/hormone.js';
import { PEPTIDE_PAGE } from './content/peptide.js';
import { privacyMeta, privacySections } from './content/privacy.js';
import { termsMeta, termsSections } from './content/terms.js';
import { VITAMIN_PAGE } from './content/vitamins.js';
import { PageCtx, type PageContext } from './context.js';
import { HomePage } from './home/home-page.js';
import { LegalPage } from './legal/legal-page.js';
import { NadPage } from './nad/nad-page.js';
import { NotFoundPage } from './not-found/not-found-page.js';
import { relativeUrl, siteRoutes, type PageId } from './routes.js';
import { SemaglutidePage } from './semaglutide/semaglutide-page.js';
import { faviconSvg, robotsTxt, sitemapXml } from './seo.js';
import { ServicePage } from './service/service-page.js';
import { resolveSite, type Site, type SiteExtras } from './page-model.js';
import { Lru, compile, encodeValues, fill, fillBytes, tokenize, type Template } from './template.js';
import { TrtPage } from './trt/trt-page.js';
import type { SiteFiles } from '../model/files.js';

// A generated site: relative file path -> contents (spec: "files, a map of file name to file
// content"). The one type is in src/model/files.ts; what the renderer makes is all text.
export type { SiteFiles };

const PAGES: Record<PageId, (site: Site) => ReactElement> = {
  home: () => <HomePage />,
  trt: () => <TrtPage />,
  semaglutide: () => <SemaglutidePage />,
  nadTherapy: () => <NadPage />,
  hormone_optimization: () => <ServicePage copy={HORMONE_PAGE} />,
  peptideTherapy: () => <ServicePage copy={PEPTIDE_PAGE} />,
  vitaminInjections: () => <ServicePage copy={VITAMIN_PAGE} />,
  about: () => <AboutPage />,
  contact: () => <ContactPage />,
  contactSent: () => <ContactSentPage />,
  privacy: (site) => <LegalPage meta={privacyMeta(site)} title="Privacy Policy" sections={privacySections(site)} />,
  terms: (site) => <LegalPage meta={termsMeta(site)} title="Terms & Conditions" sections={termsSections(site)} />,
};

const assetPaths = { css: ASSETS.css.file, contactJs: ASSETS.contactJs.file };

/**
 * Renders every file of a clinic's site from a validated config, and from what the site pipeline
 * made for it (`extras`: the encoded photos). Pure: no file system, clock or network, and the
 * same input always gives the same bytes. Callers write the files.
 * Pages come from templates rendered once per shape of site (see template.ts).
 */
export function renderSite(config: ClinicConfig, extras?: SiteExtras): SiteFiles<string>;
/**
 * `{ html: 'bytes' }`: the pages as UTF-8 bytes, the same bytes as the text encoded, for callers
 * that only write them: the markup a shape of site shares is encoded once, not once a city.
 */
export function renderSite(config: ClinicConfig, extras: SiteExtras, opts: { html: 'bytes' }): SiteFiles;
export function renderSite(config: ClinicConfig, extras: SiteExtras = {}, opts: { html?: 'bytes' } = {}): SiteFiles {
  return opts.html === 'bytes' ? renderResolvedSite(resolveSite(config, extras), { html: 'bytes' }) : renderResolvedSite(resolveSite(config, extras));
}

/** A shape's compiled pages: each file and its template. */
export type ShapePages = (readonly [string, Template])[];

/**
 * Where the compiled pages of a shape are kept between processes (src/build/template-cache.ts: a
 * folder beside the photo cache): a rebuild of one city in a new process fills its pages from them
 * instead of rendering the shape through React again. The renderer only asks and tells; `key` is
 * the shape as JSON, and the store makes it part of its own key with the code's identity.
 */
export interface TemplateStore {
  get(key: string): ShapePages | undefined;
  set(key: string, pages: ShapePages): void;
}

/** renderSite for a Site already resolved (the site pipeline resolves it once for the cards and the pages). */
export function renderResolvedSite(site: Site, opts?: { templates?: TemplateStore }): SiteFiles<string>;
export function renderResolvedSite(site: Site, opts: { html: 'bytes'; templates?: TemplateStore }): SiteFiles;
export function renderResolvedSite(site: Site, opts: { html?: 'bytes'; templates?: TemplateStore } = {}): SiteFiles {
  const { shape, values } = tokenize(site);
  const key = JSON.stringify(shape);
  let pages = templates.get(key);
  if (!pages) {
    pages = opts.templates?.get(key);
    if (!pages) {
      pages = Object.entries(renderPages(shape)).map(([file, html]) => [file, compile(html)] as const);
      opts.templates?.set(key, pages);
    }
    templates.set(key, pages);
  }
  const files: SiteFiles = {};
  if (opts.html === 'bytes') {
    const encoded = encodeValues(values);
    for (const [file, template] of pages) files[file] = fillBytes(template, encoded);
  } else {
    for (const [file, template] of pages) files[file] = fill(template, values);
  }
  addSiteFiles(site, files);
  return files;
}

const templates = new Lru<ShapePages>(64);

/** The reference renderer: every page through React, no templates. Same bytes as renderSite. */
export function renderSiteDirect(config: ClinicConfig, extras: SiteExtras = {}): SiteFiles<string> {
  const site = resolveSite(config, extras);
  const files = renderPages(site);
  addSiteFiles(site, files);
  return files;
}

/** The HTML pages of a site, the not-found page last. */
function renderPages(site: Site): SiteFiles<string> {
  const files: SiteFiles<string> = {};
  for (const route of siteRoutes(site.config.services)) files[route.file] = renderPage(site, route.path, PAGES[route.id](site));
  // The not-found page may be served at any depth, so it links from the site root. A site placed
  // in a brand site has no root of its own: the brand site's not-found page serves the domain.
  if (!site.placement) files['404.html'] = renderPage(site, '/404.html', <NotFoundPage />, rootUrl);
  return files;
}

/**
 * Adds the files beside the pages: sitemap, robots, favicon, stylesheet and island. A placed site
 * has neither sitemap nor robots.txt: a domain has one of each, the brand site's, which lists the
 * location's pages (src/brand-site/pages/).
 */
function addSiteFiles(site: Site, files: SiteFiles): void {
  if (!site.placement) {
    if (!site.canonicalUrl) files['sitemap.xml'] = sitemapXml(site, siteRoutes(site.config.services));
    files['robots.txt'] = robotsTxt(site);
  }
  files['favicon.svg'] = faviconSvg(site);
  files[ASSETS.css.file] = ASSETS.css.content;
  files[ASSETS.contactJs.file] = ASSETS.contactJs.content;
}

/** Renders one page of `site` at route `path` to a complete HTML document. */
export function renderPage(site: Site, path: string, page: ReactElement, url: (target: string) => string = (t) => relativeUrl(path, t)): string {
  const ctx: PageContext = { site, path, url, assets: assetPaths };
  return `<!DOCTYPE html>${renderToStaticMarkup(<PageCtx.Provider value={ctx}>{page}</PageCtx.Provider>)}`;
}

function rootUrl(target: string): string {
  return target.startsWith('/') ? target : `/${target}`;
}
