import { OwnTreatmentText } from '../components/own-treatment-text.js';
import type { Lang } from '../../config/languages.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { CheckList, ClosingCta, PageHero, PointGrid, Prose, Section } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';
import { useCopy } from '../components/lang.js';

/** /semaglutide: how it works, the program, six benefits, who is and is not a candidate. */
export function SemaglutidePage() {
  const { site } = usePage();
  const { semaglutideCta, semaglutideHero, semaglutideMeta } = useCopy().semaglutide;
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
export function SemaglutideBody({ lang }: { /** Absent: the page's language (English outside a city page: the brand site). */ lang?: Lang } = {}) {
  const { semaglutide, ui } = useCopy(lang);
  const { GOOD_CANDIDATES, NOT_SUITABLE, SEMAGLUTIDE_BENEFITS, SEMAGLUTIDE_HOW_IT_WORKS, SEMAGLUTIDE_PROGRAM } = semaglutide;
  return (
    <>
      <Section id="how-it-works" title={ui.SEMAGLUTIDE_HOW_TITLE}>
        <Prose paragraphs={SEMAGLUTIDE_HOW_IT_WORKS} className="mx-auto max-w-3xl" />
      </Section>
      <Section id="program" title={ui.SEMAGLUTIDE_PROGRAM_TITLE} tone="slate">
        <PointGrid points={SEMAGLUTIDE_PROGRAM} />
      </Section>
      <Section id="benefits" title={ui.SEMAGLUTIDE_BENEFITS_TITLE}>
        <PointGrid points={SEMAGLUTIDE_BENEFITS} icon="check-circle" />
      </Section>
      <Section id="candidacy" title={ui.SEMAGLUTIDE_CANDIDACY_TITLE} tone="soft">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-xl font-semibold text-slate-900">{ui.SEMAGLUTIDE_GOOD_CANDIDATES}</h3>
            <CheckList items={GOOD_CANDIDATES} className="mt-4 text-slate-700" />
          </div>
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-xl font-semibold text-slate-900">{ui.SEMAGLUTIDE_NOT_SUITABLE}</h3>
            <CheckList items={NOT_SUITABLE} mark="cross" className="mt-4 text-slate-700" />
          </div>
        </div>
        <p className="mx-auto mt-8 max-w-3xl text-center text-slate-700">
          {ui.SEMAGLUTIDE_CANDIDACY_NOTE}
        </p>
      </Section>
    </>
  );
}
