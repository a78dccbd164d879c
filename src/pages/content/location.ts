import type { ServiceDef } from '../../config/services.js';
import type { Site } from '../page-model.js';
import { offeredCare } from './home.js';
import type { Hero, PageMeta } from './types.js';

/**
 * The copy of a location's own pages on a brand site (NOTES.md decision 16, issue 36 item 2): its
 * page, which says what only this clinic can (where, when, who, its own words), and its page of a
 * treatment it has text of its own for. What a treatment is lives once, on the brand's page of it.
 */

/** The location page's hero: the clinic by its city, led by the config's description when it gives one. */
export function locationHero(site: Site): Hero {
  return {
    eyebrow: `Men's Health Clinic in ${site.city}, ${site.stateCode}`,
    title: `${site.name} in ${site.city}`,
    lead: site.config.description ?? `Physician-supervised ${offeredCare(site, 3)} at our clinic on ${site.addressLines[0]}, with lab work and follow-up visits here.`,
  };
}

/** The heading of the location page's list of treatments. */
export function locationTreatmentsTitle(site: Site): string {
  return `Treatments in ${site.city}`;
}

/** The line under it: each treatment's page says what it is; a consultation here comes first. */
export const LOCATION_TREATMENTS_LEAD: string = 'Each is prescribed after a consultation and lab work with a licensed provider. Read what a treatment involves on its page.';

/** Title and description of a location's own page of a treatment. */
export function locationTreatmentMeta(site: Site, service: ServiceDef): PageMeta {
  return {
    title: `${service.label} in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `${service.label} at ${site.name} in ${site.city}, ${site.stateCode}: how this clinic provides it, its hours and address, and how to schedule a consultation.`,
  };
}

/** The hero of a location's own page of a treatment. */
export function locationTreatmentHero(site: Site, service: ServiceDef): Hero {
  return {
    eyebrow: `${site.name} in ${site.city}, ${site.stateCode}`,
    title: `${service.label} in ${site.city}`,
    lead: `How our ${site.city} clinic provides ${service.label}, after a consultation and lab work with a licensed provider.`,
  };
}

/** The heading of the clinic's own words on a treatment (the city's page of it, or the location's). */
export function ownTreatmentTitle(site: Site, service: ServiceDef): string {
  return `${service.label} at Our ${site.city} Clinic`;
}
