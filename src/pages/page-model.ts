import type { ClinicConfig } from '../config/schema.js';
import type { SitePhotos } from '../model/photos.js';
import type { SiteCards } from '../model/cards.js';
import { webFontFile } from '../model/web-fonts.js';
import { CONTACT_API_PATH } from '../config/schema.js';
import { citySlug } from '../config/slug.js';
import { SOCIAL_NETWORKS, type SocialKey } from '../config/social.js';
import { lookupState } from '../config/states.js';
import type { SiteCosts } from './content/costs.js';
import { copyOf } from './content/copy.js';
import { siteLanguages, type Lang } from '../config/languages.js';
import { configIn, photosIn } from '../config/translations.js';
import { brandStyle, pageCsp } from './csp.js';
import { clinicJsonLd, scriptSafeJson } from './seo.js';
import { placedSite, type Placement, type SitePlacement } from './placement.js';
import { logoSources } from './brand-identity.js';
import { enabledServices, serviceOptions, type ServiceDef, type ServiceKey } from '../config/services.js';
import { upcomingSpecialHours } from '../config/special-hours.js';
import { directionsUrl, formatPhone, hoursRows, longDate, specialHoursRow, telHref } from './display-format.js';
import { placedRoutes } from './routes.js';

/**
 * Everything a page needs, derived once from a validated config (Vite's UserConfig vs
 * ResolvedConfig): pages never re-derive slugs, phone links or hours on their own.
 */
export interface Site {
  config: ClinicConfig;
  /** The language of the pages this Site renders (issue 40): English at the root, Spanish under `/es/`. */
  lang: Lang;
  /** Every language the config publishes, English first: a page links to its counterpart in each. */
  languages: Lang[];
  name: string;
  city: string;
  /** The city slug (`wesley-chapel`): the contact form tells the clinic server which site it is on. */
  slug: string;
  stateCode: string;
  stateName: string;
  /** `5950 Newberry Pines Avenue, Wesley Chapel, FL 33545` */
  fullAddress: string;
  /** Google Maps' documented search URL for the address: a plain link, no script or frame. */
  directionsUrl: string;
  /** Street, then `City, ST 12345`. */
  addressLines: [string, string];
  /** The phone number as every page shows it: `(813) 555-0142`, however the config wrote it. */
  phone: string;
  /** `tel:+18135550142` (E.164). */
  telHref: string;
  /** The clinic's online booking page (https), where Schedule Consultation goes when set (the specification notes, decision 11). */
  bookingUrl?: string;
  email: string;
  mailtoHref: string;
  /** Where the contact form posts: the config's contactEndpoint, else the clinic server's own path. */
  contactEndpoint: string;
  /**
   * Absolute URL of the site's root, no trailing slash: its origin (`https://tampa.example.com`),
   * or its folder on a brand domain when placed (`https://menshealth.example.com/locations/fl/tampa`).
   * Absolute links to the site's own files (share images, logo) start here.
   */
  siteUrl: string;
  /**
   * Where canonical links, og:url and the clinic's JSON-LD (`@id`, `url`) point instead of
   * siteUrl: the brand's folder for a stand-alone site whose city is canonical on the brand, or the
   * city's own origin for a placed site whose city is canonical on its own domain. Absent: siteUrl.
   */
  canonicalUrl?: string;
  /** Where the site sits inside a brand site (its breadcrumbs); absent for a stand-alone site. */
  placement?: SitePlacement;
  description: string;
  services: ServiceDef[];
  serviceOptions: string[];
  social: SocialLink[];
  hours: HoursRow[];
  /**
   * The special hours not yet over on the build day (`today`), by start: the JSON-LD carries them
   * all, the home and contact pages the first SPECIAL_HOURS_SHOWN. None when rendered without a day.
   */
  specialHours: SpecialHoursRow[];
  brandColor: string;
  /** The build's year (`2026`) for the footer's copyright line; absent (a page rendered without a build), the line names none. */
  year?: string;
  /** The day the privacy policy and terms take effect, as pages show it: `January 1, 2024` (config.legal.effectiveDate). */
  effectiveDate: string;
  /**
   * What the city says of costs (config `costs`): each sentence only where the city gave it, the
   * payment methods as one sentence ("We accept cash and credit and debit cards."). Absent: none given.
   */
  costs?: SiteCosts;
  /** The 'Why {city}' paragraphs: the config's local text, or the default copy. */
  whyCity: string[];
  /** A treatment in the clinic's own words (config localContent.treatmentText), in paragraphs, by service: only those it gave. */
  treatmentText: Partial<Record<ServiceKey, string[]>>;
  /** The config's photos as the site pipeline encoded them (none when rendered without it). */
  photos: SitePhotos;
  /** schema.org JSON-LD of the clinic, already safe to place inside a <script> element. */
  jsonLd: string;
  /** The Content-Security-Policy of every page (csp.ts). */
  csp: string;
  /** The brand face's file (`assets/inter-latin-wght.<hash>.woff2`), preloaded; none for `font: system`. */
  fontFile?: string;
  /** Social cards by page route, as the site pipeline drew them (none when rendered without it). */
  cards?: SiteCards;
  /** The config's logo as pages link it; absent, pages show the wordmark. */
  logo?: LogoImage;
  /** The footer's logo for its dark background (`logoLightUrl`); absent, the logo sits on a light plate. */
  logoLight?: LogoImage;
}

