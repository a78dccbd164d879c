import type { ReactNode } from 'react';
import type { PageMeta } from './content/types.js';
import type { Site } from './page-model.js';
import { usePage } from './context.js';
import { Footer } from './components/footer.js';
import { Header } from './components/header.js';
import { ActionBar } from './components/action-bar.js';
import { brandStyle } from './csp.js';
import { absoluteUrl, alternatePaths, canonicalUrl, scriptSafeJson, webPageJsonLd } from './seo.js';
import { Breadcrumbs, MAIN_WITH_CRUMBS, siteCrumbs } from './components/breadcrumbs.js';
import { cardFor } from '../model/cards.js';
import { sharedFileUrl } from './brand-identity.js';
import { pagePath, routeAt } from './routes.js';
import { LANGUAGE_INFO } from '../config/languages.js';

/**
 * The whole HTML document of a page: head with search and share metadata (the page's social card
 * when the site pipeline drew one, else the logo), header, main, footer. `data-font` picks the
 * brand face's font stack in the stylesheet; its one file is preloaded, so text is set in it
 * from the first paint on a normal connection (and in the metric-matched fallback until then).
 * A noindex page names a canonical only when it is a copy of another page (`canonicalPath`: a
 * service's copy of the contact page points at /contact/). The not-found page (`notFound`) has
 * neither a canonical link nor a robots tag: it answers for every missing address, and the 404
 * status it is served with keeps it out of search engines (docs/decisions/025-not-found-page.md).
 * Every page ends with the phone's bar of
 * Call, Book and Directions (ActionBar), which the body leaves room for.
 */
export function Document({ meta, children, scripts = [], noindex = false, canonicalPath, notFound = false }: { meta: PageMeta; children: ReactNode; scripts?: string[]; noindex?: boolean; canonicalPath?: string; notFound?: boolean }) {
  const { site, path, url, assets } = usePage();
  const canonical = canonicalUrl(site, canonicalPath ?? path);
  const crumbs = siteCrumbs(site, path, url);
  const crumbsJsonLd = site.placement?.breadcrumbJsonLd[path];
  const card = cardFor(site.cards, canonicalPath ?? path, pagePath(site, 'home', '/'));
  // On a brand site: the brand's typeface, and the files every page of the brand shares linked at its root, so a browser fetches them once for the whole site (issue 36 item 5).
  const brand = site.placement?.brand;
  const shared = sharedFileUrl(site, url);
  const alternates = languageAlternates(site, path, noindex || notFound);
  return (
    <html lang={site.lang} data-font={brand?.font ?? site.config.font} {...(brand ? { className: 'scroll-pt-28' } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in the head, so it governs every resource the page loads (csp.ts). */}
        <meta httpEquiv="Content-Security-Policy" content={site.csp} />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {noindex && <meta name="robots" content="noindex" />}
        {!notFound && (!noindex || canonicalPath) && <link rel="canonical" href={canonical} />}
        {alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta name="theme-color" content={site.brandColor} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:locale" content={LANGUAGE_INFO[site.lang].ogLocale} />
        {site.languages
          .filter((l) => l !== site.lang)
          .map((l) => (
            <meta key={l} property="og:locale:alternate" content={LANGUAGE_INFO[l].ogLocale} />
          ))}
        {card ? (
          <>
            <meta property="og:image" content={absoluteUrl(site, card.file)} />
            <meta property="og:image:type" content="image/png" />
            <meta property="og:image:width" content="1200" />
            <meta property="og:image:height" content="630" />
            <meta property="og:image:alt" content={card.alt} />
          </>
        ) : (
          site.config.logoUrl && <meta property="og:image" content={absoluteUrl(site, site.config.logoUrl)} />
        )}
        <meta name="twitter:card" content={card ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {card && <meta name="twitter:image" content={absoluteUrl(site, card.file)} />}
        {card && <meta name="twitter:image:alt" content={card.alt} />}
        <link rel="icon" href={shared('favicon.svg')} type="image/svg+xml" />
        {site.fontFile && <link rel="preload" href={shared(site.fontFile)} as="font" type="font/woff2" crossOrigin="" />}
        <link rel="stylesheet" href={shared(assets.css)} />
        {/* The brand colour is validated as #rrggbb, so it is safe inside this rule; the CSP allows it by hash. */}
        <style>{brandStyle(site.brandColor)}</style>
        {/* An island only improves what already works without script (the contact form posts
            natively, the menu opens as a popover): fetched after the hero photo, the font and the
            stylesheet, not before them. */}
        {[...scripts, assets.menuJs].map((src) => (
          <script key={src} type="module" src={shared(src)} fetchPriority="low" />
        ))}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: site.jsonLd }} />
        {alternates.length > 0 && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(webPageJsonLd(site, canonical)) }} />}
        {crumbsJsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: crumbsJsonLd }} />}
      </head>
      <body className="action-bar-room flex min-h-screen flex-col">
        <Header />
        {crumbs && <Breadcrumbs items={crumbs} headerRow={brand !== undefined} />}
        <main id="main" className={crumbs ? MAIN_WITH_CRUMBS : 'flex-1'} tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <ActionBar />
      </body>
    </html>
  );
}

/**
 * The page and its counterparts in the site's other languages, for `<link rel="alternate"
 * hreflang>` (issue 40 item 4, Google's localized-versions guide): every language's URL, the page's
 * own included, absolute and canonical, and `x-default` naming the English one. Every page of a
 * language has its counterpart in each (routes.ts builds both from one table), so the sets are
 * reciprocal by construction. None on a site in one language, nor on a page kept out of search.
 */
export function languageAlternates(site: Site, path: string, hidden: boolean): { hreflang: string; href: string }[] {
  const route = hidden || site.languages.length < 2 ? undefined : routeAt(site.config, path);
  return route ? alternatePaths(site, route) : [];
}
