import { OwnTreatmentText } from '../components/own-treatment-text.js';
import { TRT_BENEFITS, TRT_INTRO, TRT_OPTIONS, TRT_STEPS, trtCta, trtHero, trtMeta } from '../content/trt.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { ClosingCta, PageHero, PointGrid, Prose, Section, Steps } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';

/** /trt-therapy: three options, eight benefits, the four-step process, calls to action. */
export function TrtPage() {
  const { site } = usePage();
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
export function TrtBody() {
  return (
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
  );
}
