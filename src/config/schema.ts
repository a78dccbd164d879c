import * as z from 'zod';
import { boolean, clock, domainName, email, hexColor, httpsUrl, httpUrl, line, phone, prose, requiredLine, socialHandle } from './fields.js';
import { calendarDate, overlappingEntries, SPECIAL_HOURS_MAX, specialHoursEntry } from './special-hours.js';
import { isTimeZone } from './time-zone.js';
import { DEFAULT_SERVICES } from './services.js';
import { localContentSchema } from './local-content.js';
import { photoSchema } from './photo.js';
import { CITY_NAME, cityHasSafeSlug } from './slug.js';
import { lookupState } from './states.js';
import { isHttpEndpoint, isPathEndpoint } from './endpoint-form.js';
import { LANGS } from './languages.js';
import { spanishSchema } from './translations.js';

export { localContentSchema, photoSchema };

/**
 * The clinic config: what a YAML file under configs/ or the admin form holds (spec section 3),
 * plus opening hours, geo coordinates and local content. One schema for the CLI, the server and
 * the admin; defaults live here and nowhere else.
 */

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Day = (typeof DAYS)[number];

const day = z.enum(DAYS, { error: 'expected a day name like Monday' });

const hoursEntry = z
  .strictObject({
    days: z.array(day, { error: 'expected a list of day names like [Monday, Tuesday]' }).min(1).max(7),
    opens: clock(),
    closes: clock(),
  })
  .refine((h) => h.opens < h.closes, { error: 'expected opens to be earlier than closes', path: ['closes'] });

/**
 * The week's opening hours: each city's own (NOTES.md decision 14), never a default. A day no entry
 * lists shows as closed.
 */
const HOURS_EXAMPLE = "a list like [{days: [Monday, Tuesday, Wednesday, Thursday, Friday], opens: '09:00', closes: '18:00'}] (a day not listed shows as closed)";
const hoursSchema = z
  .array(hoursEntry, {
    error: (i) => (i.input === undefined ? `required: this city's own opening hours, as ${HOURS_EXAMPLE}` : `expected this city's opening hours as ${HOURS_EXAMPLE}`),
  })
  .min(1, { error: `expected at least one entry: this city's own opening hours, as ${HOURS_EXAMPLE}` })
  .max(7)
  // A day in two entries (or twice in one) would publish two opening times for it: the page
  // showed the last, the JSON-LD both. Named at the entry where the day comes again, as init says it.
  .superRefine((hours, ctx) => {
    const seen = new Map<Day, number>();
    hours.forEach((h, i) => {
      for (const d of h.days) {
        const at = seen.get(d);
        if (at === undefined) seen.set(d, i);
        else ctx.addIssue({ code: 'custom', path: [i, 'days'], message: at === i ? `expected each day once: ${d} is listed twice` : `expected each day once: ${d} is also in hours[${at}]` });
      }
    });
  });

/** The six service switches, with the spec's defaults (DEFAULT_SERVICES). */
export const servicesSchema = z
  .strictObject({
    trt: boolean('offer TRT').default(DEFAULT_SERVICES.trt),
    semaglutide: boolean('offer semaglutide weight loss').default(DEFAULT_SERVICES.semaglutide),
    nadTherapy: boolean('offer NAD+ therapy').default(DEFAULT_SERVICES.nadTherapy),
    peptideTherapy: boolean('offer peptide therapy').default(DEFAULT_SERVICES.peptideTherapy),
    vitaminInjections: boolean('offer vitamin injections').default(DEFAULT_SERVICES.vitaminInjections),
    hormone_optimization: boolean('offer hormone optimization').default(DEFAULT_SERVICES.hormone_optimization),
  })
  .prefault({});

export const socialMediaSchema = z
  .strictObject({
    instagram: socialHandle('Instagram').optional(),
    facebook: socialHandle('Facebook').optional(),
    youtube: socialHandle('YouTube').optional(),
    tiktok: socialHandle('TikTok').optional(),
    pinterest: socialHandle('Pinterest').optional(),
  })
  .prefault({});

/** Spec section 2 knows no photos; a hero and a small gallery are what a clinic site shows. */
export const PHOTOS_GALLERY_MAX = 8;
export const photosSchema = z
  .strictObject({
    hero: photoSchema.optional(),
    gallery: z.array(photoSchema).max(PHOTOS_GALLERY_MAX, { error: `expected at most ${PHOTOS_GALLERY_MAX} gallery photos` }).default([]),
  })
  .prefault({});


/**
 * What the Terms & Conditions and the Privacy Policy state of this city's clinic: the law and courts
 * that govern the terms, and the date both take effect. Each is the city's own (NOTES.md decision
 * 14): another city's courts in a patient's terms would be a false statement, so none is filled in.
 */
