import type { PaymentMethod, ClinicConfigInput, Day, FontChoice, ServiceKey } from '../config/schema.js';
import { SOCIAL_NETWORKS, type SocialKey } from '../config/social.js';
import { DEFAULT_SERVICES, SERVICES } from '../config/services.js';
import { sitePicture } from '../contract/site.js';
import { DEFAULT_FONT, isFontChoice } from './font-choices.js';
import type { PhotosValue, PhotoValue } from './sections/photos.js';
import { spanishFormOf, type SpanishForm } from './form-spanish.js';

export { mergeConfig, sameForm, toConfig } from './form-config.js';

/**
 * The admin form's values (spec section 3): what they are, where they start (the served clinic, a
 * stored city) and where a server's error key shows on them. How they become a clinic config is
 * form-config.ts (`toConfig`, `mergeConfig`, re-exported here).
 */
export { SOCIAL_NETWORKS };

/** The six toggles: the site's own service list and the spec's defaults (spec section 3). */
export const SERVICE_TOGGLES: { key: ServiceKey; label: string; on: boolean }[] = SERVICES.map((s) => ({
  key: s.key,
  label: s.label,
  on: DEFAULT_SERVICES[s.key],
}));

export interface AdminForm {
  businessName: string;
  city: string;
  state: string;
  address: string;
  zipCode: string;
  phone: string;
  email: string;
  website: string;
  description: string;
  logoUrl: string;
  /** A wordmark: the site does not print the name beside it (docs/decisions/014-brand-typeface-and-logo.md). */
  logoIncludesName: boolean;
  /** The logo for the dark footer; empty: the logo sits on a white plate there. */
  logoLightUrl: string;
  font: FontChoice;
  /** The site's Spanish pages too, under /es/ (config `languages: [en, es]`; issue 40). */
  spanish: boolean;
  /** The city's own words in Spanish (config `es`, at its paths; form-spanish.ts): '' where none. */
  es: SpanishForm;
  /** The hero and the gallery; team photos stay in localContent, which the form does not edit. */
  photos: PhotosValue;
  services: Record<ServiceKey, boolean>;
  socialMedia: Record<SocialKey, string>;
  /** useFieldArray needs objects, not bare strings. */
  businessProfiles: { url: string }[];
  /** The brand colour (`#rrggbb`); empty: the schema's default. */
  primaryColor: string;
  /** Where a state has two time zones, the city's own (an IANA name); empty: the state's. */
  timeZone: string;
  /** The week: rows of days sharing one opening time (the config's `hours`). */
  hours: HoursRow[];
  /** Dated exceptions (the config's `specialHours`). */
  specialHours: SpecialHoursRow[];
  bookingUrl: string;
  /** On a brand site as well as its own website: '' (the brand site, the default) or 'own'. */
  canonical: '' | 'own' | 'brand';
  /** '' (not said), 'yes' or 'no': the config's optional booleans. */
  isAcceptingNewPatients: TriState;
  telehealth: TriState;
  whyCity: string;
  /**
   * Each treatment as this clinic gives it, in its own words (config localContent.treatmentText),
   * by service; '' when none. Kept for a service switched off while editing, not saved for it.
   */
  treatmentText: Record<ServiceKey, string>;
  team: TeamRow[];
  faq: { question: string; answer: string }[];
  /** One area a line. */
  areasServed: string;
  governingLaw: string;
  courts: string;
  /** The day the privacy policy and terms take effect (`YYYY-MM-DD`: a date input's value). */
  effectiveDate: string;
  /** The config's `costs`: what a first visit costs, payment methods checked, a sentence on insurance. */
  firstVisitCost: string;
  payment: PaymentMethod[];
  insurance: string;
  latitude: string;
  longitude: string;
  contactEndpoint: string;
}

export type TriState = '' | 'yes' | 'no';
export interface HoursRow {
  /** The days checked (react-hook-form gives a checkbox group an array of its values). */
  days: Day[];
  opens: string;
  closes: string;
}
export interface SpecialHoursRow {
  label: string;
  /** The label in Spanish (issue 40), on the Spanish words card; empty: left out. */
  es?: { label: string };
  date: string;
  through: string;
  /** 'closed' all day, or other 'hours' (opens and closes). */
  kind: 'closed' | 'hours';
  opens: string;
  closes: string;
}
export interface TeamRow {
  name: string;
  credentials: string;
  role: string;
  bio: string;
  photo?: PhotoValue;
  /** The role and biography in Spanish (issue 40), on the Spanish words card; empty: left out. */
  es?: { role?: string; bio?: string };
}

