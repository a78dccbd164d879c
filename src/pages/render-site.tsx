import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ClinicConfig } from '../config/schema.js';
import { SERVICES } from '../config/services.js';
import { ASSETS } from './assets.js';
import { AboutPage } from './about/about-page.js';
import { ContactPage } from './contact/contact-page.js';
import { ContactSentPage } from './contact/contact-sent-page.js';
import { copyOf } from './content/copy.js';
import { LANGUAGE_INFO } from '../config/languages.js';
import { PageCtx, type PageContext } from './context.js';
import { HomePage } from './home/home-page.js';
import { LocationPage } from './location/location-page.js';
import { LocationTreatmentPage } from './location/location-treatment-page.js';
import { LegalPage } from './legal/legal-page.js';
import { NadPage } from './nad/nad-page.js';
import { NotFoundPage } from './not-found/not-found-page.js';
import { relativeUrl, siteRoutes, type PageId, type RouteDef } from './routes.js';
import { movedOnBrandSite, sharedOnBrandSite } from './brand-shared.js';
import { SemaglutidePage } from './semaglutide/semaglutide-page.js';
import { ServicePage } from './service/service-page.js';
import { publishedLanguages, resolveSite, type Site, type SiteExtras } from './page-model.js';
import { compile, escapeHtml, tokenize } from './template.js';
import { addSiteFiles, fillSite, keepTemplates, knownTemplates, type TemplateStore } from './site-files.js';
import { TrtPage } from './trt/trt-page.js';
import type { SiteFiles } from '../model/files.js';

// A generated site: relative file path -> contents (spec: "files, a map of file name to file
// content"). The one type is in src/model/files.ts; what the renderer makes is all text.
export type { SiteFiles };

const PAGES: Record<PageId, (site: Site, route: RouteDef) => ReactElement> = {
  home: () => <HomePage />,
  trt: () => <TrtPage />,
  semaglutide: () => <SemaglutidePage />,
  nadTherapy: () => <NadPage />,
  hormone_optimization: (site) => <ServicePage copy={copyOf(site.lang).hormone.HORMONE_PAGE} service="hormone_optimization" />,
  peptideTherapy: (site) => <ServicePage copy={copyOf(site.lang).peptide.PEPTIDE_PAGE} service="peptideTherapy" />,
  vitaminInjections: (site) => <ServicePage copy={copyOf(site.lang).vitamins.VITAMIN_PAGE} service="vitaminInjections" />,
  about: () => <AboutPage />,
  contact: () => <ContactPage />,
  contactSent: () => <ContactSentPage />,
  serviceContact: (_, route) => <ContactPage service={route.service} />,
  privacy: (site) => {
    const copy = copyOf(site.lang);
    return <LegalPage meta={copy.privacy.privacyMeta(site)} title={copy.pages.PRIVACY_TITLE} sections={copy.privacy.privacySections(site)} />;
  },
  terms: (site) => {
    const copy = copyOf(site.lang);
    return <LegalPage meta={copy.terms.termsMeta(site)} title={copy.pages.TERMS_TITLE} sections={copy.terms.termsSections(site)} />;
  },
};

/**
 * The pages a location has in place of its stand-alone ones on a brand site (NOTES.md decision
 * 16): its one page (address, hours, team, its own words) for the home, and its own page of a
 * treatment it has text of its own for.
 */
const PLACED_PAGES: Partial<Record<PageId, (site: Site, route: RouteDef) => ReactElement>> = {
  home: () => <LocationPage />,
  ...Object.fromEntries(SERVICES.map((s) => [s.key, () => <LocationTreatmentPage service={s} />])),
};

const assetPaths = { css: ASSETS.css.file, contactJs: ASSETS.contactJs.file, contactFormJs: ASSETS.contactFormJs.file, menuJs: ASSETS.menuJs.file };

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
  // Every language the config publishes, each its own Site (the files beside the pages are the same for each).
  const files: SiteFiles = {};
  for (const lang of publishedLanguages(config, extras.placement)) {
    const site = resolveSite(config, { ...extras, lang });
    Object.assign(files, opts.html === 'bytes' ? renderResolvedSite(site, { html: 'bytes' }) : renderResolvedSite(site));
  }
  return files;
}

