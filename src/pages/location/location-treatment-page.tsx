import type { ServiceDef } from '../../config/services.js';
import { locationTreatmentHero, locationTreatmentMeta, ownTreatmentTitle } from '../content/location.js';
import { visitSection } from '../content/visit.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { VisitSection } from '../components/clinic-parts.js';
import { ClosingCta, PageHero, Prose, Section } from '../components/ui.js';

/**
 * A location's own page of a treatment on a brand site (`/locations/fl/tampa/trt-therapy/`), built
 * only where its config gives the treatment text of its own (localContent.treatmentText; NOTES.md
 * decision 16): that text, a link to the brand's page of the treatment for what it is, and where and
 * when to come. Its canonical is itself.
 */
export function LocationTreatmentPage({ service }: { service: ServiceDef }) {
  const { site, url } = usePage();
  const text = site.treatmentText[service.key] ?? [];
  const root = site.placement?.brandRoot;
  const brandPage = root ? url(`/${root.href}${service.path.slice(1)}`) : url(service.path);
  return (
    <Document meta={locationTreatmentMeta(site, service)}>
      <PageHero hero={locationTreatmentHero(site, service)} />
      <Section id="own-text" title={ownTreatmentTitle(site, service)}>
        <Prose paragraphs={text} className="mx-auto max-w-3xl" />
        <p className="mx-auto mt-8 max-w-3xl text-slate-700">
          What {service.label} is, who it may suit and how it works:{' '}
          <a href={brandPage} className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
            {service.label} at {site.placement?.brand?.name ?? site.name}
          </a>
          .
        </p>
      </Section>
      <VisitSection title={visitSection(site).title} />
      <ClosingCta title={`Visit Us in ${site.city}`} lead={`Call ${site.phone} or send us a message to schedule your consultation.`} />
    </Document>
  );
}
