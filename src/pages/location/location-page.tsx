import { usePage } from '../context.js';
import { Document } from '../document.js';
import { AreasServed, ClinicPhotos, TeamSection, VisitSection } from '../components/clinic-parts.js';
import { Icon } from '../components/icons.js';
import { ClosingCta, PageHero, Prose, Section } from '../components/ui.js';
import { Faq } from '../home/faq.js';
import { servicePath, siteServiceLabel, useCopy } from '../components/lang.js';

/**
 * A location's page on a brand site, `/locations/fl/tampa/` (NOTES.md decision 16, issue 36 item
 * 2): what only this clinic can say. Its hours (the week's and the special hours), address, phone,
 * directions and booking; the treatments it offers, each linking to its page (the brand's, or the
 * location's own where it has text of its own); its photos and team; why patients in its city
 * come and the places it serves; its own questions. What a treatment is, the brand's values and the
 * general questions are the brand's, once, on its own pages.
 */
export function LocationPage() {
  const { site, url } = usePage();
  const { home, location, visit, ui } = useCopy();
  const { homeMeta } = home;
  const { LOCATION_TREATMENTS_LEAD, locationHero, locationTreatmentsTitle } = location;
  const { localFaqTitle, visitSection } = visit;
  const localFaq = site.config.localContent.faq;
  return (
    <Document meta={homeMeta(site)}>
      <PageHero hero={locationHero(site)} />
      <VisitSection title={visitSection(site).title} />
      <Section id="treatments" title={locationTreatmentsTitle(site)} lead={LOCATION_TREATMENTS_LEAD}>
        <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
          {site.services.map((s) => (
            <li key={s.key}>
              <a
                href={url(servicePath(site, s))}
                className="flex min-h-14 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 font-semibold text-slate-900 shadow-sm hover:border-brand hover:text-brand"
              >
                {siteServiceLabel(site, s)}
                <Icon name="arrow-right" className="h-5 w-5 flex-none text-brand" />
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <ClinicPhotos tone="slate" />
      <TeamSection />
      <Section id="why-city" title={ui.whyCityTitle(site.city)} tone="soft">
        <div className="mx-auto max-w-3xl">
          <Prose paragraphs={site.whyCity} />
          <AreasServed className="mt-8" />
        </div>
      </Section>
      {localFaq.length > 0 && (
        <Section id="local-faq" title={localFaqTitle(site)}>
          <Faq items={localFaq} group="local-faq" />
        </Section>
      )}
      <ClosingCta title={ui.visitUsTitle(site.city)} lead={ui.visitUsLead(site.phone)} />
    </Document>
  );
}