export const legalFields = z.strictObject({
  governingLaw: requiredLine("the state whose law governs this city's terms, like Florida", 40),
  courts: requiredLine("the courts this city's terms name for disputes, like Hillsborough County", 80),
  effectiveDate: calendarDate("the date this city's privacy policy and terms take effect", 'a date like 2024-01-01', 'required'),
});
// Absent `legal` reads as an empty one, so each missing fact is named by its own field
// (legal.courts: required: ...) rather than once for the whole block. The empty object never
// validates: the cast only lets the prefault's type be what a user writes.
const legalSchema = legalFields.prefault(() => ({}) as z.input<typeof legalFields>);

/** The ways a city may say it takes payment, in the order the site lists them. */
export const PAYMENT_METHODS = ['cash', 'card', 'hsa-fsa', 'financing'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What patients ask before they call: what a first visit costs (or that pricing is given at the
 * consultation), how they may pay, and the city's word on insurance. Each optional and the city's
 * own: a city that gives none shows none, and no figure is ever made up.
 */
const costsSchema = z.strictObject({
  firstVisit: prose(
    'one or two sentences on what a first visit costs, like "A first consultation is $99, including a baseline lab panel." or "Pricing is given at your consultation."',
    300,
  ).optional(),
  payment: z
    .array(z.enum(PAYMENT_METHODS, { error: `expected one of ${PAYMENT_METHODS.join(', ')}` }), { error: `expected a list of ${PAYMENT_METHODS.join(', ')}` })
    .min(1, { error: `expected at least one of ${PAYMENT_METHODS.join(', ')}` })
    .refine((l) => new Set(l).size === l.length, { error: 'expected each payment method once' })
    .optional(),
  insurance: prose(
    'one plain sentence on insurance, like "We do not bill insurance; we give you a receipt to send to your insurer."',
    300,
  ).optional(),
});

/** The typefaces a site can be set in: two self-hosted variable fonts, or the device's own. */
export const FONT_CHOICES = ['inter', 'source-sans-3', 'system'] as const;
export type FontChoice = (typeof FONT_CHOICES)[number];

/** A path on the site (`/uploads/logo-1a2b.png`) or an absolute http(s) URL. */
const logoUrl = z
  .string({ error: 'expected a logo URL like https://example.com/logo.png or a site path like /uploads/logo.png' })
  .trim()
  .max(2048)
  .refine((v) => /^\/(?!\/)[A-Za-z0-9._~\/-]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v), {
    error: 'expected a logo URL like https://example.com/logo.png or a site path like /uploads/logo.png',
  });

export { CONTACT_API_PATH } from './endpoint-form.js';

/**
 * Where the contact form posts: the clinic server's contact API as an absolute URL, so the site
 * works on any host; or a path, which only works on the clinic server (build warns). Absent, the
 * admin fills in its own URL and build warns (src/site/pipeline.ts).
 */
const contactEndpoint = z
  .string({ error: 'expected the URL of the clinic server\'s contact API, like https://clinic.example.com/api/contact' })
  .trim()
  .max(2048, { error: 'expected a URL of at most 2048 characters' })
  .refine((v) => isPathEndpoint(v) || isHttpEndpoint(v), {
    error: 'expected the URL of the clinic server\'s contact API, like https://clinic.example.com/api/contact (or a path like /api/contact, which only works on the clinic server)',
  });

const CITY_NOT_LATIN = 'expected a city name written in Latin letters (its web address is made from it), like Tampa';

/** A list of the languages pages are published in (issue 40): English required, each once. A city's defaults to English; the brand settings' stays absent when not given. */
export function languageList() {
  return z
    .array(z.enum(LANGS, { error: 'expected a language code: en (English) or es (Spanish)' }), { error: 'expected a list of languages like [en, es]' })
    .min(1, { error: "expected at least en (English): the site's root is English" })
    .refine((l) => l.includes('en'), { error: "expected en in the list: English pages are the site's root, other languages sit beside them (/es/)" })
    .refine((l) => new Set(l).size === l.length, { error: 'expected each language once' });
}