/**
 * A logo image. A site file is kept without its leading slash and linked through the page's url(),
 * so pages never look inside the string: the templated renderer (template.ts) replaces it with a token.
 */
export interface LogoImage {
  /** `logo.svg` (a file of the site) or an absolute http(s) URL. */
  src: string;
  onSite: boolean;
  /** Its own proportions as whole pixels for the <img> attributes; absent for a logo not read (http). */
  size?: ImageSize;
}

export interface SocialLink {
  network: SocialKey;
  label: string;
  url: string;
}

export interface HoursRow {
  days: string;
  time: string;
}

/** One dated exception as pages show it: `Thanksgiving`, `Thursday, November 26, 2026`, `Closed`. */
export interface SpecialHoursRow {
  label: string;
  when: string;
  time: string;
  /** `2026-11-26`: the first and last day (schema.org validFrom and validThrough, a <time> element's datetime). */
  from: string;
  through: string;
  /** 24-hour opening and closing times for JSON-LD: `00:00` both for a day closed (Google's convention). */
  opens: string;
  closes: string;
}

// How pages write a phone, a date and opening hours (display-format.ts), read through the page model by its users too.
export { clock12, directionsUrl, formatPhone, hoursRows, longDate, specialHoursRow, telHref } from './display-format.js';

/** How many special-hours entries the home and contact pages list: the next ones ahead. */
export const SPECIAL_HOURS_SHOWN = 4;


/** What the site pipeline hands the renderer besides the config: the files it made for it. */
export interface SiteExtras {
  /** The language of the pages to render (config.languages lists those a site has); English when absent. */
  lang?: Lang;
  photos?: SitePhotos;
  cards?: SiteCards;
  /** The logo file's own size in pixels, when the pipeline could read it. */
  logoSize?: ImageSize;
  logoLightSize?: ImageSize;
  /**
   * The build day in the city's time zone (`2026-11-26`), which decides the special hours shown.
   * The renderer reads no clock: without a day it shows no special hours.
   */
  today?: string;
  /** The build's year (config/time-zone.ts buildYear), shown in the footer; the renderer reads no clock. */
  year?: number;
  /**
   * The site sits inside a brand site (src/pages/placement.ts): siteUrl is its folder there, every
   * page shows its breadcrumbs, its clinic names the brand as parentOrganization, and the site
   * leaves sitemap.xml, robots.txt and 404.html to the brand site.
   */
  placement?: Placement;
  /**
   * The canonical root of a stand-alone site when it is not its own origin (a city canonical on
   * the brand site: `https://menshealth.example.com/locations/fl/tampa`), no trailing slash.
   * With a placement, its canonicalUrl decides instead.
   */
  canonicalUrl?: string;
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The languages a city's pages are rendered in, English first: its config's; for a location placed
 * on a brand site, the placement's one language (each language of a location is its own placement
 * there, in its own folder: issue 40 item 5). The one place that says so: the renderer and the
 * pipeline loop over this.
 */
export function publishedLanguages(config: Pick<ClinicConfig, 'languages'>, placement?: Pick<Placement, 'lang'>): Lang[] {
  return placement ? [placement.lang ?? 'en'] : siteLanguages(config.languages);
}

