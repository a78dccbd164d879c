import type { ClinicConfigInput, ServiceKey } from '../config/schema.js';
import { SOCIAL_NETWORKS, type SocialKey } from '../config/social.js';
import { DEFAULT_SERVICES, SERVICES } from '../config/services.js';

/**
 * The admin form's values and how they become a clinic config (spec section 3). The form holds
 * strings as typed; `toConfig` trims them and leaves empty optional fields out, so the server's
 * schema (the one clinic schema) decides what is valid.
 */
export { SOCIAL_NETWORKS };

/** The six toggles: the site's own service list and the spec's defaults (spec section 3). */
export const SERVICE_TOGGLES: { key: ServiceKey; label: string; on: boolean }[] = SERVICES.map((s) => ({
  key: s.key,
  label: s.label,
  on: DEFAULT_SERVICES[s.key],
}));

export interface AdminForm {
  businessName: string;
  city: string;
  state: string;
  address: string;
  zipCode: string;
  phone: string;
  email: string;
  website: string;
  description: string;
  logoUrl: string;
  services: Record<ServiceKey, boolean>;
  socialMedia: Record<SocialKey, string>;
  /** useFieldArray needs objects, not bare strings. */
  businessProfiles: { url: string }[];
}

const defaultServices = () => Object.fromEntries(SERVICE_TOGGLES.map((s) => [s.key, s.on])) as Record<ServiceKey, boolean>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The first values: the served clinic's (a JSON block in the page), over the spec defaults. */
export function initialForm(data: Record<string, unknown> = {}): AdminForm {
  const services = { ...defaultServices(), ...((data.services ?? {}) as Partial<Record<ServiceKey, boolean>>) };
  const social = (data.socialMedia ?? {}) as Partial<Record<SocialKey, string>>;
  const profiles = Array.isArray(data.businessProfiles) ? data.businessProfiles.filter((u): u is string => typeof u === 'string') : [];
  return {
    businessName: str(data.businessName),
    city: str(data.city),
    state: str(data.state),
    address: str(data.address),
    zipCode: str(data.zipCode),
    phone: str(data.phone),
    email: str(data.email),
    website: str(data.website),
    description: str(data.description),
    logoUrl: '',
    services,
    socialMedia: Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, str(social[key])])) as Record<SocialKey, string>,
    businessProfiles: profiles.map((url) => ({ url })),
  };
}

/** Reads the page's `#admin-initial` JSON block. */
export function readInitial(doc: Document = document): AdminForm {
  try {
    return initialForm(JSON.parse(doc.getElementById('admin-initial')?.textContent ?? '{}') as Record<string, unknown>);
  } catch {
    return initialForm();
  }
}

/**
 * The clinic config sent to POST /api/generate-clinic-website. domainName has no input (spec): the
 * site's address is the Website field, which gives canonical links, and deploys use its host name
 * as the deployment's domain. deploymentType is 'static'; primaryColor keeps the schema default.
 */
export function toConfig(v: AdminForm): ClinicConfigInput {
  const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const social = Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, opt(v.socialMedia[key])]).filter(([, x]) => x !== undefined));
  return {
    businessName: v.businessName.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    address: v.address.trim(),
    zipCode: v.zipCode.trim(),
    phone: v.phone.trim(),
    email: v.email.trim(),
    website: opt(v.website),
    description: opt(v.description),
    logoUrl: opt(v.logoUrl),
    deploymentType: 'static',
    services: { ...v.services },
    socialMedia: social,
    businessProfiles: v.businessProfiles.map((p) => p.url),
  };
}

/** The host name of the Website field, the deployment's domainName; undefined when there is none. */
export function domainOf(website: string | undefined): string | undefined {
  try {
    return website ? new URL(website).hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Where a server error key (`businessProfiles[2]`, `domainName`) shows on the form. */
export function formFieldOf(key: string): string {
  if (key === 'domainName') return 'website';
  return key.replace(/^businessProfiles\[(\d+)\]$/, 'businessProfiles.$1.url');
}
