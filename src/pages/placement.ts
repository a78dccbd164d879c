import { scriptSafeJson } from './seo.js';
import { placedRoutes, siteRoutes, type RouteConfig, type RouteDef } from './routes.js';
import type { Lang } from '../config/languages.js';
import { SERVICES, serviceLabel } from '../config/services.js';
import { copyOf } from './content/copy.js';
import type { FontChoice } from '../config/schema.js';
import type { LogoImage } from './page-model.js';

/**
 * Where a city's site sits inside a brand site (one domain, a folder per location:
 * `/locations/fl/tampa/`). SiteExtras.placement; the brand site's build makes one per location.
 */
export interface Placement {
  /** Absolute URL of the location's folder on the brand domain, no trailing slash: `https://menshealth.example.com/locations/fl/tampa`. */
  siteUrl: string;
  /**
   * Where canonical links point, no trailing slash: the same as siteUrl (`canonical: brand`, the
   * default) or the city's own origin (`canonical: own`, `https://tampa.example.com`). Never both.
   */
  canonicalUrl: string;
  /** The breadcrumb trail above the location's home, absolute URLs on the brand domain: Home (`/`), Locations (`/locations/`), Florida (`/locations/fl/`). */
  trail: Crumb[];
  /** The brand's Organization on `/`: `{ id: 'https://menshealth.example.com/#organization', name, url: 'https://menshealth.example.com/' }`. */
  organization: { id: string; name: string; url: string };
  /**
   * The brand site has the treatment pages and the privacy policy and terms at its root, once
   * (NOTES.md decision 16): the location's links to them go there, and at their old addresses in
   * the location's folder it keeps only a redirect page (brandSharedPath). Absent: the location has its own.
   */
  brandPages?: true;
  /**
   * The brand's identity, which the location's pages show in place of the city's own (issue 36
   * item 4: one identity on the brand's domain), and the brand's shared files (item 5): the
   * stylesheet, typeface, scripts and icon its pages link at the brand's root, written there once.
   * Absent: the city's own identity and files, as on its stand-alone site.
   */
  identity?: BrandIdentity;
  /**
   * The language of the location's pages placed here (issue 40 item 5): a location the brand
   * lists in Spanish too has a second placement, its Spanish folder (`/es/ubicaciones/fl/tampa`),
   * whose pages sit at its root with Spanish paths (`/contacto/`). Absent: English.
   */
  lang?: 'es';
  /**
   * Where the location is in each language the brand publishes it in, its own included, when more
   * than one: what its pages' hreflang links, the sitemap's alternates and the header's language
   * link name. Absent: English only.
   */
  languages?: PlacedLanguage[];
}

/** A location's place in one language on the brand site (Placement.languages). */
export interface PlacedLanguage {
  lang: Lang;
  /** Its folder there, absolute, no trailing slash: `https://menshealth.example.com/es/ubicaciones/fl/tampa`. */
  siteUrl: string;
  /** Where its pages' canonical links point, no trailing slash: siteUrl, or its own domain's pages in the language (`https://tampa.example.com/es`). */
  canonicalUrl: string;
}

/** The brand as a placed location's pages show it (Placement.identity). */
export interface BrandIdentity {
  name: string;
  /** `#rrggbb` */
  color: string;
  font: FontChoice;
  /** The brand's logo: a file at the brand's root (`logo.svg`) or an absolute http(s) URL; absent, its name as text. */
  logo?: LogoImage;
  logoLight?: LogoImage;
  logoIncludesName: boolean;
  /** The brand's directory of locations, absolute: `https://menshealth.example.com/locations/`. */
  locationsUrl: string;
}

/** One step of a breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/**
 * What the pages of a placed site need of its placement, derived once by resolveSite. Every string
 * here goes through the templated renderer's tokens (template.ts), so pages never look inside one:
 * the links are worked out here, relative to the location's home, and the JSON-LD is finished here.
 */
export interface SitePlacement {
  /** The trail above the location's home: its names and links relative to the location's home (`../../../`). */
  trail: { name: string; href: string }[];
  /** The name of the location's home in the trail: its city. */
  home: string;
  /** The BreadcrumbList JSON-LD of each page by route path, already safe inside a <script>. */
  breadcrumbJsonLd: Record<string, string>;
  /**
   * With Placement.brandPages: the way from the location's home to the brand's root (`../../../`)
   * and the brand's home, absolute (`https://menshealth.example.com/`), where the treatment and
   * legal pages are.
   */
  brandRoot?: { href: string; url: string };
  /** With Placement.identity: what the header, logo and document show of the brand, the links worked out from the location's home. */
  brand?: SiteBrand;
  /** Placement.languages: the location in each language the brand publishes it in, when more than one. */
  languages?: PlacedLanguage[];
  /**
   * With Placement.languages: each page's links to its counterparts in the location's other
   * folders, by route path, worked out here (relative, from the page): `/contact/` ->
   * `[{ lang: 'es', href: '../../../../es/ubicaciones/fl/tampa/contacto/' }]`.
   */
  languageLinks?: Record<string, { lang: Lang; href: string }[]>;
}

/** A placed location's view of the brand (SitePlacement.brand). */
export interface SiteBrand {
  name: string;
  font: FontChoice;
  logo?: LogoImage;
  logoLight?: LogoImage;
  logoIncludesName: boolean;
  /** From the location's home to the brand's root, where its home and shared files are: `../../../`. */
  root: string;
  /** From the location's home to the directory of locations in the pages' language: `../../` (`/locations/`), or `../../` (`/es/ubicaciones/`) from a Spanish folder. */
  locations: string;
  /** From the location's home to the brand's home in the pages' language: `../../../` (`/`, or `/es/` from a Spanish folder). */
  home: string;
}

