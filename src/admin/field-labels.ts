import { BRAND_LEGAL_LABELS } from '../config/brand.js';
import { SOCIAL_NETWORKS } from '../config/social.js';
import { SERVICES } from '../config/services.js';

/** The heading of the treatments in the clinic's own words (sections/treatment-text.tsx). */
export const TREATMENT_TEXTS = 'Treatments in your own words';

/** The label of the Spanish pages' switch (Services Offered > Languages, and the brand settings' Languages). */
export const SPANISH_PAGES = 'Spanish pages (Español)';

/** The label of one treatment's text: `In your own words: TRT Therapy`. */
export const treatmentTextLabel = (service: string) => `In your own words: ${service}`;

/**
 * What an error list calls a field the server named by its config key (`zipCode`,
 * `businessProfiles[2]`, `photos.gallery[0].alt`): the label the operator sees on the form (issue
 * 23), and the id of its input when the form has one, so the list can link to it. A key the form
 * has no input for (a field kept from the YAML) is spelled out in words.
 */
const LABELS: Record<string, { label: string; id?: string }> = {
  businessName: { label: 'Business Name', id: 'field-businessName' },
  address: { label: 'Address', id: 'field-address' },
  city: { label: 'City', id: 'field-city' },
  state: { label: 'State', id: 'field-state' },
  zipCode: { label: 'ZIP Code', id: 'field-zipCode' },
  phone: { label: 'Phone', id: 'field-phone' },
  email: { label: 'Email', id: 'field-email' },
  website: { label: 'Website', id: 'field-website' },
  // A city without a domainName lives at its Website's host (config/site-domain.ts).
  domainName: { label: 'Website', id: 'field-website' },
  description: { label: 'Description', id: 'field-description' },
  // The brand settings' brand site fields (brand-settings.tsx names the server's keys so).
  brandSiteDomain: { label: 'Brand site domain', id: 'field-brand-site-domain' },
  brandSiteLocations: { label: 'Listed on the brand site', id: 'brand-site-locations' },
  'brandLegal.governingLaw': { label: BRAND_LEGAL_LABELS.governingLaw, id: 'field-brand-legal-governingLaw' },
  'brandLegal.effectiveDate': { label: BRAND_LEGAL_LABELS.effectiveDate, id: 'field-brand-legal-effectiveDate' },
  'brandLegal.email': { label: BRAND_LEGAL_LABELS.email, id: 'field-brand-legal-email' },
  logoUrl: { label: 'Logo file', id: 'logo-file' },
  logoLightUrl: { label: 'Logo for dark backgrounds' },
  font: { label: 'Typeface', id: 'field-font' },
  primaryColor: { label: 'Brand colour', id: 'field-primaryColor' },
  hours: { label: 'Weekly hours', id: 'field-hours' },
  specialHours: { label: 'Special hours' },
  timeZone: { label: 'Time zone', id: 'field-timeZone' },
  bookingUrl: { label: 'Online booking URL', id: 'field-bookingUrl' },
  canonical: { label: 'Canonical address on the brand site', id: 'field-canonical' },
  isAcceptingNewPatients: { label: 'Accepting new patients', id: 'field-isAcceptingNewPatients' },
  telehealth: { label: 'Video visits (telehealth)', id: 'field-telehealth' },
  geo: { label: 'Latitude and longitude', id: 'field-latitude' },
  socialMedia: { label: 'Social media' },
  businessProfiles: { label: 'Business Profile URLs' },
  photos: { label: 'Photos' },
  'geo.latitude': { label: 'Latitude', id: 'field-latitude' },
  'geo.longitude': { label: 'Longitude', id: 'field-longitude' },
  contactEndpoint: { label: 'Contact form address', id: 'field-contactEndpoint' },
  localContent: { label: 'Local content' },
  'localContent.whyCity': { label: 'Why this city', id: 'field-whyCity' },
  'localContent.treatmentText': { label: TREATMENT_TEXTS },
  'localContent.areasServed': { label: 'Areas served', id: 'field-areasServed' },
  'localContent.team': { label: 'Team' },
  'localContent.faq': { label: 'Local questions' },
  'legal.governingLaw': { label: 'Governing law (state)', id: 'field-governingLaw' },
  'legal.courts': { label: 'Courts', id: 'field-courts' },
  'legal.effectiveDate': { label: 'Policies effective date', id: 'field-effectiveDate' },
  costs: { label: 'Cost, payment and insurance' },
  'costs.firstVisit': { label: 'First visit', id: 'field-firstVisitCost' },
  'costs.payment': { label: 'Payment accepted', id: 'field-payment' },
  'costs.insurance': { label: 'Insurance', id: 'field-insurance' },
  config: { label: 'The clinic details' },
  // Spanish pages (issue 40): the switch, and the city's (or the brand's) own words in Spanish (sections/spanish-words.tsx).
  languages: { label: SPANISH_PAGES, id: 'field-spanish' },
  es: { label: 'Spanish words' },
  'es.description': { label: 'Description (Spanish)', id: 'field-es-description' },
  // The brand settings' description in Spanish, as its input reads (brand-settings.tsx names the server's `es.description` so).
  brandEsDescription: { label: 'Description in Spanish', id: 'field-es-description' },
  'es.localContent': { label: 'Spanish words' },
  'es.localContent.whyCity': { label: 'Why this city (Spanish)', id: 'field-es-localContent-whyCity' },
  'es.localContent.areasServed': { label: 'Areas served (Spanish)', id: 'field-es-localContent-areasServed' },
  'es.localContent.faq': { label: 'Local questions (Spanish)' },
  'es.localContent.treatmentText': { label: `${TREATMENT_TEXTS} (Spanish)` },
  'es.costs': { label: 'Cost and insurance (Spanish)' },
  'es.costs.firstVisit': { label: 'First visit (Spanish)', id: 'field-es-costs-firstVisit' },
  'es.costs.insurance': { label: 'Insurance (Spanish)', id: 'field-es-costs-insurance' },
};

