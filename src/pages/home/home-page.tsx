import type { ReactNode } from 'react';
import type { ServiceCard } from '../content/types.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { Icon } from '../components/icons.js';
import { HERO_PHOTO_SECTION, HeroPhoto } from '../components/hero-photo.js';
import { ClosingCta, CtaButtons, PointGrid, Prose, Section, fitGrid } from '../components/ui.js';
import { Faq } from './faq.js';
import { VisitSection } from '../components/clinic-parts.js';
import { useCopy } from '../components/lang.js';

const ACCENT: Record<ServiceCard['color'], string> = {
  brand: 'bg-brand-soft text-brand',
  emerald: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-800',
  violet: 'bg-violet-50 text-violet-700',
  rose: 'bg-rose-50 text-rose-700',
  sky: 'bg-sky-50 text-sky-800',
};

/**
 * Home: hero, hours and location (with the special hours ahead and directions: on a phone the
 * week's hours are within its first two screens, issue 35), service cards, Why Choose, the city,
 * FAQ (the spec's six, then the city's own under a heading of their own: the specification notes,
 * decision 12), closing call to action (spec section 2).
 */
export function HomePage() {
  const { site } = usePage();
  const { home, visit: visitCopy, ui } = useCopy();
  const { SERVICE_CARDS, closingCta, faqFor, homeHero, homeMeta, whyChoose } = home;
  const { localFaqTitle, visitSection } = visitCopy;
  const hero = homeHero(site);
  const why = whyChoose(site);
  const cta = closingCta(site);
  const visit = visitSection(site);
  const localFaq = site.config.localContent.faq;
  const core = site.services.filter((s) => s.core);
  const more = site.services.filter((s) => !s.core);
  return (
    <Document meta={homeMeta(site)}>
      <section className={`${site.photos.hero ? `${HERO_PHOTO_SECTION} ` : ''}dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-24 pb-14 text-white sm:pt-40 sm:pb-28`}>
        {site.photos.hero && <HeroPhoto photo={site.photos.hero} />}
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-3xl">
            {hero.eyebrow && <p className="mb-4 font-semibold tracking-wide text-slate-200 uppercase">{hero.eyebrow}</p>}
            <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{hero.title}</h1>
            <p className="mt-6 text-lg text-slate-200 sm:text-xl">{hero.lead}</p>
            <CtaButtons className="mt-10" />
          </div>
        </div>
      </section>

      <VisitSection title={visit.title} />

      {core.length > 0 && (
        <Section id="services" title={ui.OUR_SERVICES} lead={ui.servicesLead(site.city)}>
          <ul className={fitGrid(core.length)}>
            {core.map((s) => (
              <ServiceCardView key={s.key} card={SERVICE_CARDS[s.key]} />
            ))}
          </ul>
        </Section>
      )}

      {more.length > 0 && (
        <Section id="more-treatments" title={ui.MORE_TREATMENTS} tone="slate">
          <ul className={fitGrid(more.length)}>
            {more.map((s) => (
              <ServiceCardView key={s.key} card={SERVICE_CARDS[s.key]} />
            ))}
          </ul>
        </Section>
      )}

      <Section id="why-choose" title={why.title} lead={why.lead} tone="soft">
        <PointGrid points={why.points} />
      </Section>

      <Section id="local" title={ui.careCloseToHome(site.city)}>
        <div className="mx-auto max-w-3xl">
          <Prose paragraphs={site.whyCity} />
          {site.config.localContent.areasServed.length > 0 && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-slate-900">{ui.AREAS_WE_SERVE}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {site.config.localContent.areasServed.map((a) => (
                  <li key={a} className="rounded-full bg-brand-soft px-3 py-1 text-sm text-slate-800">{a}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </Section>

      <Section id="faq" title={ui.FAQ_TITLE}>
        <Faq items={faqFor(site)} group="faq" />
        {localFaq.length > 0 && (
          <>
            <h3 id="local-faq-title" className="mx-auto mt-14 mb-6 max-w-3xl text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {localFaqTitle(site)}
            </h3>
            <Faq items={localFaq} group="local-faq" />
          </>
        )}
      </Section>

      <ClosingCta title={cta.title} lead={cta.lead} />
    </Document>
  );
}

function ServiceCardView({ card }: { card: ServiceCard }) {
  const { url } = usePage();
  const { ui } = useCopy();
  return (
    <ServiceCardBody card={card}>
      <a
        href={url(card.link)}
        className="mt-6 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white"
      >
        {ui.LEARN_MORE}<span className="sr-only">{ui.learnMoreAbout(card.title)}</span>
        <Icon name="arrow-right" className="h-5 w-5" />
      </a>
    </ServiceCardBody>
  );
}

/** A treatment's card: its icon, title, description and what it includes, then `children` (the city home's link to its page). The brand's home lists the same cards. */
export function ServiceCardBody({ card, children }: { card: ServiceCard; children?: ReactNode }) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className={`inline-flex h-12 w-12 items-center justify-center rounded-lg ${ACCENT[card.color]}`}>
        <Icon name={card.icon} />
      </span>
      <h3 className="mt-4 text-xl font-semibold text-slate-900">{card.title}</h3>
      <p className="mt-2 text-slate-600">{card.description}</p>
      <ul className="mt-4 flex-1 space-y-2">
        {card.features.map((f) => (
          <li key={f} className="flex gap-2 text-slate-700">
            <Icon name="check" className="mt-0.5 h-5 w-5 flex-none text-emerald-700" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      {children}
    </li>
  );
}