export { brandSharedPath } from './brand-shared.js';

/** Names of the pages that are not services in breadcrumbs; the home page is the location itself (its city). */
const PAGE_NAMES: Record<Lang, Partial<Record<RouteDef['id'], string>>> = {
  en: {
    about: 'About',
    contact: 'Contact',
    contactSent: 'Message Sent',
    serviceContact: 'Contact',
    privacy: 'Privacy Policy',
    terms: 'Terms & Conditions',
  },
  es: {
    about: copyOf('es').ui.ABOUT,
    contact: copyOf('es').ui.CONTACT,
    contactSent: 'Mensaje enviado',
    serviceContact: copyOf('es').ui.CONTACT,
    privacy: copyOf('es').pages.PRIVACY_TITLE,
    terms: copyOf('es').pages.TERMS_TITLE,
  },
};

/** The breadcrumb name of a page of the site (services by their catalogue label, in the page's language); none for the home page. */
export function pageCrumbName(route: Pick<RouteDef, 'id' | 'lang'>): string | undefined {
  const service = SERVICES.find((s) => s.key === route.id);
  return PAGE_NAMES[route.lang][route.id] ?? (service && serviceLabel(service, route.lang));
}

/**
 * What the pages of a site placed by `placement` show and say of their trail: the brand's steps,
 * the location's home (its city), then the page (none on the home itself). The JSON-LD trail is on
 * the brand domain even for a city canonical on its own domain: it describes where the page sits
 * in the brand's hierarchy, which only the brand domain has.
 */
export function placedSite(placement: Placement, city: string, routes: RouteConfig): SitePlacement {
  const base = new URL(`${placement.siteUrl}/`);
  const trail = placement.trail.map((c) => ({ name: c.name, href: relativeFromFolder(base, new URL(c.url)) }));
  const breadcrumbJsonLd: Record<string, string> = {};
  for (const route of siteRoutes(routes, placement.lang ?? 'en')) {
    const name = pageCrumbName(route);
    const items: Crumb[] = [...placement.trail, { name: city, url: `${placement.siteUrl}/` }];
    if (route.path !== '/' && name) items.push({ name, url: `${placement.siteUrl}${route.path}` });
    breadcrumbJsonLd[route.path] = scriptSafeJson(breadcrumbList(items));
  }
  // The brand's pages in the location's language: its root (`/`), or its Spanish root (`/es/`), the trail's first step.
  const root = placement.brandPages ? { brandRoot: { href: trail[0]?.href ?? '../../../', url: placement.trail[0]?.url ?? placement.organization.url } } : {};
  const id = placement.identity;
  const brand: { brand?: SiteBrand } = id
    ? {
        brand: {
          name: id.name,
          font: id.font,
          ...(id.logo ? { logo: id.logo } : {}),
          ...(id.logoLight ? { logoLight: id.logoLight } : {}),
          logoIncludesName: id.logoIncludesName,
          root: relativeFromFolder(base, new URL(placement.organization.url)),
          // The directory and the brand's home in the location's language: the trail's second and first steps.
          locations: relativeFromFolder(base, new URL(placement.trail[1]?.url ?? id.locationsUrl)),
          home: relativeFromFolder(base, new URL(placement.trail[0]?.url ?? placement.organization.url)),
        },
      }
    : {};
  return { trail, home: city, breadcrumbJsonLd, ...root, ...brand, ...(placement.languages ? { languages: placement.languages, languageLinks: languageLinks(placement, routes) } : {}) };
}

/** SitePlacement.languageLinks: each page of the placed language to its counterparts in the other placed languages. */
function languageLinks(placement: Placement, routes: RouteConfig): Record<string, { lang: Lang; href: string }[]> {
  const lang = placement.lang ?? 'en';
  const others = (placement.languages ?? []).filter((l) => l.lang !== lang);
  const theirs = others.map((l) => ({ ...l, routes: siteRoutes(placedRoutes(routes, l.lang), l.lang) }));
  const out: Record<string, { lang: Lang; href: string }[]> = {};
  for (const route of siteRoutes(routes, lang)) {
    const from = new URL(`${placement.siteUrl}${route.path}`);
    out[route.path] = theirs.flatMap((l) => {
      const r = l.routes.find((x) => x.id === route.id && x.service === route.service);
      return r ? [{ lang: l.lang, href: relativeFromFolder(from, new URL(`${l.siteUrl}${r.path}`)) }] : [];
    });
  }
  return out;
}

/** schema.org BreadcrumbList of a trail, each item with its absolute URL (Google's breadcrumb structured data). */
export function breadcrumbList(items: Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/**
 * A link from the folder `base` (`https://b.example/locations/fl/tampa/`) to `to`
 * (`https://b.example/locations/`): `../../`. Both are on the brand domain (Placement.trail), so
 * only their paths count; a site placed in any folder keeps working, as its own links do.
 */
export function relativeFromFolder(base: URL, to: URL): string {
  const from = base.pathname.split('/').filter(Boolean);
  const target = to.pathname.split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < target.length && from[common] === target[common]) common++;
  const up = '../'.repeat(from.length - common);
  const down = target.slice(common).join('/');
  const rel = up + (down ? `${down}${to.pathname.endsWith('/') ? '/' : ''}` : '');
  return (rel || './') + to.search + to.hash;
}