const defaultServices = () => Object.fromEntries(SERVICE_TOGGLES.map((s) => [s.key, s.on])) as Record<ServiceKey, boolean>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** The treatment texts of a config (or none: a city's own words, never the served clinic's) as the form holds them. */
const treatmentTexts = (given?: Partial<Record<ServiceKey, string | undefined>>) =>
  Object.fromEntries(SERVICES.map((s) => [s.key, str(given?.[s.key])])) as Record<ServiceKey, string>;

/** The first values: the served clinic's (a JSON block in the page), over the spec defaults. */
export function initialForm(data: Record<string, unknown> = {}): AdminForm {
  const services = { ...defaultServices(), ...((data.services ?? {}) as Partial<Record<ServiceKey, boolean>>) };
  const social = (data.socialMedia ?? {}) as Partial<Record<SocialKey, string>>;
  const profiles = Array.isArray(data.businessProfiles) ? data.businessProfiles.filter((u): u is string => typeof u === 'string') : [];
  return {
    businessName: str(data.businessName),
    city: str(data.city),
    state: str(data.state),
    address: str(data.address),
    zipCode: str(data.zipCode),
    phone: str(data.phone),
    email: str(data.email),
    website: str(data.website),
    description: str(data.description),
    // The logo and the photos show one clinic's building and people: a new city brings its own.
    logoUrl: '',
    logoIncludesName: false,
    logoLightUrl: '',
    // The typeface is the brand's, like its name: kept.
    font: isFontChoice(data.font) ? data.font : DEFAULT_FONT,
    // A new city's languages are its own choice: English until Spanish is switched on.
    spanish: false,
    es: spanishFormOf(undefined),
    photos: { gallery: [] },
    services,
    socialMedia: Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, str(social[key])])) as Record<SocialKey, string>,
    businessProfiles: profiles.map((url) => ({ url })),
    // The brand's colour, like its typeface; the rest is one city's and starts empty.
    primaryColor: str(data.primaryColor),
    timeZone: '',
    // A city's hours are its own (NOTES.md decision 14): a new city has none until they are given.
    hours: [],
    specialHours: [],
    bookingUrl: '',
    canonical: '',
    isAcceptingNewPatients: '',
    telehealth: '',
    whyCity: '',
    treatmentText: treatmentTexts(),
    team: [],
    faq: [],
    areasServed: '',
    governingLaw: '',
    courts: '',
    effectiveDate: '',
    firstVisitCost: '',
    payment: [],
    insurance: '',
    latitude: '',
    longitude: '',
    contactEndpoint: '',
  };
}

/**
 * The form of a stored (or duplicated) city: every field it has an input for, its own social
 * handles, profile links and logo included (unlike the served clinic's first values above).
 */
