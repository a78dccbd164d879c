import { SERVICES, type ServiceKey } from '../../config/services.js';
import { usePage } from '../context.js';
import { useCopy } from './lang.js';
import { Prose, Section } from './ui.js';

/** On a city's page of a treatment, the clinic's own words on it (config localContent.treatmentText), when it gave any. */
export function OwnTreatmentText({ service }: { service: ServiceKey }) {
  const { site } = usePage();
  const { ownTreatmentTitle } = useCopy().location;
  const text = site.treatmentText[service];
  const def = SERVICES.find((s) => s.key === service)!;
  if (!text) return null;
  return (
    <Section id="own-text" title={ownTreatmentTitle(site, def)} tone="soft">
      <Prose paragraphs={text} className="mx-auto max-w-3xl" />
    </Section>
  );
}