const TEAM_FIELDS: Record<string, string> = { name: 'Name', credentials: 'Credentials', role: 'Role', bio: 'Biography', photo: 'Photo' };
const HOURS_FIELDS: Record<string, string> = { days: 'Days', opens: 'Opens', closes: 'Closes' };
const SPECIAL_FIELDS: Record<string, string> = { label: 'Label', date: 'Date', through: 'Through', closed: 'On those days', opens: 'Opens', closes: 'Closes' };

/** The rows of the Hours and Local content cards: `localContent.team[1].name` -> `Name (team member 2)`. */
function rowLabel(key: string): { label: string; id?: string } | undefined {
  const spanish = spanishRowLabel(key);
  if (spanish) return spanish;
  const area = /^localContent\.areasServed[.[](\d+)\]?$/.exec(key);
  if (area) return { label: `Areas served, line ${Number(area[1]) + 1}`, id: 'field-areasServed' };
  const team = /^localContent\.team[.[](\d+)\]?(?:\.(\w+))?(?:\.(src|alt))?$/.exec(key);
  if (team) {
    const [n, f, p] = [Number(team[1]), team[2], team[3]];
    if (f === 'photo' && p === 'alt') return { label: `Description of the photo (alt text, team member ${n + 1})`, id: `field-team-${n}-photo-alt` };
    if (f && TEAM_FIELDS[f]) return { label: `${TEAM_FIELDS[f]} (team member ${n + 1})`, id: f === 'photo' ? undefined : `field-team-${n}-${f}` };
    return { label: `Team member ${n + 1}` };
  }
  const faq = /^localContent\.faq[.[](\d+)\]?(?:\.(question|answer))?$/.exec(key);
  if (faq) {
    const n = Number(faq[1]) + 1;
    return faq[2] ? { label: `${faq[2] === 'question' ? 'Question' : 'Answer'} ${n}`, id: `field-faq-${n - 1}-${faq[2]}` } : { label: `Local question ${n}` };
  }
  const week = /^hours[.[](\d+)\]?(?:\.(\w+))?/.exec(key);
  if (week) {
    const [n, f] = [Number(week[1]), week[2]];
    if (f && HOURS_FIELDS[f]) return { label: f === 'days' ? `Days of row ${n + 1}` : `${HOURS_FIELDS[f]} (row ${n + 1})`, id: `field-hours-${n}-${f}` };
    return { label: `Weekly hours, row ${n + 1}` };
  }
  const special = /^specialHours[.[](\d+)\]?(?:\.(\w+))?$/.exec(key);
  if (special) {
    const [n, f] = [Number(special[1]), special[2]];
    if (f && SPECIAL_FIELDS[f]) return { label: `${SPECIAL_FIELDS[f]} (special hours ${n + 1})`, id: `field-specialHours-${n}-${f === 'closed' ? 'kind' : f}` };
    return { label: `Special hours ${n + 1}` };
  }
  return undefined;
}

