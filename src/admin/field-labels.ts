import { SOCIAL_NETWORKS } from '../config/social.js';
import { SERVICES } from '../config/services.js';

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
  // The deployment's domain is the Website's host (form.ts, domainOf).
  domainName: { label: 'Website', id: 'field-website' },
  description: { label: 'Description', id: 'field-description' },
  logoUrl: { label: 'Logo file', id: 'logo-file' },
  logoLightUrl: { label: 'Logo for dark backgrounds' },
  font: { label: 'Typeface', id: 'field-font' },
  config: { label: 'The clinic details' },
};

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
  const profile = /^businessProfiles[.[](\d+)\]?(?:\.url)?$/.exec(key)?.[1];
  if (profile !== undefined) return { label: `Business profile URL ${Number(profile) + 1}` };
  if (key === 'photos.hero.src' || key === 'photos.hero') return { label: 'Hero photo' };
  if (key === 'photos.hero.alt') return { label: 'Description of the hero photo (alt text)', id: 'photo-hero-alt' };
  const photo = /^photos\.gallery[.[](\d+)\]?(?:\.(src|alt))?$/.exec(key);
  if (photo) {
    const n = Number(photo[1]);
    return photo[2] === 'alt' ? { label: `Description of clinic photo ${n + 1} (alt text)`, id: `photo-gallery-${n}-alt` } : { label: `Clinic photo ${n + 1}` };
  }
  // Anything else, in words: `localContent.team[0].name` -> `Local content, team 1, name`.
  const parts = key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : words(p)));
  const label = parts.reduce((out, p, i) => (i === 0 ? p : /^\d+$/.test(p) ? `${out} ${p}` : `${out}, ${p.toLowerCase()}`), '');
  return { label: label || key };
}
