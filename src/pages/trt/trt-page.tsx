import { OwnTreatmentText } from '../components/own-treatment-text.js';
import type { Lang } from '../../config/languages.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { ClosingCta, PageHero, PointGrid, Prose, Section, Steps } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';
import { useCopy } from '../components/lang.js';

/** /trt-therapy: three options, eight benefits, the four-step process, calls to action. */
export function TrtPage() {
  const { site } = usePage();
  const { trtCta, trtHero, trtMeta } = useCopy().trt;
  const cta = trtCta(site);
  return (
    <Document meta={trtMeta(site)}>
      <PageHero hero={trtHero(site)} />
      <OwnTreatmentText service="trt" />
      <TrtBody />
      <CostsSection />
      <ClosingCta title={cta.title} lead={cta.lead} />
    </Document>
  );
}

/** The TRT page's body below its hero, with no city in it: the city page and the brand's treatment page both show it. */
export function TrtBody({ lang }: { /** Absent: the page's language (English outside a city page: the brand site). */ lang?: Lang } = {}) {
  const { trt, ui } = useCopy(lang);
  const { TRT_BENEFITS, TRT_INTRO, TRT_OPTIONS, TRT_STEPS } = trt;
  return (
    <>
      <Section id="low-testosterone" title={ui.TRT_LOW_T_TITLE}>
        <Prose paragraphs={TRT_INTRO} className="mx-auto max-w-3xl" />
      </Section>
      <Section id="options" title={ui.TRT_OPTIONS_TITLE} tone="slate">
        <PointGrid points={TRT_OPTIONS} icon="syringe" />
      </Section>
      <Section id="benefits" title={ui.TRT_BENEFITS_TITLE}>
        <PointGrid points={TRT_BENEFITS} columns={4} icon="check-circle" />
      </Section>
      <Section id="process" title={ui.TRT_PROCESS_TITLE} tone="soft">
        <Steps steps={TRT_STEPS} lang={lang} />
      </Section>
    </>
  );
}
