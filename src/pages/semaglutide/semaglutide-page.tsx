import { OwnTreatmentText } from '../components/own-treatment-text.js';
import {
  GOOD_CANDIDATES,
  NOT_SUITABLE,
  SEMAGLUTIDE_BENEFITS,
  SEMAGLUTIDE_HOW_IT_WORKS,
  SEMAGLUTIDE_PROGRAM,
  semaglutideCta,
  semaglutideHero,
  semaglutideMeta,
} from '../content/semaglutide.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { CheckList, ClosingCta, PageHero, PointGrid, Prose, Section } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';

/** /semaglutide: how it works, the program, six benefits, who is and is not a candidate. */
export function SemaglutidePage() {
  const { site } = usePage();
  const cta = semaglutideCta(site);
  return (
    <Document meta={semaglutideMeta(site)}>
      <PageHero hero={semaglutideHero(site)} />
      <OwnTreatmentText service="semaglutide" />
      <SemaglutideBody />
      <CostsSection />
      <ClosingCta title={cta.title} lead={cta.lead} />
    </Document>
  );
}

/** The semaglutide page's body below its hero, with no city in it: the city page and the brand's treatment page both show it. */
export function SemaglutideBody() {
  return (
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
        <p className="mx-auto mt-8 max-w-3xl text-center text-slate-700">
          Candidacy is decided by a licensed provider after a medical evaluation and lab work.
        </p>
      </Section>
    </>
  );
}