/** The Spanish words of a list's entry: `localContent.team[0].es.bio` -> `Biography (Spanish, team member 1)`. */
function spanishRowLabel(key: string): { label: string; id?: string } | undefined {
  const team = /^localContent\.team[.[](\d+)\]?\.(photo\.)?es\.(role|bio|alt)$/.exec(key);
  if (team) {
    const [n, photo, f] = [Number(team[1]), team[2], team[3]!];
    if (photo) return { label: `Description of the photo (alt text in Spanish, team member ${n + 1})`, id: `field-team-${n}-photo-es-alt` };
    if (f !== 'alt') return { label: `${TEAM_FIELDS[f]} (Spanish, team member ${n + 1})`, id: `field-team-${n}-es-${f}` };
  }
  const special = /^specialHours[.[](\d+)\]?\.es(?:\.label)?$/.exec(key);
  if (special) return { label: `Label (Spanish, special hours ${Number(special[1]) + 1})`, id: `field-specialHours-${special[1]}-es-label` };
  if (/^photos\.hero\.es(\.alt)?$/.test(key)) return { label: 'Description of the hero photo (alt text in Spanish)', id: 'field-photos-hero-es-alt' };
  const photo = /^photos\.gallery[.[](\d+)\]?\.es(?:\.alt)?$/.exec(key);
  if (photo) return { label: `Description of clinic photo ${Number(photo[1]) + 1} (alt text in Spanish)`, id: `field-photos-gallery-${photo[1]}-es-alt` };
  const area = /^es\.localContent\.areasServed[.[](\d+)\]?$/.exec(key);
  if (area) return { label: `Areas served (Spanish), line ${Number(area[1]) + 1}`, id: 'field-es-localContent-areasServed' };
  const faq = /^es\.localContent\.faq[.[](\d+)\]?(?:\.(question|answer))?$/.exec(key);
  if (faq) {
    const n = Number(faq[1]);
    return faq[2] ? { label: `${faq[2] === 'question' ? 'Question' : 'Answer'} ${n + 1} (Spanish)`, id: `field-es-localContent-faq-${n}-${faq[2]}` } : { label: `Local question ${n + 1} (Spanish)` };
  }
  const service = SERVICES.find((s) => key === `es.localContent.treatmentText.${s.key}`);
  if (service) return { label: `${treatmentTextLabel(service.label)} (Spanish)`, id: `field-es-localContent-treatmentText-${service.key}` };
  return undefined;
}

/** `primaryColor` -> `Primary color`. */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** The label (and input id) of a server error key. */
export function fieldLabel(key: string): { label: string; id?: string } {
  const known = LABELS[key];
  if (known) return known;
  const social = /^socialMedia\.(\w+)$/.exec(key)?.[1];
  const network = SOCIAL_NETWORKS.find((n) => n.key === social);
  if (network) return { label: network.label, id: `field-social-${network.key}` };
  const service = SERVICES.find((s) => key === `services.${s.key}`);
  if (service) return { label: `Service: ${service.label}` };
  const treatment = SERVICES.find((s) => key === `localContent.treatmentText.${s.key}`);
  if (treatment) return { label: treatmentTextLabel(treatment.label), id: `field-treatmentText-${treatment.key}` };
  const profile = /^businessProfiles[.[](\d+)\]?(?:\.url)?$/.exec(key)?.[1];
  if (profile !== undefined) return { label: `Business profile URL ${Number(profile) + 1}` };
  if (key === 'photos.hero.src' || key === 'photos.hero') return { label: 'Hero photo' };
  if (key === 'photos.hero.alt') return { label: 'Description of the hero photo (alt text)', id: 'photo-hero-alt' };
  const photo = /^photos\.gallery[.[](\d+)\]?(?:\.(src|alt))?$/.exec(key);
  if (photo) {
    const n = Number(photo[1]);
    return photo[2] === 'alt' ? { label: `Description of clinic photo ${n + 1} (alt text)`, id: `photo-gallery-${n}-alt` } : { label: `Clinic photo ${n + 1}` };
  }
  const row = rowLabel(key);
  if (row) return row;
  // Anything else, in words: `localContent.team[0].name` -> `Local content, team 1, name`.
  const parts = key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : words(p)));
  const label = parts.reduce((out, p, i) => (i === 0 ? p : /^\d+$/.test(p) ? `${out} ${p}` : `${out}, ${p.toLowerCase()}`), '');
  return { label: label || key };
}
