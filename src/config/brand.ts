import * as z from 'zod';
import { domainName, email, prose, requiredLine } from './fields.js';
import { calendarDate } from './special-hours.js';
import { clinicConfigSchema, languageList, type ClinicConfigInput } from './schema.js';

/**
 * The brand: what every city of the clinic group shares (issue 23): its name, colour, typeface,
 * logo, services and description. The admin keeps them as brand settings: a small config file's
 * text, kept in the server's store and copied to `brand.yaml` in its data folder
 * (docs/serving.md); a new city starts from them and nothing else, and Duplicate copies these
 * fields of a city and no other.
 */
export const BRAND_FIELDS = ['businessName', 'description', 'primaryColor', 'font', 'logoUrl', 'logoLightUrl', 'logoIncludesName', 'services'] as const satisfies readonly (keyof ClinicConfigInput)[];
export type BrandField = (typeof BRAND_FIELDS)[number];

const s = clinicConfigSchema.shape;

/**
 * What the brand site's own Privacy Policy and Terms & Conditions state (issue 36): the law that
 * governs the website's terms, the date both take effect, and where patients write about them. The
 * brand's own facts, never a city's (NOTES.md decision 14); each location's courts come from its
 * own config, and the terms list them.
 */
export const brandLegalSchema = z.strictObject({
  governingLaw: requiredLine("the state whose law governs the brand site's terms, like Florida", 40),
  effectiveDate: calendarDate("the date the brand site's privacy policy and terms take effect", 'a date like 2024-01-01', 'required'),
  email: email(),
});

/** The labels of the brand's legal fields, as the admin shows them and its messages name them. */
export const BRAND_LEGAL_LABELS = {
  governingLaw: 'Governing law (state)',
  effectiveDate: 'Policies effective date',
  email: 'Privacy and legal email',
} as const satisfies Record<keyof z.output<typeof brandLegalSchema>, string>;

/** Brand settings (the store's brand text, brand.yaml): the brand fields of a clinic config, checked by the same rules and messages; only the name is required. */
export const brandSchema = z.strictObject({
  businessName: s.businessName,
  description: s.description,
  primaryColor: s.primaryColor.optional(),
  font: s.font.optional(),
  logoUrl: s.logoUrl,
  logoLightUrl: s.logoLightUrl,
  logoIncludesName: s.logoIncludesName.optional(),
  services: s.services.optional(),
  // The brand site's (issue 24), not a city's: never copied into a new city (not in BRAND_FIELDS).
  /** The brand site's domain; without it there is no brand site yet. */
  domainName: domainName().optional(),
  /**
   * The languages of the brand site's own pages (issue 40 item 5): `[en, es]` adds its Spanish
   * pages under `/es/`, listing the locations whose own config publishes Spanish. Absent: English.
   */
  languages: languageList().optional(),
  /** The brand's description in Spanish, for its Spanish pages; absent there, the English one shows and the build says so. */
  es: z.strictObject({ description: prose("a short description of the clinic group in Spanish", 400).optional() }).optional(),
  /** The brand site's privacy policy and terms: required for a brand site (src/brand-site/config.ts), never copied into a city. */
  legal: z.preprocess((v) => v ?? {}, brandLegalSchema).optional(),
  /** The cities listed on the brand site, by state code (`FL: [tampa, orlando]`, city slugs); absent, every stored city. */
  locations: z
    .record(
      z.string(),
      z.array(z.string({ error: 'expected a city slug, like tampa' }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'expected a city slug, like tampa' }), {
        error: 'expected a list of city slugs, like [tampa, orlando]',
      }),
      { error: 'expected the listed cities by state, like FL: [tampa, orlando]' },
    )
    .optional(),
});

/**
 * The brand site's name in the release store and in redeploy-all runs: it has a digit, which no
 * city slug has (a city name is letters, spaces, dots, apostrophes and hyphens: slug.ts), so no
 * stored city can ever take it.
 */
export const BRAND_SITE_NAME = 'brand-site-0';

/** The brand settings' fields that are the brand site's alone: kept with the brand, never copied into a city. */
export const BRAND_SITE_FIELDS = ['domainName', 'legal', 'locations', 'languages', 'es'] as const;

export type BrandInput = z.input<typeof brandSchema>;

/** The brand fields a config has (deep-copied), and none of its others. */
export function brandOf(config: Partial<ClinicConfigInput> | Record<string, unknown>): BrandInput {
  const out: Record<string, unknown> = {};
  for (const key of BRAND_FIELDS) {
    const v = (config as Record<string, unknown>)[key];
    if (v !== undefined && v !== '') out[key] = structuredClone(v);
  }
  return out as BrandInput;
}

/**
 * Brand settings as kept: the brand fields as given and the brand site's (domain, listed
 * locations) as `checked` (brandSchema's output: the domain trimmed and lowercased), deep-copied.
 */
export function brandSettingsOf(input: Record<string, unknown>, checked: Record<string, unknown> = input): BrandInput {
  const out = brandOf(input) as Record<string, unknown>;
  for (const key of BRAND_SITE_FIELDS) {
    const v = checked[key];
    if (v !== undefined && v !== '') out[key] = structuredClone(v);
  }
  return out as BrandInput;
}

/** The fields of `config` that are not the brand's and hold something: what a duplicate leaves out. */
export function notBrandFields(config: Record<string, unknown>): string[] {
  const empty = (v: unknown) =>
    v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(empty));
  return Object.keys(config).filter((k) => !(BRAND_FIELDS as readonly string[]).includes(k) && k !== 'deploymentType' && !empty(config[k]));
}

/** True when a config's description names its own city: that city's text, not the brand's. */
export function descriptionNamesCity(config: { description?: unknown; city?: unknown }): boolean {
  const d = typeof config.description === 'string' ? config.description.toLowerCase() : '';
  const c = typeof config.city === 'string' ? config.city.trim().toLowerCase() : '';
  return d !== '' && c !== '' && d.includes(c);
}
