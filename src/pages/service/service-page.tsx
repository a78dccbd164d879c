import type { Lang } from '../../config/languages.js';
import type { ServiceKey } from '../../config/services.js';
import type { Copy } from '../content/copy.js';
import { OwnTreatmentText } from '../components/own-treatment-text.js';
import type { ServicePageCopy } from '../content/types.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { ClosingCta, PageHero, PointGrid, Prose, Section, Steps } from '../components/ui.js';
import { CostsSection } from '../components/costs.js';
import { useCopy } from '../components/lang.js';

/** The page of a service beyond the spec's three (hormone optimization, peptides, vitamins). */
export function ServicePage({ copy: given, service }: { copy: ServicePageCopy; service: ServiceKey }) {
  const { site } = usePage();
  // The page's own language's copy of the service; `given` (the English copy) for a service without one.
  const copy = servicePageCopy(useCopy(), service) ?? given;
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

/** The copy of a service beyond the spec's three in one language. */
function servicePageCopy(copy: Copy, service: ServiceKey): ServicePageCopy | undefined {
  if (service === 'hormone_optimization') return copy.hormone.HORMONE_PAGE;
  if (service === 'peptideTherapy') return copy.peptide.PEPTIDE_PAGE;
  if (service === 'vitaminInjections') return copy.vitamins.VITAMIN_PAGE;
  return undefined;
}

/** A service page's body below its hero, with no city in it: the city page and the brand's treatment page both show it. */
export function ServiceBody({ copy, lang }: { copy: ServicePageCopy; /** Absent: the page's language (English outside a city page: the brand site). */ lang?: Lang }) {
  const { ui } = useCopy(lang);
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
      <Section id="process" title={ui.SERVICE_PROCESS_TITLE} tone="soft">
        <Steps steps={copy.steps} lang={lang} />
      </Section>
      <Section id="safety" title={ui.SERVICE_SAFETY_TITLE}>
        <Prose paragraphs={copy.safety} className="mx-auto max-w-3xl" />
      </Section>
    </>
  );
}
