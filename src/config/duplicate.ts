import type { ClinicConfigInput } from './schema.js';

/**
 * The fields that belong to one city: its place, its contacts, its accounts, its local copy, its
 * logo (with its light variant) and its photos (of that clinic, its rooms and its team).
 * Duplicate clears them; everything else (brand name, description, services, colour, hours, legal
 * text, where the contact form posts) is the brand's and is copied. A local field left behind would
 * put Tampa's phone or @northstartampa on the Lakeland site unless the operator noticed.
 */
export const LOCAL_FIELDS = [
  'city',
  'address',
  'zipCode',
  'phone',
  'email',
  'website',
  'domainName',
  'socialMedia',
  'businessProfiles',
  'localContent',
  'logoUrl',
  'logoLightUrl',
  'logoIncludesName',
  'photos',
  'geo',
] as const satisfies readonly (keyof ClinicConfigInput)[];

/**
 * A new, unsaved city made from `config`: the brand and services copied, the local fields cleared
 * (the required ones as empty strings for the form to fill, the optional ones left out). Pure: the
 * source is neither changed nor shared (a deep copy), so editing the copy leaves the original as it was.
 */
export function duplicateConfig(config: ClinicConfigInput): ClinicConfigInput {
  const copy = structuredClone(config) as Record<string, unknown>;
  for (const key of LOCAL_FIELDS) delete copy[key];
  return { ...(copy as Omit<ClinicConfigInput, (typeof LOCAL_FIELDS)[number]>), city: '', address: '', zipCode: '', phone: '', email: '', socialMedia: {}, businessProfiles: [] };
}
