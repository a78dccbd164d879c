import { OwnTreatmentText } from '../components/own-treatment-text.js';
import type { Lang } from '../../config/languages.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { CheckList, ClosingCta, PageHero, PointGrid, Prose, Section, Steps } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';
import { useCopy } from '../components/lang.js';

/** /nad-therapy: what NAD+ is and why it declines, benefits, options, conditions, process. */
export function NadPage() {
  const { site } = usePage();
  const { nadCta, nadHero, nadMeta } = useCopy().nad;
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
export function NadBody({ lang }: { /** Absent: the page's language (English outside a city page: the brand site). */ lang?: Lang } = {}) {
  const { nad, ui } = useCopy(lang);
  const { NAD_BENEFITS, NAD_CONDITIONS, NAD_DECLINE, NAD_OPTIONS, NAD_STEPS, NAD_WHAT_IS } = nad;
  return (
    <>
      <Section id="what-is-nad" title={ui.NAD_WHAT_IS_TITLE}>
        <div className="grid gap-10 md:grid-cols-2">
          <Prose paragraphs={NAD_WHAT_IS} />
          <div>
            <h3 className="mb-4 text-xl font-semibold text-slate-900">{ui.NAD_DECLINE_TITLE}</h3>
            <Prose paragraphs={NAD_DECLINE} />
          </div>
        </div>
      </Section>
      <Section id="benefits" title={ui.NAD_BENEFITS_TITLE} tone="slate">
        <PointGrid points={NAD_BENEFITS} columns={4} icon="sparkles" />
      </Section>
      <Section id="options" title={ui.NAD_OPTIONS_TITLE}>
        <PointGrid points={NAD_OPTIONS} columns={2} icon="flask" />
      </Section>
      <Section id="conditions" title={ui.NAD_CONDITIONS_TITLE} tone="soft">
        <CheckList items={NAD_CONDITIONS} className="mx-auto grid max-w-4xl gap-x-8 text-slate-700 sm:grid-cols-2 lg:grid-cols-3" />
      </Section>
      <Section id="process" title={ui.NAD_PROCESS_TITLE}>
        <Steps steps={NAD_STEPS} lang={lang} />
      </Section>
    </>
  );
}
