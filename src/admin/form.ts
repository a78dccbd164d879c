import type { ClinicConfigInput, FontChoice, ServiceKey } from '../config/schema.js';
import { SOCIAL_NETWORKS, type SocialKey } from '../config/social.js';
import { DEFAULT_SERVICES, SERVICES } from '../config/services.js';
import { DEFAULT_FONT, isFontChoice } from './font-choices.js';
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
  };
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
 * input for (hours, geo, localContent, legal, domainName, primaryColor, contactEndpoint...) are kept,
 * never dropped by a save. A field emptied on the form is left out (JSON drops `undefined`).
 */
export function mergeConfig(opened: ClinicConfigInput | undefined, v: AdminForm): ClinicConfigInput {
  const merged: Record<string, unknown> = { ...opened, ...toConfig(v) };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged as unknown as ClinicConfigInput;
}

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
  };
}

/**
 * The logo as the admin page can show it: an upload of this server (`/uploads/...`) or an absolute
 * URL. Any other site path names a file beside a YAML config (`/images/tampa/logo.svg`), which the
 * site build reads but the admin does not serve: shown as its path, not as a broken image.
 */
export function shownLogo(url: string | undefined): string | undefined {
  return url && (/^\/uploads\//.test(url) || /^https?:\/\//i.test(url)) ? url : undefined;
}

/** The host name of the Website field, the deployment's domainName; undefined when there is none. */
export function domainOf(website: string | undefined): string | undefined {
  try {
    return website ? new URL(website).hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Where a server error key (`businessProfiles[2]`, `domainName`, `photos.gallery[0].alt`) shows on the form. */
export function formFieldOf(key: string): string {
  if (key === 'domainName') return 'website';
  return key.replace(/^businessProfiles\[(\d+)\]$/, 'businessProfiles.$1.url').replace(/\[(\d+)\]/g, '.$1');
}
