import type { ClinicConfig } from '../config/schema.js';

/**
 * The form's first values (spec section 3: "initially filled with sample values"): the served
 * clinic's business details and services, but no social handles or profile links: those belong to
 * one city, and a new city would otherwise inherit the sample's accounts unnoticed.
 */
export function initialValues(config: ClinicConfig) {
  return {
    businessName: config.businessName,
    city: config.city,
    state: config.state,
    address: config.address,
    zipCode: config.zipCode,
    phone: config.phone,
    email: config.email,
    website: config.website ?? (config.domainName ? `https://${config.domainName}` : ''),
    description: config.description ?? '',
    services: config.services,
    socialMedia: {},
    businessProfiles: [],
  };
}
