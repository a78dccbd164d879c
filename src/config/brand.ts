import { z } from 'zod';
import { clinicConfigSchema, type ClinicConfigInput } from './schema.js';

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
});

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
