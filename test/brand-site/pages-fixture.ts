import { renderBrandPages } from '../../src/brand-site/pages/render.js';
import { placementFor, locationPath, type BrandLocation, type BrandModel } from '../../src/brand-site/pages/model.js';
import type { ClinicConfig } from '../../src/config/schema.js';
import { SERVICES } from '../../src/config/services.js';
import { resolveSite } from '../../src/pages/page-model.js';
import { renderResolvedSite } from '../../src/pages/render-site.js';
import { lookupState } from '../../src/config/states.js';
import { siteFontFiles } from '../../src/site/fonts/site-fonts.js';
import { configNamingNoFile, sampleConfig, SAMPLES } from '../helpers/site.js';

export const ORIGIN = 'https://menshealth.example.com';
export const BRAND = { name: "Northstar Men's Health", origin: ORIGIN };

/** Made-up cities in five more states; two Springfields, one in Illinois and one in Missouri. */
const MADE_UP: { city: string; state: string; zipCode: string; address: string; phone: string }[] = [
  { city: 'Atlanta', state: 'GA', zipCode: '30303', address: '100 Peachtree Street', phone: '(404) 555-0110' },
  { city: 'Savannah', state: 'GA', zipCode: '31401', address: '22 Bull Street', phone: '(912) 555-0120' },
  { city: 'Springfield', state: 'IL', zipCode: '62701', address: '300 Monroe Street', phone: '(217) 555-0130' },
  { city: 'Springfield', state: 'MO', zipCode: '65806', address: '400 Boonville Avenue', phone: '(417) 555-0140' },
  { city: 'Austin', state: 'TX', zipCode: '78701', address: '500 Congress Avenue', phone: '(512) 555-0150' },
  // An apostrophe: escaped one way in the HTML, another in the JSON-LD.
  { city: "Coeur d'Alene", state: 'ID', zipCode: '83814', address: '600 Sherman Avenue', phone: '(208) 555-0160' },
];

export function madeUpConfigs(): ClinicConfig[] {
  return MADE_UP.map((c) =>
    configNamingNoFile({
      ...c,
      email: `clinic-${c.zipCode}@example.com`,
      domainName: `clinic-${c.zipCode}.example.com`,
      localContent: { areasServed: [], faq: [], team: [] },
    }),
  );
}

export interface BrandBuild {
  model: BrandModel;
  /** Every file of the brand site: its own pages and each location's under its folder. */
  files: Record<string, string | Uint8Array>;
  brandFiles: Record<string, string>;
}

/**
 * The brand site as the build will put it together: each city resolved with its placement and
 * rendered, its files under its folder, then the brand's pages. `own` names cities canonical on
 * their own domain; `edit` changes a city's config first; `cities` replaces the samples and the
 * made-up cities.
 */
export function buildBrand({
  own: ownDomain = [] as string[],
  sitemapMaxUrls,
  edit = (c) => c,
  cities = [...SAMPLES.map((s) => sampleConfig(s)), ...madeUpConfigs()],
}: { own?: string[]; sitemapMaxUrls?: number; edit?: (config: ClinicConfig) => ClinicConfig; cities?: ClinicConfig[] } = {}): BrandBuild {
  const configs = cities.map(edit);
  const files: Record<string, string | Uint8Array> = {};
  const locations: BrandLocation[] = configs.map((config) => {
    const state = lookupState(config.state)!;
    const ownOrigin = ownDomain.includes(config.city) ? `https://${config.domainName}` : undefined;
    const placement = placementFor(BRAND, { stateCode: state.code, stateName: state.name, city: config.city }, ownOrigin);
    const site = resolveSite(config, { placement, today: '2026-11-20' });
    const path = locationPath(state.code, config.city);
    // The pages and the font files the site pipeline adds; not the logo and photos (configs/images/).
    const own = { ...renderResolvedSite(site), ...siteFontFiles(config.font) };
    for (const [file, content] of Object.entries(own)) files[`${path.slice(1)}${file}`] = content;
    return { site, path };
  });
  const model: BrandModel = {
    lang: 'en',
    ...BRAND,
    description: "Physician-supervised men's health clinics: testosterone replacement therapy, medical weight loss and NAD+ therapy.",
    primaryColor: '#1d4ed8',
    font: 'system',
    services: SERVICES.filter((s) => configs.some((c) => c.services[s.key])),
    legal: { governingLaw: 'Florida', effectiveDate: 'January 1, 2024', email: 'privacy@menshealth.example.com' },
    locations,
  };
  const brandFiles = renderBrandPages(model, sitemapMaxUrls ? { sitemapMaxUrls } : {});
  Object.assign(files, brandFiles);
  return { model, files, brandFiles };
}
