import type { ReactNode } from 'react';
import type { ServiceDef, ServiceKey } from '../../config/services.js';
import { Icon } from '../../pages/components/icons.js';
import { CheckList, PointGrid, Prose, Section, Steps } from '../../pages/components/ui.js';
import { HORMONE_PAGE } from '../../pages/content/hormone.js';
import { NAD_BENEFITS, NAD_CONDITIONS, NAD_DECLINE, NAD_OPTIONS, NAD_STEPS, NAD_WHAT_IS, nadHero } from '../../pages/content/nad.js';
import { PEPTIDE_PAGE } from '../../pages/content/peptide.js';
import { GOOD_CANDIDATES, NOT_SUITABLE, SEMAGLUTIDE_BENEFITS, SEMAGLUTIDE_HOW_IT_WORKS, SEMAGLUTIDE_PROGRAM, semaglutideHero } from '../../pages/content/semaglutide.js';
import { TRT_BENEFITS, TRT_INTRO, TRT_OPTIONS, TRT_STEPS, trtHero } from '../../pages/content/trt.js';
import type { Hero, ServicePageCopy } from '../../pages/content/types.js';
import { VITAMIN_PAGE } from '../../pages/content/vitamins.js';
import type { Site } from '../../pages/page-model.js';
import { CONTACT_FORM_ID } from '../../pages/routes.js';
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

/** The brand's copy of each treatment: the city pages' copy without the city (src/pages/content/). */
const COPY: Record<ServiceKey, { hero: (site: Site) => Hero; body: () => ReactNode }> = {
  trt: {
    hero: trtHero,
    body: () => (
      <>
        <Section id="low-testosterone" title="Understanding Low Testosterone">
          <Prose paragraphs={TRT_INTRO} className="mx-auto max-w-3xl" />
        </Section>
        <Section id="options" title="Treatment Options" tone="slate">
          <PointGrid points={TRT_OPTIONS} icon="syringe" />
        </Section>
        <Section id="benefits" title="Potential Benefits of TRT">
          <PointGrid points={TRT_BENEFITS} columns={4} icon="check-circle" />
        </Section>
        <Section id="process" title="Our Process" tone="soft">
          <Steps steps={TRT_STEPS} />
        </Section>
      </>
    ),
  },
  semaglutide: {
    hero: semaglutideHero,
    body: () => (
      <>
        <Section id="how-it-works" title="How Semaglutide Works">
          <Prose paragraphs={SEMAGLUTIDE_HOW_IT_WORKS} className="mx-auto max-w-3xl" />
        </Section>
        <Section id="program" title="Our Weight Loss Program" tone="slate">
          <PointGrid points={SEMAGLUTIDE_PROGRAM} />
        </Section>
        <Section id="benefits" title="Benefits of Semaglutide">
          <PointGrid points={SEMAGLUTIDE_BENEFITS} icon="check-circle" />
        </Section>
        <Section id="candidacy" title="Is Semaglutide Right for You?" tone="soft">
          <div className="grid gap-6 md:grid-cols-2">
            <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-xl font-semibold text-slate-900">Good Candidates</h3>
              <CheckList items={GOOD_CANDIDATES} className="mt-4 text-slate-700" />
            </div>
            <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-xl font-semibold text-slate-900">Not Suitable For</h3>
              <CheckList items={NOT_SUITABLE} mark="cross" className="mt-4 text-slate-700" />
            </div>
          </div>
        </Section>
      </>
    ),
  },
  nadTherapy: {
    hero: nadHero,
    body: () => (
      <>
        <Section id="what-is-nad" title="What Is NAD+?">
          <div className="grid gap-10 md:grid-cols-2">
            <Prose paragraphs={NAD_WHAT_IS} />
            <div>
              <h3 className="mb-4 text-xl font-semibold text-slate-900">Why NAD+ Levels Decline</h3>
              <Prose paragraphs={NAD_DECLINE} />
            </div>
          </div>
        </Section>
        <Section id="benefits" title="Potential Benefits of NAD+ Therapy" tone="slate">
          <PointGrid points={NAD_BENEFITS} columns={4} icon="sparkles" />
        </Section>
        <Section id="options" title="NAD+ Treatment Options">
          <PointGrid points={NAD_OPTIONS} columns={2} icon="flask" />
        </Section>
        <Section id="conditions" title="Conditions That May Benefit" tone="soft">
          <CheckList items={NAD_CONDITIONS} className="mx-auto grid max-w-4xl gap-x-8 text-slate-700 sm:grid-cols-2 lg:grid-cols-3" />
        </Section>
        <Section id="process" title="Our NAD+ Process">
          <Steps steps={NAD_STEPS} />
        </Section>
      </>
    ),
  },
  hormone_optimization: serviceCopy(HORMONE_PAGE),
  peptideTherapy: serviceCopy(PEPTIDE_PAGE),
  vitaminInjections: serviceCopy(VITAMIN_PAGE),
};

function serviceCopy(copy: ServicePageCopy): { hero: (site: Site) => Hero; body: () => ReactNode } {
  return {
    hero: copy.hero,
    body: () => (
      <>
        <Section id="overview">
          <Prose paragraphs={copy.intro} className="mx-auto max-w-3xl" />
        </Section>
        {copy.sections.map((s, i) => (
          <Section key={s.title} id={`section-${i + 1}`} title={s.title} lead={s.lead} tone={i % 2 === 0 ? 'slate' : 'white'}>
            <PointGrid points={s.points} columns={4} icon="check-circle" />
          </Section>
        ))}
        <Section id="process" title="How It Works" tone="soft">
          <Steps steps={copy.steps} />
        </Section>
        <Section id="safety" title="Safety First">
          <Prose paragraphs={copy.safety} className="mx-auto max-w-3xl" />
        </Section>
      </>
    ),
  };
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
