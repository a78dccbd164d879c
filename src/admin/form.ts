import { DAYS, type PaymentMethod, type ClinicConfigInput, type Day, type FontChoice, type ServiceKey } from '../config/schema.js';
import { SOCIAL_NETWORKS, type SocialKey } from '../config/social.js';
import { DEFAULT_SERVICES, SERVICES } from '../config/services.js';
import { DEFAULT_FONT, isFontChoice } from './font-choices.js';
import { costsConfig } from './form-costs.js';
import type { PhotosValue, PhotoValue } from './sections/photos.js';

/**
 * The admin form's values and how they become a clinic config (spec section 3). The form holds
 * strings as typed; `toConfig` trims them and leaves empty optional fields out, so the server's
 * schema (the one clinic schema) decides what is valid.
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
}

const defaultServices = () => Object.fromEntries(SERVICE_TOGGLES.map((s) => [s.key, s.on])) as Record<ServiceKey, boolean>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

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
    photos: photosOf(config.photos),
    timeZone: str(config.timeZone),
    hours: Array.isArray(config.hours)
      ? config.hours.map((h) => ({ days: Array.isArray(h.days) ? [...h.days] : [], opens: str(h.opens), closes: str(h.closes) }))
      : [],
    specialHours: Array.isArray(config.specialHours)
      ? config.specialHours.map((e) => ({
          label: str(e.label),
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
    team: (config.localContent?.team ?? []).map((m) => ({
      name: str(m.name),
      credentials: str(m.credentials),
      role: str(m.role),
      bio: str(m.bio),
      ...(m.photo ? { photo: { src: str(m.photo.src), alt: str(m.photo.alt) } } : {}),
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
const fromTri = (v: TriState): boolean | undefined => (v === 'yes' ? true : v === 'no' ? false : undefined);

/** A number typed in a text input: the number, or the text itself (the schema then names the field). */
function numberOf(s: string): number | string {
  const n = Number(s.trim());
  return s.trim() !== '' && Number.isFinite(n) ? n : s.trim();
}

/** The config's photos as the form holds them: every one with its src and alt as strings. */
function photosOf(photos: ClinicConfigInput['photos']): PhotosValue {
  const one = (p: unknown): PhotoValue => ({ src: str((p as PhotoValue | undefined)?.src), alt: str((p as PhotoValue | undefined)?.alt) });
  const gallery = Array.isArray(photos?.gallery) ? photos.gallery.map(one) : [];
  return photos?.hero ? { hero: one(photos.hero), gallery } : { gallery };
}

/** The photos a config gets: trimmed, and none at all (the schema's default) when there are none. */
function photosConfig(p: PhotosValue): ClinicConfigInput['photos'] {
  if (!p.hero && p.gallery.length === 0) return undefined;
  const clean = (x: PhotoValue): PhotoValue => ({ src: x.src.trim(), alt: x.alt.trim() });
  return p.hero ? { hero: clean(p.hero), gallery: p.gallery.map(clean) } : { gallery: p.gallery.map(clean) };
}

/**
 * The config a Save sends: the form's values over the opened config, so the fields the form has no
 * input for (domainName, a team member's photo, keys of a later schema...) are kept,
 * never dropped by a save. A field emptied on the form is left out (JSON drops `undefined`).
 */
export function mergeConfig(opened: ClinicConfigInput | undefined, v: AdminForm): ClinicConfigInput {
  const made = toConfig(v) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...opened, ...made };
  // A city's local content keeps the keys the form has no input for (none today; a later schema's).
  if (opened?.localContent && made.localContent) {
    const others = Object.fromEntries(Object.entries(opened.localContent).filter(([k]) => !LOCAL_KEYS.includes(k)));
    merged.localContent = { ...others, ...(made.localContent as object) };
  }
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  if (merged.localContent) {
    const lc = merged.localContent as Record<string, unknown>;
    for (const [key, value] of Object.entries(lc)) if (value === undefined) delete lc[key];
  }
  return merged as unknown as ClinicConfigInput;
}

/** The keys of localContent the form edits. */
const LOCAL_KEYS = ['whyCity', 'team', 'faq', 'areasServed'];

