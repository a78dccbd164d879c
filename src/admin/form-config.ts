import { DAYS, type ClinicConfigInput, type ServiceKey } from '../config/schema.js';
import { SOCIAL_NETWORKS } from '../config/social.js';
import { SERVICES } from '../config/services.js';
import type { AdminForm, TriState } from './form.js';
import { costsConfig } from './form-costs.js';
import { entryEs, spanishConfigOf } from './form-spanish.js';
import type { PhotosValue, PhotoValue } from './sections/photos.js';

/**
 * How the admin form's values become a clinic config (spec section 3): the form holds strings as
 * typed; `toConfig` trims them and leaves empty optional fields out, so the server's schema (the
 * one clinic schema) decides what is valid; `mergeConfig` lays them over the opened config.
 */

const fromTri = (v: TriState): boolean | undefined => (v === 'yes' ? true : v === 'no' ? false : undefined);

/** A number typed in a text input: the number, or the text itself (the schema then names the field). */
function numberOf(s: string): number | string {
  const n = Number(s.trim());
  return s.trim() !== '' && Number.isFinite(n) ? n : s.trim();
}

/** The photos a config gets: trimmed, and none at all (the schema's default) when there are none. */
function photosConfig(p: PhotosValue): ClinicConfigInput['photos'] {
  if (!p.hero && p.gallery.length === 0) return undefined;
  const clean = (x: PhotoValue): PhotoValue => ({ src: x.src.trim(), alt: x.alt.trim(), ...entryEs(x.es) });
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
const LOCAL_KEYS = ['whyCity', 'treatmentText', 'team', 'faq', 'areasServed'];

/** True when two sets of form values make the same config (what Save would send is unchanged). */
export function sameForm(a: AdminForm, b: AdminForm): boolean {
  return JSON.stringify(toConfig(a)) === JSON.stringify(toConfig(b));
}

/**
 * The clinic config sent to POST /api/generate-clinic-website. domainName has no input (spec): the
 * site's address is the Website field, which gives canonical links, and deploys use its host name
 * as the deployment's domain. deploymentType is 'static'; primaryColor is the Brand card's colour
 * when one is set, else the schema default.
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
    // English alone is the schema's default: left out, so a config without the list stays without it.
    languages: v.spanish ? ['en', 'es'] : undefined,
    // The city's words in Spanish, kept (and saved) whether or not Spanish is switched on. A draft
    // kept by an earlier release has none: `es` is then left out, and a save keeps the opened one's.
    ...(v.es ? { es: spanishConfigOf(v.es, v.services) } : {}),
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
          ...entryEs(e.es),
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
    ...treatmentTextOf(v),
    ...(v.team.length
      ? {
          team: v.team.map((m) => ({
            name: m.name.trim(),
            credentials: m.credentials.trim(),
            ...(opt(m.role) ? { role: m.role.trim() } : {}),
            ...(opt(m.bio) ? { bio: m.bio.trim() } : {}),
            ...(m.photo ? { photo: { src: m.photo.src.trim(), alt: m.photo.alt.trim(), ...entryEs(m.photo.es) } } : {}),
            ...entryEs(m.es),
          })),
        }
      : {}),
    ...(v.faq.length ? { faq: v.faq.map((f) => ({ question: f.question.trim(), answer: f.answer.trim() })) } : {}),
    ...(areas.length ? { areasServed: areas } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/**
 * The treatment texts a config gets: those of the services switched on, trimmed; an empty one is
 * left out, and so is all of `treatmentText` when none is left. The text of a service switched
 * off stays on the form (switched on again, it is there) but is not saved: no page shows it.
 */
function treatmentTextOf(v: AdminForm): { treatmentText?: Partial<Record<ServiceKey, string>> } {
  const given = SERVICES.flatMap((s) => {
    // `?.`: a draft kept by an earlier release (drafts.ts) has no treatmentText.
    const text = (v.treatmentText?.[s.key] ?? '').trim();
    return v.services[s.key] && text ? [[s.key, text] as const] : [];
  });
  return given.length ? { treatmentText: Object.fromEntries(given) } : {};
}
