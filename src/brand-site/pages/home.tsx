import { Icon } from '../../pages/components/icons.js';
import { copyOf } from '../../pages/content/copy.js';
import { ServiceCardBody } from '../../pages/home/home-page.js';
import { SITE_TEXTS } from '../../texts/by-lang.js';
import { FindYourClinic, type LocatorLocation } from '../locator-markup.js';
import { useBrandPage } from './context.js';
import { stateList } from './directory.js';
import { BrandDocument } from './document.js';
import { organizationId, type BrandModel } from './model.js';
import { statesOf } from './states.js';
import { offeredWhere, offering } from './treatment.js';
import { BRAND_WORDS } from './words.js';

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
  const { model, lang, paths, url } = useBrandPage();
  const words = BRAND_WORDS[lang];
  const { home, ui } = copyOf(lang);
  const clinicsIn = words.mensHealthClinicsIn(stateList(statesOf(model.locations), lang));
  return (
    <BrandDocument
      meta={{ title: `${model.name} | ${clinicsIn}`, description: model.description }}
      jsonLd={[organizationJsonLd(model)]}
      scripts={model.locator ? [model.locator.script] : []}
    >
      <section className="dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-32 pb-20 text-white sm:pt-40 sm:pb-28">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-3xl">
            <p className="mb-4 font-semibold tracking-wide text-slate-200 uppercase">{clinicsIn}</p>
            <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{model.name}</h1>
            <p className="mt-6 text-lg text-slate-200 sm:text-xl">{model.description}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <a href={`#${FIND_YOUR_CLINIC_ID}`} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark">
                {SITE_TEXTS[lang].finder.finderTitle.title}
                <Icon name="arrow-right" className="h-5 w-5" />
              </a>
              <a
                href={url(paths.locations)}
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white hover:text-slate-900"
              >
                <Icon name="map-pin" className="h-5 w-5" />
                {words.allLocations}
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
                {words.whatOurClinicsTreat}
              </h2>
              <p className="mt-4 text-lg text-slate-600">{words.servicesLead}</p>
            </div>
            <ul className={`grid gap-6 md:grid-cols-2 ${model.services.length >= 3 ? 'lg:grid-cols-3' : ''}`}>
              {model.services.map((s) => (
                <ServiceCardBody key={s.key} card={home.SERVICE_CARDS[s.key]}>
                  {/* Where it is offered, and its page (issue 36 item 7). */}
                  <p className="mt-4 flex items-center gap-2 font-semibold text-slate-900">
                    <Icon name="map-pin" className="h-5 w-5 flex-none text-brand" />
                    {offeredWhere(model.locations, offering(model.locations, s.key), lang)}
                  </p>
                  <a
                    href={url(paths.treatment(s))}
                    className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white"
                  >
                    {ui.LEARN_MORE}<span className="sr-only">{ui.learnMoreAbout(home.SERVICE_CARDS[s.key].title)}</span>
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
  const { model, lang, paths, url } = useBrandPage();
  const locations: LocatorLocation[] = model.locations.map((l) => ({
    // Its folder under the directory, whatever the language: `fl/tampa`.
    id: (l.path.startsWith(paths.locations) ? l.path.slice(paths.locations.length) : l.path).replace(/^\/+|\/$/g, ''),
    name: l.site.city,
    address: l.site.config.address,
    city: l.site.city,
    stateCode: l.site.stateCode,
    stateName: l.site.stateName,
    zipCode: l.site.config.zipCode,
    phone: l.site.config.phone,
    href: url(l.path),
    contactHref: url(paths.contact(l)),
    stateHref: url(paths.state(l.site.stateCode)),
    latitude: (l.point ?? l.site.config.geo)?.latitude,
    longitude: (l.point ?? l.site.config.geo)?.longitude,
  }));
  return (
    <FindYourClinic
      lang={lang}
      brand={model.name}
      locations={locations}
      zipFile={url(locator.zipFile)}
      nationalZipFile={locator.nationalZipFile && url(locator.nationalZipFile)}
    />
  );
}

/** Without the locator: the locations by state, each state linking to its page, each location to its own. */
function LocationsByState() {
  const { model, lang, paths, url } = useBrandPage();
  const { finderTitle, finderIntroNoScript } = SITE_TEXTS[lang].finder;
  return (
    <section id={FIND_YOUR_CLINIC_ID} aria-labelledby="find-your-clinic-title">
      <h2 id="find-your-clinic-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {finderTitle.title}
      </h2>
      <p className="mt-3 text-lg text-slate-600">{finderIntroNoScript.title}</p>
      <div className="mt-6 space-y-8">
        {statesOf(model.locations).map((s) => (
          <div key={s.code}>
            <h3 className="text-2xl font-bold text-slate-900">
              <a href={url(paths.state(s.code))} className="text-brand underline hover:text-brand-dark">
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