/** True when two sets of form values make the same config (what Save would send is unchanged). */
export function sameForm(a: AdminForm, b: AdminForm): boolean {
  return JSON.stringify(toConfig(a)) === JSON.stringify(toConfig(b));
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
 * The clinic config sent to POST /api/generate-clinic-website. domainName has no input (spec): the
 * site's address is the Website field, which gives canonical links, and deploys use its host name
 * as the deployment's domain. deploymentType is 'static'; primaryColor keeps the schema default.
 */
export function toConfig(v: AdminForm): ClinicConfigInput {
  const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const social = Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, opt(v.socialMedia[key])]).filter(([, x]) => x !== undefined));
  return {
    businessName: v.businessName.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    address: v.address.trim(),
    zipCode: v.zipCode.trim(),
    phone: v.phone.trim(),
    email: v.email.trim(),
    website: opt(v.website),
    description: opt(v.description),
    logoUrl: opt(v.logoUrl),
    // false is the schema's default: left out, so a config without the flag stays without it.
    logoIncludesName: v.logoIncludesName || undefined,
    logoLightUrl: opt(v.logoLightUrl),
    font: v.font,
    photos: photosConfig(v.photos),
    deploymentType: 'static',
    services: { ...v.services },
    socialMedia: social,
    businessProfiles: v.businessProfiles.map((p) => p.url),
    primaryColor: opt(v.primaryColor),
    timeZone: opt(v.timeZone),
    // None given: left out, and the schema says the city's hours are required.
    hours: v.hours.length ? v.hours.map((h) => ({ days: DAYS.filter((d) => (h.days || []).includes(d)), opens: h.opens.trim(), closes: h.closes.trim() })) : (undefined as unknown as ClinicConfigInput['hours']),
    specialHours: v.specialHours.length
      ? v.specialHours.map((e) => ({
          label: e.label.trim(),
          date: e.date.trim(),
          ...(opt(e.through) ? { through: e.through.trim() } : {}),
          ...(e.kind === 'closed' ? { closed: true } : { opens: e.opens.trim(), closes: e.closes.trim() }),
        }))
      : undefined,
    bookingUrl: opt(v.bookingUrl),
    canonical: v.canonical === '' ? undefined : v.canonical,
    isAcceptingNewPatients: fromTri(v.isAcceptingNewPatients),
    telehealth: fromTri(v.telehealth),
    geo: opt(v.latitude) || opt(v.longitude) ? ({ latitude: numberOf(v.latitude), longitude: numberOf(v.longitude) } as { latitude: number; longitude: number }) : undefined,
    localContent: localContentOf(v),
    // Left out when none is given: the schema then names each of the three (decision 14).
    legal:
      opt(v.governingLaw) || opt(v.courts) || opt(v.effectiveDate)
        ? ({ governingLaw: opt(v.governingLaw), courts: opt(v.courts), effectiveDate: opt(v.effectiveDate) } as ClinicConfigInput['legal'])
        : undefined,
    costs: costsConfig(v),
    contactEndpoint: opt(v.contactEndpoint),
  };
}


/** The config's localContent: only the parts the city has (none at all: left out). */
function localContentOf(v: AdminForm): ClinicConfigInput['localContent'] {
  const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const areas = v.areasServed.split('\n').map((a) => a.trim()).filter(Boolean);
  const out = {
    ...(opt(v.whyCity) ? { whyCity: v.whyCity.trim() } : {}),
    ...(v.team.length
      ? {
          team: v.team.map((m) => ({
            name: m.name.trim(),
            credentials: m.credentials.trim(),
            ...(opt(m.role) ? { role: m.role.trim() } : {}),
            ...(opt(m.bio) ? { bio: m.bio.trim() } : {}),
            ...(m.photo ? { photo: { src: m.photo.src.trim(), alt: m.photo.alt.trim() } } : {}),
          })),
        }
      : {}),
    ...(v.faq.length ? { faq: v.faq.map((f) => ({ question: f.question.trim(), answer: f.answer.trim() })) } : {}),
    ...(areas.length ? { areasServed: areas } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/**
 * The logo as the admin page can show it: an upload of this server (`/uploads/...`) or an absolute
 * URL. Any other site path names a file beside a YAML config (`/images/tampa/logo.svg`), which the
 * site build reads but the admin does not serve: shown as its path, not as a broken image.
 */
export function shownLogo(url: string | undefined): string | undefined {
  return url && (/^\/uploads\//.test(url) || /^https?:\/\//i.test(url)) ? url : undefined;
}


/** Where a server error key (`businessProfiles[2]`, `domainName`, `photos.gallery[0].alt`) shows on the form. */
export function formFieldOf(key: string): string {
  if (key === 'domainName') return 'website';
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
