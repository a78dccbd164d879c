import type { ServiceDef } from '../../config/services.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { VisitSection } from '../components/clinic-parts.js';
import { ClosingCta, PageHero, Prose, Section } from '../components/ui.js';
import { servicePath, siteServiceLabel, useCopy } from '../components/lang.js';

/**
 * A location's own page of a treatment on a brand site (`/locations/fl/tampa/trt-therapy/`), built
 * only where its config gives the treatment text of its own (localContent.treatmentText; NOTES.md
 * decision 16): that text, a link to the brand's page of the treatment for what it is, and where and
 * when to come. Its canonical is itself.
 */
export function LocationTreatmentPage({ service }: { service: ServiceDef }) {
  const { site, url } = usePage();
  const { location, visit, ui } = useCopy();
  const { locationTreatmentHero, locationTreatmentMeta, ownTreatmentTitle } = location;
  const label = siteServiceLabel(site, service);
  const text = site.treatmentText[service.key] ?? [];
  const root = site.placement?.brandRoot;
  const path = servicePath(site, service);
  const brandPage = root ? url(`/${root.href}${path.slice(1)}`) : url(path);
  return (
    <Document meta={locationTreatmentMeta(site, service)}>
      <PageHero hero={locationTreatmentHero(site, service)} />
      <Section id="own-text" title={ownTreatmentTitle(site, service)}>
        <Prose paragraphs={text} className="mx-auto max-w-3xl" />
        <p className="mx-auto mt-8 max-w-3xl text-slate-700">
          {ui.treatmentWhatIs(label)}{' '}
          <a href={brandPage} className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
            {ui.treatmentAt(label, site.placement?.brand?.name ?? site.name)}
          </a>
          .
        </p>
      </Section>
      <VisitSection title={visit.visitSection(site).title} />
      <ClosingCta title={ui.visitUsTitle(site.city)} lead={ui.visitUsLead(site.phone)} />
    </Document>
  );
}
