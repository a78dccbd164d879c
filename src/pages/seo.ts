import type { Site } from './page-model.js';
import { counterparts, placedRoutes, servicePath, siteRoutes, type RouteDef } from './routes.js';
import { LANGUAGE_INFO, type Lang } from '../config/languages.js';
import { DAYS } from '../config/schema.js';
import { copyOf } from './content/copy.js';
import { serviceLabel } from '../config/services.js';
import { sharedOnBrandSite } from './brand-shared.js';

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the line separators are
 * escaped as \u sequences, so no config value can close the script element or break the JSON.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * schema.org MedicalClinic for the clinic: name, address, phone, url, hours, the special hours not
 * yet over on the build day (validFrom and validThrough; a day closed opens and closes at 00:00, as
 * Google documents), whether it takes new patients, the booking page as a ReserveAction, sameAs.
 */
export function clinicJsonLd(site: Site, parentOrganization?: string): Record<string, unknown> {
  const c = site.config;
  // The clinic is known by its canonical URL: a city on the brand site and on a domain of its own
  // describes one clinic with one @id in both copies, unique per location either way.
  const canonical = canonicalRoot(site);
  const sameAs = [...site.social.map((s) => s.url), ...c.businessProfiles];
  const byHours = new Map<string, string[]>();
  for (const h of c.hours) {
    const key = `${h.opens}-${h.closes}`;
    byHours.set(key, [...(byHours.get(key) ?? []), ...h.days]);
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    '@id': `${canonical}/#clinic`,
    name: site.name,
    description: site.description,
    url: `${canonical}/`,
    telephone: site.telHref.slice(4),
    hasMap: site.directionsUrl,
    email: site.email,
    ...(c.logoUrl ? { logo: absoluteUrl(site, c.logoUrl), image: absoluteUrl(site, c.logoUrl) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.address,
      addressLocality: c.city,
      addressRegion: site.stateCode,
      postalCode: c.zipCode,
      addressCountry: 'US',
    },
    ...(c.geo ? { geo: { '@type': 'GeoCoordinates', latitude: c.geo.latitude, longitude: c.geo.longitude } } : {}),
    openingHoursSpecification: [...byHours].map(([key, days]) => {
      const [opens, closes] = key.split('-');
      return {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: DAYS.filter((d) => days.includes(d)),
        opens,
        closes,
      };
    }),
    ...(site.specialHours.length
      ? {
          specialOpeningHoursSpecification: site.specialHours.map((h) => ({
            '@type': 'OpeningHoursSpecification',
            opens: h.opens,
            closes: h.closes,
            validFrom: h.from,
            validThrough: h.through,
          })),
        }
      : {}),
    ...(c.isAcceptingNewPatients !== undefined ? { isAcceptingNewPatients: c.isAcceptingNewPatients } : {}),
    ...(c.costs?.payment ? { paymentAccepted: copyOf(site.lang).costs.paymentAccepted(c.costs.payment) } : {}),
    ...(site.bookingUrl
      ? {
          potentialAction: {
            '@type': 'ReserveAction',
            name: copyOf(site.lang).ui.SCHEDULE_CONSULTATION,
            target: {
              '@type': 'EntryPoint',
              urlTemplate: site.bookingUrl,
              actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
            },
          },
        }
      : {}),
    ...(c.localContent.areasServed.length
      ? { areaServed: c.localContent.areasServed.map((name) => ({ '@type': 'Place', name })) }
      : {}),
    medicalSpecialty: 'Endocrine',
    availableService: site.services.map((s) => ({ '@type': 'MedicalTherapy', name: serviceLabel(s, site.lang), url: canonicalUrl(site, servicePath(site, s)) })),
    // The languages the clinic's pages and staff speak (issue 40 item 4), on its ContactPoint,
    // where schema.org defines availableLanguage; only where the site has more than one.
    ...(site.languages.length > 1
      ? {
          knowsLanguage: site.languages.map((l) => LANGUAGE_INFO[l].hreflang),
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            telephone: site.telHref.slice(4),
            availableLanguage: site.languages.map((l) => ({ '@type': 'Language', name: LANGUAGE_INFO[l].english, alternateName: l })),
          },
        }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(parentOrganization ? { parentOrganization: { '@id': parentOrganization } } : {}),
  };
}

/**
 * A page in every language the site publishes it in, its own included, English first: its path in
 * that language's pages, where it is (`href`, absolute) and its canonical URL. A city's own site
 * has every page in each of its languages (routes.ts builds both from one table); a location on a
 * brand site has its languages in folders of their own (Placement.languages), each page in each.
 * Just the page itself on a site in one language.
 */
export function languageVersions(
  site: Pick<Site, 'config' | 'languages' | 'placement' | 'siteUrl' | 'canonicalUrl' | 'lang'>,
  route: Pick<RouteDef, 'id' | 'service'>,
): { lang: Lang; path: string; href: string; canonical: string }[] {
  const placed = site.placement?.languages;
  if (placed) {
    return placed.flatMap((l) => {
      const r = siteRoutes(placedRoutes(site.config, l.lang), l.lang).find((x) => x.id === route.id && x.service === route.service);
      return r ? [{ lang: l.lang, path: r.path, href: `${l.siteUrl}${r.path}`, canonical: `${l.canonicalUrl}${r.path}` }] : [];
    });
  }
  if (site.languages.length < 2 || site.placement) return [];
  return counterparts(route, site.config).map((r) => ({ lang: r.lang, path: r.path, href: `${site.siteUrl}${r.path}`, canonical: canonicalUrl(site, r.path) }));
}

/**
 * A page and its counterparts in the site's other languages as hreflang names them (issue 40 item
 * 4, Google's localized-versions guide): each language's canonical URL, the page's own included,
 * then `x-default` naming the English one. Empty on a site in one language, or for a page no other
 * language has. The page's `<link rel="alternate">` (document.tsx) and the sitemaps' `xhtml:link`
 * (this site's, and the brand site's for a placed location) are all this list, so they cannot disagree.
 */
export function alternatePaths(site: Parameters<typeof languageVersions>[0], route: Pick<RouteDef, 'id' | 'service'>): { hreflang: string; href: string }[] {
  const pages = languageVersions(site, route);
  if (pages.length < 2) return [];
  const english = pages.find((p) => p.lang === 'en');
  return [...pages.map((p) => ({ hreflang: LANGUAGE_INFO[p.lang].hreflang, href: p.canonical })), ...(english ? [{ hreflang: 'x-default', href: english.canonical }] : [])];
}

/**
 * The page itself as schema.org WebPage, naming its language (`inLanguage`) and the clinic it is
 * of: on a site in more than one language, where search engines are told which is which.
 */
export function webPageJsonLd(site: Site, canonical: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': canonical,
    url: canonical,
    inLanguage: LANGUAGE_INFO[site.lang].hreflang,
    about: { '@id': `${canonicalRoot(site)}/#clinic` },
  };
}