/** renderSite for a Site already resolved (the site pipeline resolves it once for the cards and the pages). */
export function renderResolvedSite(site: Site, opts?: { templates?: TemplateStore }): SiteFiles<string>;
export function renderResolvedSite(site: Site, opts: { html: 'bytes'; templates?: TemplateStore }): SiteFiles;
export function renderResolvedSite(site: Site, opts: { html?: 'bytes'; templates?: TemplateStore } = {}): SiteFiles {
  const tokens = tokenize(site);
  const key = JSON.stringify(tokens.shape);
  let pages = knownTemplates(key, opts.templates);
  if (!pages) {
    pages = Object.entries(renderPages(tokens.shape)).map(([file, html]) => [file, compile(html)] as const);
    keepTemplates(key, pages, opts.templates);
  }
  return fillSite(site, tokens.values, pages, opts);
}

/** The reference renderer: every page through React, no templates. Same bytes as renderSite. */
export function renderSiteDirect(config: ClinicConfig, extras: SiteExtras = {}): SiteFiles<string> {
  const files: SiteFiles<string> = {};
  for (const lang of publishedLanguages(config, extras.placement)) {
    const site = resolveSite(config, { ...extras, lang });
    Object.assign(files, renderPages(site));
    addSiteFiles(site, files);
  }
  return files;
}

/** The HTML pages of a site, the not-found page last. */
function renderPages(site: Site): SiteFiles<string> {
  const files: SiteFiles<string> = {};
  const root = site.placement?.brandRoot;
  for (const route of siteRoutes(site.config, site.lang)) {
    const moved = root && movedOnBrandSite(route, site.config);
    if (moved) {
      // On a brand site the page is the brand's, at its root, or the location's page (NOTES.md
      // decision 16): its old address here keeps answering, with a redirect page.
      files[route.file] = redirectPage(
        moved.shared ? relativeUrl(route.path, `/${root.href}${moved.to.slice(1)}`) : relativeUrl(route.path, moved.to),
        moved.shared ? `${root.url}${moved.to.slice(1)}` : `${site.canonicalUrl ?? site.siteUrl}${moved.to}`,
      );
      continue;
    }
    const url = root ? (t: string) => (sharedOnBrandSite(t, site.config) ? relativeUrl(route.path, `/${root.href}${t.replace(/^\//, '')}`) : relativeUrl(route.path, t)) : undefined;
    files[route.file] = renderPage(site, route.path, (root ? PLACED_PAGES[route.id] : undefined)?.(site, route) ?? PAGES[route.id](site, route), url);
  }
  // The not-found page may be served at any depth, so it links from the site root. A site placed
  // in a brand site has no root of its own: the brand site's not-found page serves the domain.
  // Each language has its own, in its folder (`es/404.html`): DEPLOY.md shows how a host serves it under /es/.
  if (!site.placement) {
    const notFound = `${LANGUAGE_INFO[site.lang].root}404.html`;
    files[notFound.slice(1)] = renderPage(site, notFound, <NotFoundPage />, rootUrl);
  }
  return files;
}

/** Renders one page of `site` at route `path` to a complete HTML document. */
export function renderPage(site: Site, path: string, page: ReactElement, url: (target: string) => string = (t) => relativeUrl(path, t)): string {
  const ctx: PageContext = { site, path, url, assets: assetPaths };
  return `<!DOCTYPE html>${renderToStaticMarkup(<PageCtx.Provider value={ctx}>{page}</PageCtx.Provider>)}`;
}

/**
 * A page that has moved, for a static host that cannot answer 301 (the clinic server does:
 * src/server/brand-site/redirects.ts): it sends the browser on at once and names its new address
 * as canonical, and search engines do not index it.
 */
export function redirectPage(to: string, canonicalUrl: string): string {
  const [href, canonical] = [escapeHtml(to), escapeHtml(canonicalUrl)];
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Moved</title><meta name="robots" content="noindex"><link rel="canonical" href="${canonical}"><meta http-equiv="refresh" content="0; url=${href}"></head><body><p>This page has moved: <a href="${href}">${canonical}</a></p></body></html>`;
}

function rootUrl(target: string): string {
  return target.startsWith('/') ? target : `/${target}`;
}
