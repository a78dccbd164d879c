import { OwnTreatmentText } from '../components/own-treatment-text.js';
import { NAD_BENEFITS, NAD_CONDITIONS, NAD_DECLINE, NAD_OPTIONS, NAD_STEPS, NAD_WHAT_IS, nadCta, nadHero, nadMeta } from '../content/nad.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { CheckList, ClosingCta, PageHero, PointGrid, Prose, Section, Steps } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';

/** /nad-therapy: what NAD+ is and why it declines, benefits, options, conditions, process. */
export function NadPage() {
  const { site } = usePage();
  const cta = nadCta(site);
  return (
    <Document meta={nadMeta(site)}>
      <PageHero hero={nadHero(site)} />
      <OwnTreatmentText service="nadTherapy" />
      <NadBody />
      <CostsSection />
      <ClosingCta title={cta.title} lead={cta.lead} />
    </Document>
  );
}

/** The NAD+ page's body below its hero, with no city in it: the city page and the brand's treatment page both show it. */
export function NadBody() {
  return (
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
  );
}
