import type { ServiceKey } from '../../config/services.js';
import { OwnTreatmentText } from '../components/own-treatment-text.js';
import type { ServicePageCopy } from '../content/types.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { ClosingCta, PageHero, PointGrid, Prose, Section, Steps } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';

/** The page of a service beyond the spec's three (hormone optimization, peptides, vitamins). */
export function ServicePage({ copy, service }: { copy: ServicePageCopy; service: ServiceKey }) {
  const { site } = usePage();
  const cta = copy.cta(site);
  return (
    <Document meta={copy.meta(site)}>
      <PageHero hero={copy.hero(site)} />
      <OwnTreatmentText service={service} />
      <ServiceBody copy={copy} />
      <CostsSection />
      <ClosingCta title={cta.title} lead={cta.lead} />
    </Document>
  );
}

/** A service page's body below its hero, with no city in it: the city page and the brand's treatment page both show it. */
export function ServiceBody({ copy }: { copy: ServicePageCopy }) {
  return (
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
  );
}