export function formFromConfig(config: ClinicConfigInput): AdminForm {
  return {
    ...initialForm(config as unknown as Record<string, unknown>),
    logoUrl: str(config.logoUrl),
    logoIncludesName: config.logoIncludesName === true,
    logoLightUrl: str(config.logoLightUrl),
    spanish: Array.isArray(config.languages) && config.languages.includes('es'),
    es: spanishFormOf(config.es),
    photos: photosOf(config.photos),
    timeZone: str(config.timeZone),
    hours: Array.isArray(config.hours)
      ? config.hours.map((h) => ({ days: Array.isArray(h.days) ? [...h.days] : [], opens: str(h.opens), closes: str(h.closes) }))
      : [],
    specialHours: Array.isArray(config.specialHours)
      ? config.specialHours.map((e) => ({
          label: str(e.label),
          // Always there, '' where none (issue 40): the Spanish card's input then changes no shape, so opening a city changes nothing.
          es: { label: str(e.es?.label) },
          date: str(e.date),
          through: str(e.through),
          kind: e.closed === true ? 'closed' : 'hours',
          opens: str(e.opens),
          closes: str(e.closes),
        }))
      : [],
    bookingUrl: str(config.bookingUrl),
    canonical: config.canonical === 'own' || config.canonical === 'brand' ? config.canonical : '',
    isAcceptingNewPatients: tri(config.isAcceptingNewPatients),
    telehealth: tri(config.telehealth),
    whyCity: str(config.localContent?.whyCity),
    treatmentText: treatmentTexts(config.localContent?.treatmentText),
    team: (config.localContent?.team ?? []).map((m) => ({
      name: str(m.name),
      credentials: str(m.credentials),
      role: str(m.role),
      bio: str(m.bio),
      ...(m.photo ? { photo: { src: str(m.photo.src), alt: str(m.photo.alt), es: { alt: str(m.photo.es?.alt) } } } : {}),
      es: { role: str(m.es?.role), bio: str(m.es?.bio) },
    })),
    faq: (config.localContent?.faq ?? []).map((f) => ({ question: str(f.question), answer: str(f.answer) })),
    areasServed: (config.localContent?.areasServed ?? []).join('\n'),
    governingLaw: str(config.legal?.governingLaw),
    courts: str(config.legal?.courts),
    effectiveDate: str(config.legal?.effectiveDate),
    firstVisitCost: str(config.costs?.firstVisit),
    payment: Array.isArray(config.costs?.payment) ? [...config.costs.payment] : [],
    insurance: str(config.costs?.insurance),
    latitude: typeof config.geo?.latitude === 'number' ? String(config.geo.latitude) : '',
    longitude: typeof config.geo?.longitude === 'number' ? String(config.geo.longitude) : '',
    contactEndpoint: str(config.contactEndpoint),
  };
}

const tri = (v: unknown): TriState => (v === true ? 'yes' : v === false ? 'no' : '');

/** The config's photos as the form holds them: every one with its src and alt as strings. */
function photosOf(photos: ClinicConfigInput['photos']): PhotosValue {
  const one = (p: unknown): PhotoValue => {
    const v = p as PhotoValue | undefined;
    return { src: str(v?.src), alt: str(v?.alt), es: { alt: str(v?.es?.alt) } };
  };
  const gallery = Array.isArray(photos?.gallery) ? photos.gallery.map(one) : [];
  return photos?.hero ? { hero: one(photos.hero), gallery } : { gallery };
}

/** Reads the page's `#admin-initial` JSON block. */
export function readInitial(doc: Document = document): AdminForm {
  try {
    return initialForm(JSON.parse(doc.getElementById('admin-initial')?.textContent ?? '{}') as Record<string, unknown>);
  } catch {
    return initialForm();
  }
}

/**
 * The logo as the admin page can show it: an upload of this server (`/uploads/...`), an absolute
 * URL, or a picture a config names by its site path (`/images/tampa/logo.svg`, a file of the
 * sample or served clinic's folder), read through the admin API as Generate reads it (issue 39
 * item 3: a logo chosen from the list shows as the picture, not as its path).
 */
export function shownLogo(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^\/uploads\//.test(url) || /^https?:\/\//i.test(url)) return url;
  return /^\/[^/\\]/.test(url) && /\.(svg|png|jpe?g|gif)$/i.test(url) ? `${sitePicture.path}?path=${encodeURIComponent(url)}` : undefined;
}

/** Where a server error key (`businessProfiles[2]`, `domainName`, `photos.gallery[0].alt`) shows on the form. */
export function formFieldOf(key: string): string {
  if (key === 'domainName') return 'website';
  if (key === 'languages' || key.startsWith('languages[')) return 'spanish';
  if (key.startsWith('es.localContent.areasServed')) return 'es.localContent.areasServed';
  if (key === 'geo.latitude' || key === 'geo.longitude') return key.slice(4);
  if (key.startsWith('legal.')) return key.slice(6);
  if (key === 'costs.firstVisit') return 'firstVisitCost';
  if (/^costs\.payment/.test(key)) return 'payment';
  if (key === 'costs.insurance') return 'insurance';
  if (/^localContent\.(whyCity|areasServed)/.test(key)) return key.replace(/^localContent\.(\w+).*$/, '$1');
  if (key.startsWith('localContent.')) key = key.slice('localContent.'.length);
  key = key.replace(/^specialHours\[(\d+)\]\.closed$/, 'specialHours[$1].kind');
  return key.replace(/^businessProfiles\[(\d+)\]$/, 'businessProfiles.$1.url').replace(/\[(\d+)\]/g, '.$1');
}
