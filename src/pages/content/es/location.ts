import type { ServiceDef } from '../../../config/services.js';
import type { Site } from '../../page-model.js';
import { offeredCare } from './home.js';
import type { Hero, PageMeta } from '../types.js';

/**
 * Spanish (es-US) counterpart of ../location.ts: the copy of a location's own pages on a brand
 * site (NOTES.md decision 16, issue 36 item 2): its page, which says what only this clinic can
 * (where, when, who, its own words), and its page of a treatment it has text of its own for.
 * What a treatment is lives once, on the brand's page of it.
 */

/** The location page's hero: the clinic by its city, led by the config's description when it gives one. */
export function locationHero(site: Site): Hero {
  return {
    eyebrow: `Clínica de salud masculina en ${site.city}, ${site.stateCode}`,
    title: `${site.name} en ${site.city}`,
    lead: site.config.description ?? `Ofrecemos, con supervisión médica, ${offeredCare(site, 3)} en nuestra clínica ubicada en ${site.addressLines[0]}, con análisis de sangre y visitas de seguimiento aquí mismo.`,
  };
}

/** The heading of the location page's list of treatments. */
export function locationTreatmentsTitle(site: Site): string {
  return `Tratamientos en ${site.city}`;
}

/** The line under it: each treatment's page says what it is; a consultation here comes first. */
export const LOCATION_TREATMENTS_LEAD = 'Cada uno se receta después de una consulta y análisis de sangre con un profesional de la salud con licencia. Lea en la página de cada tratamiento en qué consiste.';

/** Title and description of a location's own page of a treatment. */
export function locationTreatmentMeta(site: Site, service: ServiceDef): PageMeta {
  return {
    title: `${service.label} en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `${service.label} en ${site.name}, en ${site.city}, ${site.stateCode}: cómo lo ofrece esta clínica, su horario y dirección, y cómo programar una consulta.`,
  };
}

/** The hero of a location's own page of a treatment. */
export function locationTreatmentHero(site: Site, service: ServiceDef): Hero {
  return {
    eyebrow: `${site.name} en ${site.city}, ${site.stateCode}`,
    title: `${service.label} en ${site.city}`,
    lead: `Cómo ofrece ${service.label} nuestra clínica de ${site.city}, después de una consulta y análisis de sangre con un profesional de la salud con licencia.`,
  };
}

/** The heading of the clinic's own words on a treatment (the city's page of it, or the location's). */
export function ownTreatmentTitle(site: Site, service: ServiceDef): string {
  return `${service.label} en nuestra clínica de ${site.city}`;
}
