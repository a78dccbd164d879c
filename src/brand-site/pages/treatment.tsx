import type { ReactNode } from 'react';
import type { ServiceDef, ServiceKey } from '../../config/services.js';
import { Icon } from '../../pages/components/icons.js';
import { HORMONE_PAGE } from '../../pages/content/hormone.js';
import { nadHero } from '../../pages/content/nad.js';
import { PEPTIDE_PAGE } from '../../pages/content/peptide.js';
import { semaglutideHero } from '../../pages/content/semaglutide.js';
import { trtHero } from '../../pages/content/trt.js';
import type { Hero, ServicePageCopy } from '../../pages/content/types.js';
import { VITAMIN_PAGE } from '../../pages/content/vitamins.js';
import { NadBody } from '../../pages/nad/nad-page.js';
import type { Site } from '../../pages/page-model.js';
import { CONTACT_FORM_ID } from '../../pages/routes.js';
import { SemaglutideBody } from '../../pages/semaglutide/semaglutide-page.js';
import { ServiceBody } from '../../pages/service/service-page.js';
import { TrtBody } from '../../pages/trt/trt-page.js';
import { useBrandPage } from './context.js';
import { BrandDocument } from './document.js';
import { HOME_NAME, type BrandLocation } from './model.js';
import { statesOf } from './states.js';

/** The id of a treatment page's "Where to get it" list, where its Schedule Consultation leads. */
export const WHERE_ID = 'where-to-get-it';

/** The locations that offer a treatment, in the directory's order (by state, then city). */
export function offering(locations: readonly BrandLocation[], key: ServiceKey): BrandLocation[] {
  return statesOf(locations).flatMap((s) => s.locations.filter((l) => l.site.services.some((x) => x.key === key)));
}

/** Where a treatment is offered, in a few words: "Offered in Orlando", "Offered in Tampa and Orlando", "At all 3 locations", "At 12 locations". */
export function offeredWhere(all: readonly BrandLocation[], at: readonly BrandLocation[]): string {
  if (at.length === all.length && all.length > 1) return `At all ${all.length} locations`;
  if (at.length <= 3) {
    const names = at.map((l) => l.site.city);
    return `Offered in ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`}`;
  }
  return `At ${at.length} locations`;
}

/** The brand's copy of each treatment: the city pages' hero and body (src/pages/), which name no city. */
const COPY: Record<ServiceKey, { hero: (site: Site) => Hero; body: () => ReactNode }> = {
  trt: { hero: trtHero, body: () => <TrtBody /> },
  semaglutide: { hero: semaglutideHero, body: () => <SemaglutideBody /> },
  nadTherapy: { hero: nadHero, body: () => <NadBody /> },
  hormone_optimization: serviceCopy(HORMONE_PAGE),
  peptideTherapy: serviceCopy(PEPTIDE_PAGE),
  vitaminInjections: serviceCopy(VITAMIN_PAGE),
};

function serviceCopy(copy: ServicePageCopy): { hero: (site: Site) => Hero; body: () => ReactNode } {
  return { hero: copy.hero, body: () => <ServiceBody copy={copy} /> };
}

/**
 * A treatment's one page on the brand site (`/trt-therapy/`, NOTES.md decision 16): the brand's
 * copy of it, and where to get it: each location that offers it with its address, phone and
 * page. Its Schedule Consultation leads to that list, since a consultation is at a clinic.
 */
export function BrandTreatmentPage({ service }: { service: ServiceDef }) {
  const { model, url } = useBrandPage();
  const at = offering(model.locations, service.key);
  const copy = COPY[service.key];
  // The copy's headline and lead name no city: any offering location's site gives the same.
  const hero = copy.hero(at[0]!.site);
  const where = offeredWhere(model.locations, at);
  return (
    <BrandDocument
      meta={{ title: `${service.label} | ${model.name}`, description: `${hero.lead.replace(/\.$/, '')}. ${where}.`.slice(0, 300) }}
      crumbs={[
        { name: HOME_NAME, url: `${model.origin}/`, path: '/' },
        { name: service.label, url: `${model.origin}${service.path}`, path: service.path },
      ]}
    >
      <section className="dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-28 pb-16 text-white sm:pt-32 sm:pb-20">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
          <p className="mb-3 text-sm font-semibold tracking-wide text-slate-200 uppercase">
            {service.label} at {model.name}
          </p>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{hero.title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">{hero.lead}</p>
          <div className="mt-8 flex justify-center">
            <a href={`#${WHERE_ID}`} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark">
              Schedule Consultation
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
              Where to Get It
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              {where}. A consultation with a licensed provider comes first: choose a clinic to schedule yours.
            </p>
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
                  href={l.site.bookingUrl ?? url(`${l.path}contact/#${CONTACT_FORM_ID}`)}
                  className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
                >
                  Schedule in {l.site.city}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </BrandDocument>
  );
}
