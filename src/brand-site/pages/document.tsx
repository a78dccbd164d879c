import type { ReactNode } from 'react';
import { webFontFile } from '../../model/web-fonts.js';
import { ASSETS } from '../../pages/assets.js';
import { Breadcrumbs, MAIN_WITH_CRUMBS, type CrumbLink } from '../../pages/components/breadcrumbs.js';
import type { PageMeta } from '../../pages/content/types.js';
import type { LogoImage } from '../../pages/page-model.js';
import { brandStyle, pageCsp } from '../../pages/csp.js';
import { breadcrumbList, type Crumb } from '../../pages/placement.js';
import { scriptSafeJson } from '../../pages/seo.js';
import { BrandActionBar, BrandFooter, BrandHeader } from './chrome.js';
import { useBrandPage } from './context.js';
import { brandAlternates } from './seo.js';
import { LANGUAGE_INFO } from '../../config/languages.js';

/**
 * The whole HTML document of a brand page, the city pages' document (src/pages/document.tsx) for a
 * brand: the same stylesheet, font preload, policy and share metadata, header and drawer, footer.
 * `crumbs` are the page's trail, absolute on the brand domain: shown with links relative to the
 * page, and as BreadcrumbList JSON-LD. `jsonLd` are the page's other structured data.
 */
export function BrandDocument({
  meta,
  children,
  crumbs,
  jsonLd = [],
  scripts = [],
  notFound = false,
}: {
  meta: PageMeta;
  children: ReactNode;
  crumbs?: (Crumb & { path: string })[];
  jsonLd?: Record<string, unknown>[];
  scripts?: string[];
  /** The not-found page: no canonical link (it answers for every missing address) and no robots tag (its 404 status keeps it out of search engines). */
  notFound?: boolean;
}) {
  const { model, path, url, css, lang } = useBrandPage();
  const alternates = notFound ? [] : brandAlternates(model, path);
  const canonical = `${model.origin}${path}`;
  const fontFile = webFontFile(model.font);
  const style = brandStyle(model.primaryColor);
  const logoImage = model.logo && (model.logo.onSite ? `${model.origin}/${model.logo.src}` : model.logo.src);
  const data = [...jsonLd, ...(crumbs ? [breadcrumbList(crumbs)] : [])];
  const links: CrumbLink[] | undefined = crumbs?.map((c) => ({ name: c.name, href: url(c.path) }));
  return (
    <html lang={lang} data-font={model.font}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="Content-Security-Policy" content={brandCsp(model.primaryColor, offSite(model.logo), offSite(model.logoLight))} />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {!notFound && <link rel="canonical" href={canonical} />}
        {alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta name="theme-color" content={model.primaryColor} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={model.name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:locale" content={LANGUAGE_INFO[lang].ogLocale} />
        {(model.counterparts?.[path] ?? []).map((c) => (
          <meta key={c.lang} property="og:locale:alternate" content={LANGUAGE_INFO[c.lang].ogLocale} />
        ))}
        {logoImage && <meta property="og:image" content={logoImage} />}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <link rel="icon" href={url('favicon.svg')} type="image/svg+xml" />
        {fontFile && <link rel="preload" href={url(fontFile)} as="font" type="font/woff2" crossOrigin="" />}
        <link rel="stylesheet" href={url(css)} />
        <style>{style}</style>
        {[...scripts, ASSETS.menuJs.file].map((src) => (
          <script key={src} type="module" src={url(src)} fetchPriority="low" />
        ))}
        {data.map((d, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(d) }} />
        ))}
      </head>
      {/* Room at the bottom for the phone's bar, as on the city pages. */}
      <body className="action-bar-room flex min-h-screen flex-col">
        <BrandHeader />
        {links && <Breadcrumbs items={links} lang={lang} />}
        <main id="main" className={links ? MAIN_WITH_CRUMBS : 'flex-1'} tabIndex={-1}>
          {children}
        </main>
        <BrandFooter />
        <BrandActionBar />
      </body>
    </html>
  );
}

/**
 * The city pages' policy (src/pages/csp.ts) with nothing to post to: scripts, styles, fonts and
 * connections to the brand site itself only ('self' covers the locator's island and its ZIP table),
 * the brand colour rule by hash, and a logo at an absolute URL from its own origin.
 */
export function brandCsp(primaryColor: string, logoUrl?: string, logoLightUrl?: string): string {
  return pageCsp({ brandStyle: brandStyle(primaryColor), contactEndpoint: '/', ...(logoUrl ? { logoUrl } : {}), ...(logoLightUrl ? { logoLightUrl } : {}) });
}

/** A logo's absolute URL when it is not a file of the site (its origin joins the policy). */
const offSite = (logo: LogoImage | undefined) => (logo && !logo.onSite ? logo.src : undefined);
