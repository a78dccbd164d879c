import { brandOf, descriptionNamesCity, notBrandFields } from './brand.js';
import type { ClinicConfigInput } from './schema.js';

/**
 * A new, unsaved city made from `config`: its brand fields copied (name, description, colour,
 * typeface, logo, services: src/config/brand.ts) and nothing else, with the required city fields
 * as empty strings for the form to fill. Everything else (place, contacts, accounts, hours, local
 * copy, photos, legal text, booking) belongs to one city: a field left behind would put Tampa's
 * phone or courts on the Lakeland site unless the operator noticed. Pure: the source is neither
 * changed nor shared (a deep copy).
 */
export function duplicateConfig(config: ClinicConfigInput): ClinicConfigInput {
  const brand = brandOf(config);
  // "Northstar in Tampa, Florida, ...": Tampa's text, not the brand's.
  if (descriptionNamesCity(config)) delete brand.description;
  return { ...brand, city: '', state: '', address: '', zipCode: '', phone: '', email: '' } as ClinicConfigInput;
}

/** The fields of `config` a duplicate does not copy and that held something (for the notice that says so). */
export function leftOutOfDuplicate(config: ClinicConfigInput): string[] {
  const left = notBrandFields(config as unknown as Record<string, unknown>);
  return descriptionNamesCity(config) ? [...left, 'description'] : left;
}
