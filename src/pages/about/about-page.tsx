import { usePage } from '../context.js';
import { Document } from '../document.js';
import { Icon } from '../components/icons.js';
import { ClinicPhotos, TeamSection } from '../components/clinic-parts.js';
import { ClosingCta, PageHero, PointGrid, Prose, Section } from '../components/ui.js';
import { Faq } from '../home/faq.js';
import { useCopy } from '../components/lang.js';

/**
 * /about: mission, four values, approach, three specialties, the clinic's team and areas served
 * (local content), contact information and 'Why {city}'.
 */
export function AboutPage() {
  const { site } = usePage();
  const { about, ui } = useCopy();
  const { APPROACH, SPECIALTIES, VALUES, aboutHero, aboutMeta, mission } = about;
  const local = site.config.localContent;
  return (
    <Document meta={aboutMeta(site)}>
      <PageHero hero={aboutHero(site)} />
      <Section id="mission" title={ui.ABOUT_MISSION_TITLE}>
        <Prose paragraphs={mission(site)} className="mx-auto max-w-3xl" />
      </Section>
      <Section id="values" title={ui.ABOUT_VALUES_TITLE} tone="slate">
        <PointGrid points={VALUES} columns={4} />
      </Section>
      <Section id="approach" title={ui.ABOUT_APPROACH_TITLE}>
        <Prose paragraphs={APPROACH} className="mx-auto max-w-3xl" />
      </Section>
      <Section id="specialties" title={ui.ABOUT_SPECIALTIES_TITLE} tone="soft">
        <PointGrid points={SPECIALTIES.filter((p) => !p.service || site.config.services[p.service])} />
      </Section>
      <ClinicPhotos />
      <TeamSection />
      <Section id="why-city" title={ui.whyCityTitle(site.city)} tone="slate">
        <div className="grid gap-10 md:grid-cols-2">
          <Prose paragraphs={site.whyCity} />
          <div className="space-y-6">
            <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-xl font-semibold text-slate-900">{ui.CONTACT_INFORMATION}</h3>
              <ul className="mt-4 space-y-3 text-slate-700">
                <li className="flex gap-3">
                  <Icon name="map-pin" className="h-5 w-5 flex-none text-brand" />
                  <span>{site.fullAddress}</span>
                </li>
                <li className="flex gap-3">
                  <Icon name="phone" className="h-5 w-5 flex-none text-brand" />
                  <a href={site.telHref} className="whitespace-nowrap text-brand underline">{site.phone}</a>
                </li>
                <li className="flex gap-3">
                  <Icon name="mail" className="h-5 w-5 flex-none text-brand" />
                  <a href={site.mailtoHref} className="break-all text-brand underline">{site.email}</a>
                </li>
              </ul>
            </div>
            {local.areasServed.length > 0 && (
              <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="text-xl font-semibold text-slate-900">{ui.AREAS_WE_SERVE}</h3>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {local.areasServed.map((a) => (
                    <li key={a} className="rounded-full bg-brand-soft px-3 py-1 text-sm text-slate-800">{a}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </div>
      </Section>
      {local.faq.length > 0 && (
        <Section id="local-faq" title={ui.localQuestionsTitle(site.city)}>
          <Faq items={local.faq} group="local-faq" />
        </Section>
      )}
      <ClosingCta title={ui.visitUsTitle(site.city)} lead={ui.visitUsLead(site.phone)} />
    </Document>
  );
}