export const clinicConfigSchema = z.strictObject({
  businessName: line('the clinic brand name', 80),
  // The city's slug names its output folder and its web address (citySlug): a city written in
  // another script would give an empty one, so only Latin letters (accents allowed) are taken.
  city: line('a city name like Tampa', 60)
    .regex(CITY_NAME, {
      error: (iss) =>
        /^[\p{L}][\p{L}\p{M} .'-]*$/u.test(String(iss.input))
          ? CITY_NOT_LATIN
          : 'expected a city name of letters, spaces, periods, apostrophes and hyphens',
    })
    // Passes what the pattern refused (already reported) so a city gets one message, not two.
    .refine((v) => !CITY_NAME.test(v) || cityHasSafeSlug(v), { error: CITY_NOT_LATIN }),
  state: line('a US state code or name like FL or Florida', 30).refine((v) => lookupState(v) !== undefined, {
    error: 'expected a US state code or name like FL or Florida',
  }),
  address: line('a street address like 5950 Newberry Pines Avenue', 120),
  zipCode: z
    .string({ error: (i) => (i.input === undefined ? 'missing; expected a ZIP code like 33545' : 'expected a ZIP code like 33545') })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: 'expected a ZIP code like 33545' }),
  phone: phone(),
  email: email(),
  website: httpUrl().optional(),
  domainName: domainName().optional(),
  // On a brand site as well as its own domain (issue 24): which of the two canonical links name.
  // Absent: `brand` once the city is listed on a brand site (its own domain then points there).
  canonical: z.enum(['brand', 'own'], { error: 'expected brand (the brand site is canonical) or own (the city\'s own domain is)' }).optional(),
  deploymentType: z.enum(['static'], { error: 'expected static' }).default('static'),
  services: servicesSchema,
  socialMedia: socialMediaSchema,
  businessProfiles: z
    .array(httpUrl('an http:// or https:// link to a business profile'))
    .max(30, { error: 'expected at most 30 business profile links' })
    .default([]),
  logoUrl: logoUrl.optional(),
  // A wordmark logo already says the clinic's name: printing it again beside the logo reads twice.
  logoIncludesName: boolean('whether the logo already shows the clinic name').default(false),
  // The footer is dark: a logo drawn for light backgrounds needs a light version, else a light plate.
  logoLightUrl: logoUrl.optional(),
  description: prose('a short description of the clinic', 400).optional(),
  primaryColor: hexColor().default('#1d4ed8'),
  // The brand typeface, self-hosted with the site (src/site/fonts/); `system` uses the device's own.
  font: z
    .enum(FONT_CHOICES, { error: `expected one of ${FONT_CHOICES.join(', ')}` })
    .default('inter'),
  // The languages the site is published in (issue 40): English at the root, Spanish under /es/.
  languages: languageList().default(['en']),
  hours: hoursSchema,
  // Dated exceptions to the week (special-hours.ts): shown until their last day has passed.
  specialHours: z
    .array(specialHoursEntry)
    .max(SPECIAL_HOURS_MAX, { error: `expected at most ${SPECIAL_HOURS_MAX} special-hours entries; remove those long past` })
    .default([]),
  // Where a state has two zones, the city's own (time-zone.ts); else the state's is used.
  timeZone: z
    .string({ error: 'expected an IANA time zone like America/Chicago' })
    .trim()
    .refine(isTimeZone, { error: 'expected an IANA time zone like America/New_York or America/Chicago' })
    .optional(),
  // The specification notes, decision 11: Schedule Consultation goes here when set; the contact form stays on /contact.
  bookingUrl: httpsUrl("an https:// link to the clinic's online booking page, like https://booking.example.com/northstar-tampa").optional(),
  isAcceptingNewPatients: boolean('whether the clinic takes new patients now').optional(),
  telehealth: boolean('whether patients can have visits by video').optional(),
  geo: z
    .strictObject({
      latitude: z.number({ error: 'expected a latitude between -90 and 90' }).min(-90).max(90),
      longitude: z.number({ error: 'expected a longitude between -180 and 180' }).min(-180).max(180),
    })
    .optional(),
  photos: photosSchema,
  localContent: localContentSchema,
  // The city's own words in Spanish, for its Spanish pages (translations.ts; issue 40 item 3).
  es: spanishSchema,
  legal: legalSchema,
  costs: costsSchema.optional(),
  contactEndpoint: contactEndpoint.optional(),
}).superRefine((c, ctx) => {
  for (const [first, second] of overlappingEntries(c.specialHours)) {
    const e = c.specialHours[first]!;
    ctx.addIssue({
      code: 'custom',
      path: ['specialHours', second, 'date'],
      message: `expected no day in two entries: overlaps specialHours[${first}] (${e.label}, ${e.date}${e.through && e.through !== e.date ? ` through ${e.through}` : ''})`,
    });
  }
  // Canonical URLs, the sitemap and Open Graph need an absolute address for the site.
  if (!c.domainName && !c.website) {
    ctx.addIssue({
      code: 'custom',
      path: ['domainName'],
      message: 'missing; expected a domain name like tampa.example.com (or a website URL) for canonical links',
    });
  }
});

/** What a user writes (YAML, admin form). */
export type ClinicConfigInput = z.input<typeof clinicConfigSchema>;
/** What the code uses: defaults filled in. */
export type ClinicConfig = z.output<typeof clinicConfigSchema>;
export type Services = ClinicConfig['services'];
export type ServiceKey = keyof Services;
export type HoursEntry = ClinicConfig['hours'][number];
export type { SpecialHoursEntry } from './special-hours.js';
