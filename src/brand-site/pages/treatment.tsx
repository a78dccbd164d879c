import type { ReactNode } from 'react';
import type { Lang } from '../../config/languages.js';
import { serviceLabel, type ServiceDef, type ServiceKey } from '../../config/services.js';
import { Icon } from '../../pages/components/icons.js';
import { copyOf } from '../../pages/content/copy.js';
import type { Hero, ServicePageCopy } from '../../pages/content/types.js';
import { NadBody } from '../../pages/nad/nad-page.js';
import type { Site } from '../../pages/page-model.js';
import { CONTACT_FORM_ID } from '../../pages/routes.js';
import { SemaglutideBody } from '../../pages/semaglutide/semaglutide-page.js';
import { ServiceBody } from '../../pages/service/service-page.js';
import { TrtBody } from '../../pages/trt/trt-page.js';
import { useBrandPage } from './context.js';
import { BrandDocument } from './document.js';
import { brandCrumb } from './directory.js';
import type { BrandLocation } from './model.js';
import { statesOf } from './states.js';
import { BRAND_WORDS } from './words.js';

/** The id of a treatment page's "Where to get it" list, where its Schedule Consultation leads. */
export const WHERE_ID = 'where-to-get-it';

/** The locations that offer a treatment, in the directory's order (by state, then city). */
export function offering(locations: readonly BrandLocation[], key: ServiceKey): BrandLocation[] {
  return statesOf(locations).flatMap((s) => s.locations.filter((l) => l.site.services.some((x) => x.key === key)));
}

/**
 * Where a treatment is offered, in a few words: "Offered in Orlando", "Offered in Tampa and
 * Orlando", "At all 3 locations", "At 12 locations"; "Disponible en Tampa y Orlando".
 */
export function offeredWhere(all: readonly BrandLocation[], at: readonly BrandLocation[], lang: Lang = 'en'): string {
  const words = BRAND_WORDS[lang];
  if (at.length === all.length && all.length > 1) return words.atAllLocations(all.length);
  if (at.length <= 3) return words.offeredIn(at.map((l) => l.site.city));
  return words.atLocations(at.length);
}

type TreatmentCopy = { hero: (site: Site) => Hero; body: () => ReactNode };

/** The brand's copy of each treatment in `lang`: the city pages' hero and body (src/pages/), which name no city. */
function treatmentCopy(key: ServiceKey, lang: Lang): TreatmentCopy {
  const copy = copyOf(lang);
  const serviceCopy = (page: ServicePageCopy): TreatmentCopy => ({ hero: page.hero, body: () => <ServiceBody copy={page} lang={lang} /> });
  switch (key) {
    case 'trt':
      return { hero: copy.trt.trtHero, body: () => <TrtBody lang={lang} /> };
    case 'semaglutide':
      return { hero: copy.semaglutide.semaglutideHero, body: () => <SemaglutideBody lang={lang} /> };
    case 'nadTherapy':
      return { hero: copy.nad.nadHero, body: () => <NadBody lang={lang} /> };
    case 'hormone_optimization':
      return serviceCopy(copy.hormone.HORMONE_PAGE);
    case 'peptideTherapy':
      return serviceCopy(copy.peptide.PEPTIDE_PAGE);
    case 'vitaminInjections':
      return serviceCopy(copy.vitamins.VITAMIN_PAGE);
  }
}

/**
 * A treatment's one page on the brand site (`/trt-therapy/`, NOTES.md decision 16): the brand's
 * copy of it, and where to get it: each location that offers it with its address, phone and
 * page. Its Schedule Consultation leads to that list, since a consultation is at a clinic.
 */
export function BrandTreatmentPage({ service }: { service: ServiceDef }) {
  const { model, lang, paths, url } = useBrandPage();
  const words = BRAND_WORDS[lang];
  const { ui } = copyOf(lang);
  const at = offering(model.locations, service.key);
  const copy = treatmentCopy(service.key, lang);
  // The copy's headline and lead name no city: any offering location's site gives the same.
  const hero = copy.hero(at[0]!.site);
  const where = offeredWhere(model.locations, at, lang);
  const label = serviceLabel(service, lang);
  return (
    <BrandDocument
      meta={{ title: `${label} | ${model.name}`, description: `${hero.lead.replace(/\.$/, '')}. ${where}.`.slice(0, 300) }}
      crumbs={[brandCrumb(model, paths.homeName, paths.home), brandCrumb(model, label, paths.treatment(service))]}
    >
      <section className="dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-28 pb-16 text-white sm:pt-32 sm:pb-20">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
          <p className="mb-3 text-sm font-semibold tracking-wide text-slate-200 uppercase">
            {ui.treatmentAt(label, model.name)}
          </p>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{hero.title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">{hero.lead}</p>
          <div className="mt-8 flex justify-center">
            <a href={`#${WHERE_ID}`} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark">
              {ui.SCHEDULE_CONSULTATION}
              <Icon name="arrow-right" className="h-5 w-5" />
            </a>
          </div>
        </div>
      </section>
      {copy.body()}
      <section id={WHERE_ID} aria-labelledby={`${WHERE_ID}-title`} className="bg-slate-50 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={`${WHERE_ID}-title`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {words.whereToGetIt}
            </h2>
            <p className="mt-4 text-lg text-slate-600">{words.whereLead(where)}</p>
          </div>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {at.map((l) => (
              <li key={l.path} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
                <h3 className="text-xl font-semibold text-slate-900">
                  <a href={url(l.path)} className="text-brand underline underline-offset-2 hover:text-brand-dark">
                    {l.site.city}, {l.site.stateCode}
                  </a>
                </h3>
                <address className="mt-3 flex-1 not-italic">
                  {l.site.addressLines[0]}
                  <br />
                  {l.site.addressLines[1]}
                  <br />
                  <a href={l.site.telHref} className="inline-block font-semibold whitespace-nowrap text-brand underline underline-offset-2 hover:text-brand-dark">
                    {l.site.phone}
                  </a>
                </address>
                <a
                  href={l.site.bookingUrl ?? url(`${paths.contact(l)}#${CONTACT_FORM_ID}`)}
                  className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
                >
                  {words.scheduleIn(l.site.city)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </BrandDocument>
  );
}
