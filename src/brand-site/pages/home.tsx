import { Icon } from '../../pages/components/icons.js';
import { SERVICE_CARDS } from '../../pages/content/home.js';
import { ServiceCardBody } from '../../pages/home/home-page.js';
import { FindYourClinic, type LocatorLocation } from '../locator-markup.js';
import { useBrandPage } from './context.js';
import { stateList } from './directory.js';
import { BrandDocument } from './document.js';
import { LOCATIONS_PATH, organizationId, statePath, type BrandModel } from './model.js';
import { statesOf } from './states.js';
import { offeredWhere, offering } from './treatment.js';

/** The id of the home page's "find your clinic" section, which the hero's button jumps to. */
export const FIND_YOUR_CLINIC_ID = 'find-your-clinic';

/** The id of the home page's "what our clinics treat" section, which the not-found page links to. */
export const SERVICES_ID = 'services';

/**
 * The brand's home: the brand and what it is, what its clinics treat (the city pages' service
 * cards, each saying where it is offered and linking to the treatment's page), the "find your clinic" box (the
 * locator island over the list by state; the list alone without a locator), and the brand's
 * Organization, which every location's MedicalClinic names as its parentOrganization.
 */
export function BrandHomePage() {
  const { model, url } = useBrandPage();
  const states = statesOf(model.locations);
  return (
    <BrandDocument
      meta={{ title: `${model.name} | Men's Health Clinics in ${stateList(states)}`, description: model.description }}
      jsonLd={[organizationJsonLd(model)]}
      scripts={model.locator ? [model.locator.script] : []}
    >
      <section className="dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-32 pb-20 text-white sm:pt-40 sm:pb-28">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-3xl">
            <p className="mb-4 font-semibold tracking-wide text-slate-200 uppercase">Men's Health Clinics in {stateList(states)}</p>
            <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{model.name}</h1>
            <p className="mt-6 text-lg text-slate-200 sm:text-xl">{model.description}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <a href={`#${FIND_YOUR_CLINIC_ID}`} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark">
                Find your clinic
                <Icon name="arrow-right" className="h-5 w-5" />
              </a>
              <a
                href={url(LOCATIONS_PATH)}
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white hover:text-slate-900"
              >
                <Icon name="map-pin" className="h-5 w-5" />
                All locations
              </a>
            </div>
          </div>
        </div>
      </section>

      {model.services.length > 0 && (
        <section id={SERVICES_ID} aria-labelledby="services-title" className="bg-white py-14 sm:py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto mb-10 max-w-3xl text-center">
              <h2 id="services-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                What Our Clinics Treat
              </h2>
              <p className="mt-4 text-lg text-slate-600">
                Physician-supervised treatments for men, each prescribed after a medical evaluation. Each treatment's page says which clinics offer it.
              </p>
            </div>
            <ul className={`grid gap-6 md:grid-cols-2 ${model.services.length >= 3 ? 'lg:grid-cols-3' : ''}`}>
              {model.services.map((s) => (
                <ServiceCardBody key={s.key} card={SERVICE_CARDS[s.key]}>
                  {/* Where it is offered, and its page (issue 36 item 7). */}
                  <p className="mt-4 flex items-center gap-2 font-semibold text-slate-900">
                    <Icon name="map-pin" className="h-5 w-5 flex-none text-brand" />
                    {offeredWhere(model.locations, offering(model.locations, s.key))}
                  </p>
                  <a
                    href={url(s.path)}
                    className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white"
                  >
                    Learn More<span className="sr-only"> about {SERVICE_CARDS[s.key].title}</span>
                    <Icon name="arrow-right" className="h-5 w-5" />
                  </a>
                </ServiceCardBody>
              ))}
            </ul>
          </div>
        </section>
      )}

      <div className="bg-slate-50 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">{model.locator ? <Locator locator={model.locator} /> : <LocationsByState />}</div>
      </div>
    </BrandDocument>
  );
}

/** The locator island's box (src/brand-site/locator-markup.tsx), over the locations by state. */
function Locator({ locator }: { locator: NonNullable<BrandModel['locator']> }) {
  const { model, url } = useBrandPage();
  const locations: LocatorLocation[] = model.locations.map((l) => ({
    id: l.path.replace(/^\/locations\//, '').replace(/\/$/, ''),
    name: l.site.city,
    address: l.site.config.address,
    city: l.site.city,
    stateCode: l.site.stateCode,
    stateName: l.site.stateName,
    zipCode: l.site.config.zipCode,
    phone: l.site.config.phone,
    href: url(l.path),
    contactHref: url(`${l.path}contact/`),
    stateHref: url(statePath(l.site.stateCode)),
    latitude: (l.point ?? l.site.config.geo)?.latitude,
    longitude: (l.point ?? l.site.config.geo)?.longitude,
  }));
  return (
    <FindYourClinic
      brand={model.name}
      locations={locations}
      zipFile={url(locator.zipFile)}
      nationalZipFile={locator.nationalZipFile && url(locator.nationalZipFile)}
    />
  );
}

/** Without the locator: the locations by state, each state linking to its page, each location to its own. */
function LocationsByState() {
  const { model, url } = useBrandPage();
  return (
    <section id={FIND_YOUR_CLINIC_ID} aria-labelledby="find-your-clinic-title">
      <h2 id="find-your-clinic-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Find your clinic
      </h2>
      <p className="mt-3 text-lg text-slate-600">Choose the clinic nearest you.</p>
      <div className="mt-6 space-y-8">
        {statesOf(model.locations).map((s) => (
          <div key={s.code}>
            <h3 className="text-2xl font-bold text-slate-900">
              <a href={url(statePath(s.code))} className="text-brand underline hover:text-brand-dark">
                {s.name}
              </a>
            </h3>
            <ul className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
              {s.locations.map((l) => (
                <li key={l.path}>
                  <a href={url(l.path)} className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
                    {l.site.city}, {l.site.stateCode}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** schema.org Organization of the brand, the `parentOrganization` of every location's MedicalClinic. */
export function organizationJsonLd(model: BrandModel): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(model.origin),
    name: model.name,
    url: `${model.origin}/`,
    description: model.description,
    ...(model.logo ? { logo: model.logo.onSite ? `${model.origin}/${model.logo.src}` : model.logo.src } : {}),
  };
}