/** The root canonical links of the site start at, no trailing slash (Site.canonicalUrl, else siteUrl). */
export function canonicalRoot(site: Pick<Site, 'siteUrl' | 'canonicalUrl'>): string {
  return site.canonicalUrl ?? site.siteUrl;
}

/** The canonical absolute URL of a page of the site: `https://tampa.example.com/trt-therapy/`. */
export function canonicalUrl(site: Pick<Site, 'siteUrl' | 'canonicalUrl' | 'placement' | 'config'>, path: string): string {
  if (sharedOnBrandSite(path, site.config)) {
    // On a brand site a treatment, the privacy policy and the terms are the brand's, once, at its
    // root (NOTES.md decision 16); a stand-alone site whose other pages name the brand site's
    // location as canonical keeps these, which the brand site no longer has, canonical at home.
    const root = site.placement?.brandRoot;
    if (root && !site.canonicalUrl) return `${root.url}${path.slice(1)}`;
    if (!site.placement && site.canonicalUrl) return `${site.siteUrl}${path}`;
  }
  if (!site.placement && site.canonicalUrl && path.startsWith(LANGUAGE_INFO.es.root)) {
    // A Spanish page of a city canonical on the brand site: the brand site has no Spanish copy of
    // it yet, so the page names itself.
    return `${site.siteUrl}${path}`;
  }
  if (!site.placement && site.canonicalUrl) {
    // A stand-alone site naming its location on the brand site: that location has no about page
    // (its page holds what the about page says) and its contact page is noindex, so the about page
    // names the location's page and the contact pages name themselves (never a redirect, nor a
    // page kept out of search).
    const p = path.replace(/[#?].*$/, '');
    if (p === '/about/') return `${site.canonicalUrl}/`;
    if (p.startsWith('/contact/')) return `${site.siteUrl}${path}`;
  }
  return `${canonicalRoot(site)}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** An absolute URL on the site for a route or a site path. */
export function absoluteUrl(site: Site, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${site.siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml listing exactly the site's indexable pages (not the not-found or confirmation page),
 * in every language. On a site in more than one language each URL names itself and its
 * counterparts with `xhtml:link` alternates and `x-default` (English), the same set its page's
 * `<link rel="alternate">` names (document.tsx languageAlternates), as Google's guide describes.
 */
export function sitemapXml(site: Site, routes: RouteDef[]): string {
  const many = site.languages.length > 1;
  const urls = routes
    .filter((r) => !r.noindex)
    .map((r) => {
      const links = alternatePaths(site, r).map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`);
      return `  <url><loc>${xml(absoluteUrl(site, r.path))}</loc>${links.join('')}</url>`;
    })
    .join('\n');
  const ns = many ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${urls}\n</urlset>\n`;
}

export function robotsTxt(site: Site): string {
  // A site whose canonical address is elsewhere (its location on a brand site) has no sitemap: a
  // sitemap lists canonical URLs, and those are the brand site's, in its own sitemap.
  if (site.canonicalUrl) return `User-agent: *\nAllow: /\n`;
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`;
}

/** The favicon: the brand colour behind a pulse line, as SVG (no binary assets to ship). */
export function faviconSvg(site: Pick<Site, 'brandColor'>): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${site.brandColor}"/><path d="M4 17h6l3-8 6 15 3-7h6" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;
}
