import { usePage } from '../context.js';
import { Document } from '../document.js';
import { Icon, type IconName } from '../components/icons.js';
import { PageHero, Section, Steps } from '../components/ui.js';
import { ContactFormView, type ContactField } from './contact-form-view.js';
import type { ReactNode } from 'react';
import { SITE_TEXTS } from '../../texts/by-lang.js';
import { DirectionsLink, SpecialHoursList, VisitFacts, WeekHours } from '../components/visit.js';
import { SERVICES, type ServiceKey } from '../../config/services.js';
import { CONTACT_FORM_ID } from '../routes.js';
import { CostsList } from '../components/costs.js';
import { pagePath, useCopy } from '../components/lang.js';
import { sharedFileUrl } from '../brand-identity.js';

export interface ContactFormState {
  values?: Partial<Record<ContactField, string>>;
  errors?: Partial<Record<ContactField, string>>;
  /** Shown above the form, e.g. after a form post without script. */
  notice?: { tone: 'success' | 'error'; title: string; text: string };
}

/**
 * /contact: hero, address (with directions)/phone/email/hours (with the special hours ahead)/social
 * cards, the booking page when there is one, the 'Send Us a Message' form, three steps.
 * The form island (assets.contactJs, a small entry that imports assets.contactFormJs) takes the static form over when script runs.
 * With `service`, the page is that service's copy (`/contact/trt-therapy/`, decision 023): the form
 * opens with the service chosen, with or without script; noindex, canonical at /contact/.
 */
export function ContactPage({ state = {}, service }: { state?: ContactFormState; service?: ServiceKey }) {
  const { site, path, assets, url } = usePage();
  const { contact, visit, costs, ui } = useCopy();
  const { CONTACT_CARDS_INTRO, CONTACT_FORM, CONTACT_STEPS, contactConsent, contactHero, contactMeta } = contact;
  const { BOOK_ONLINE_LINK, BOOK_ONLINE_NOTE, BOOK_ONLINE_TITLE, SPECIAL_HOURS_TITLE, ADDRESS_TITLE } = visit;
  const { COSTS_TITLE } = costs;
  const { goToForm } = SITE_TEXTS[site.lang].contact;
  const consent = contactConsent(site.name);
  const values = state.values ?? {};
  const chosen = SERVICES.find((s) => s.key === service)?.label;
  return (
    <Document meta={contactMeta(site)} scripts={[assets.contactJs]} {...(service ? { noindex: true, canonicalPath: pagePath(site, 'contact', '/contact/') } : site.placement?.brandRoot ? { noindex: true } : {})}>
      {/* After a form post without script the outcome comes first, under the fixed header, so a phone
          shows it without scrolling (decision 010); the errors stay under their fields below. */}
      {state.notice && (
        <div className="mx-auto max-w-4xl px-4 pt-20 sm:px-6">
          <div role={state.notice.tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-4 ${state.notice.tone === 'error' ? 'border-rose-300 bg-rose-50 text-rose-900' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}>
            <p className="font-semibold">{state.notice.title}</p>
            <p>{state.notice.text}</p>
            {state.notice.tone === 'error' && (
              <p className="mt-2">
                <a href="#contact-form" className="font-semibold underline">
                  {goToForm.title}
                </a>
              </p>
            )}
          </div>
        </div>
      )}
      <PageHero hero={contactHero(site)} actions={false} />
      <Section id="contact">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="space-y-4 lg:col-span-2">
            <h2 className="text-2xl font-bold text-slate-900">{ui.GET_IN_TOUCH}</h2>
            <p className="text-lg text-slate-700">{CONTACT_CARDS_INTRO}</p>
            <InfoCard icon="map-pin" title={ADDRESS_TITLE}>
              {/* The spec writes this card's city line with the state's name: "Wesley Chapel, Florida 33545". */}
              <address className="not-italic">
                {site.config.address}
                <br />
                {site.city}, {site.stateName} {site.config.zipCode}
              </address>
              <DirectionsLink className="mt-1" />
            </InfoCard>
            <InfoCard icon="phone" title={ui.CONTACT_PHONE}>
              <a href={site.telHref} className="font-semibold whitespace-nowrap text-brand underline">{site.phone}</a>
            </InfoCard>
            <InfoCard icon="mail" title={ui.CONTACT_EMAIL}>
              <a href={site.mailtoHref} className="font-semibold break-all text-brand underline">{site.email}</a>
            </InfoCard>
            <InfoCard icon="clock" title={ui.CONTACT_HOURS}>
              <WeekHours />
              <SpecialHoursList title={SPECIAL_HOURS_TITLE} headingLevel={4} />
              <VisitFacts className="mt-5 border-t border-slate-200 pt-4" />
            </InfoCard>
            {site.costs && (
              <InfoCard icon="credit-card" title={COSTS_TITLE}>
                <CostsList />
              </InfoCard>
            )}
            {site.bookingUrl && (
              <InfoCard icon="calendar" title={BOOK_ONLINE_TITLE}>
                <p>{BOOK_ONLINE_NOTE}</p>
                <a href={site.bookingUrl} rel="noopener" className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand underline">
                  {BOOK_ONLINE_LINK}
                </a>
              </InfoCard>
            )}
            {site.social.length > 0 && (
              <InfoCard icon="users" title={ui.FOLLOW_US}>
                <ul className="flex flex-wrap gap-x-4 gap-y-2">
                  {site.social.map((s) => (
                    <li key={s.network}>
                      <a href={s.url} rel="noopener" className="inline-flex min-h-11 items-center gap-2 text-brand underline">
                        <Icon name={s.network} className="h-5 w-5" />
                        {s.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </InfoCard>
            )}
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
            <h2 id={CONTACT_FORM_ID} className="text-2xl font-bold text-slate-900">{CONTACT_FORM.title}</h2>
            <p className="mt-2 mb-6 text-slate-600">{CONTACT_FORM.lead}</p>
            <div id="contact-form-root" data-island={sharedFileUrl(site, url)(assets.contactFormJs)} data-endpoint={site.contactEndpoint} data-options={JSON.stringify(site.serviceOptions)} data-placeholder={CONTACT_FORM.messagePlaceholder} data-phone={site.phone} data-tel={site.telHref}>
              <ContactFormView
                endpoint={site.contactEndpoint}
                source={{ site: site.slug, page: path.replace(/^\//, '') }}
                serviceOptions={site.serviceOptions}
                messagePlaceholder={CONTACT_FORM.messagePlaceholder}
                errors={state.errors}
                field={(name) => (name === 'service' ? { defaultValue: values.service ?? chosen ?? '' } : values[name] ? { defaultValue: values[name] } : {})}
              />
            </div>
            <p className="mt-4 text-sm text-slate-600">
              {consent.before}
              <a href={url(pagePath(site, 'privacy', '/privacy/'))} className="text-brand underline">
                {consent.link}
              </a>
              {consent.after}
            </p>
          </div>
        </div>
      </Section>
      <Section id="next-steps" title={ui.NEXT_STEPS_TITLE} tone="soft">
        <Steps steps={CONTACT_STEPS} />
      </Section>
    </Document>
  );
}

function InfoCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="inline-flex h-11 w-11 flex-none items-center justify-center rounded-lg bg-brand-soft text-brand">
        <Icon name={icon} />
      </span>
      <div className="min-w-0 flex-1 text-slate-700">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