/** Derives the page model from a validated config (and what the pipeline made for it). Pure. */
export function resolveSite(given: ClinicConfig, extras: SiteExtras = {}): Site {
  // A Spanish page reads the city's own words in Spanish where it gave them (config/translations.ts).
  // A placed location's pages are in its placement's language alone, the Spanish ones at its
  // Spanish folder's root (routes.ts RouteConfig.spanishRoot).
  const placedLang = extras.placement ? (extras.placement.lang ?? 'en') : undefined;
  const read = configIn(given, placedLang ?? extras.lang ?? 'en');
  const config: ClinicConfig = placedLang ? placedRoutes(read, placedLang) : read;
  const state = lookupState(config.state) ?? { code: config.state, name: config.state };
  const origin = extras.placement?.siteUrl ?? (config.domainName ? `https://${config.domainName}` : new URL(config.website!).origin);
  const canonical = (extras.placement?.canonicalUrl ?? extras.canonicalUrl)?.replace(/\/+$/, '');
  const cityLine = `${config.city}, ${state.code} ${config.zipCode}`;
  const lang = placedLang ?? extras.lang ?? 'en';
  const copy = copyOf(lang);
  const site: Site = {
    config,
    lang,
    languages: extras.placement ? (extras.placement.languages?.map((l) => l.lang) ?? [lang]) : siteLanguages(config.languages),
    name: config.businessName,
    city: config.city,
    slug: citySlug(config.city),
    stateCode: state.code,
    stateName: state.name,
    fullAddress: `${config.address}, ${cityLine}`,
    directionsUrl: directionsUrl(`${config.address}, ${cityLine}`),
    addressLines: [config.address, cityLine],
    phone: formatPhone(config.phone),
    telHref: telHref(config.phone),
    ...(config.bookingUrl ? { bookingUrl: config.bookingUrl } : {}),
    email: config.email,
    mailtoHref: `mailto:${config.email}`,
    contactEndpoint: config.contactEndpoint ?? CONTACT_API_PATH,
    siteUrl: origin,
    ...(canonical && canonical !== origin ? { canonicalUrl: canonical } : {}),
    ...(extras.placement ? { placement: placedSite(extras.placement, config.city, config) } : {}),
    description: config.description ?? copy.about.defaultDescription(config.businessName, config.city, state.name),
    services: enabledServices(config.services),
    serviceOptions: serviceOptions(config.services),
    social: socialLinks(config.socialMedia),
    hours: hoursRows(config.hours, lang),
    specialHours: extras.today ? upcomingSpecialHours(config.specialHours, extras.today).map((e) => specialHoursRow(e, lang)) : [],
    brandColor: extras.placement?.identity?.color ?? config.primaryColor, // on a brand site, the brand's (issue 36 item 4)
    ...(extras.year !== undefined ? { year: String(extras.year) } : {}),
    effectiveDate: longDate(config.legal.effectiveDate, {}, lang),
    ...copy.costs.costsPart(config.costs),
    whyCity: [],
    treatmentText: {},
    photos: photosIn(extras.photos ?? { gallery: [], team: [] }, config, lang),
    jsonLd: '',
    logo: logoImage(config.logoUrl, extras.logoSize),
    logoLight: logoImage(config.logoLightUrl, extras.logoLightSize),
    csp: '',
    fontFile: webFontFile(extras.placement?.identity?.font ?? config.font),
    cards: extras.cards,
  };
  const why = config.localContent.whyCity;
  site.whyCity = why ? paragraphs(why) : copy.about.defaultWhyCity(site);
  for (const [key, text] of Object.entries(config.localContent.treatmentText)) if (text) site.treatmentText[key as ServiceKey] = paragraphs(text);
  site.jsonLd = scriptSafeJson(clinicJsonLd(site, extras.placement?.organization.id));
  site.csp = pageCsp({
    brandStyle: brandStyle(site.brandColor),
    contactEndpoint: site.contactEndpoint,
    ...logoSources(config, extras.placement?.identity),
  });
  return site;
}

function logoImage(url: string | undefined, size: ImageSize | undefined): LogoImage | undefined {
  if (!url) return undefined;
  const image: LogoImage = url.startsWith('/') ? { src: url.slice(1), onSite: true } : { src: url, onSite: false };
  // Whole pixels (HTML wants integers), at least 1, in the file's proportions.
  if (size) image.size = { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
  return image;
}

function socialLinks(handles: ClinicConfig['socialMedia']): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap(({ key: network, label, base, at }) => {
    const h = handles[network];
    if (!h) return [];
    if (/^https?:\/\//i.test(h)) return [{ network, label, url: h }];
    const name = h.replace(/^@/, '');
    return [{ network, label, url: `${base}${at ? '@' : ''}${encodeURIComponent(name)}` }];
  });
}

/** A text of the config as its paragraphs (separated by a blank line). */
function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}
