import { SITE_TEXTS } from '../../texts/by-lang.js';
import { Icon } from '../components/icons.js';
import { CallButton } from '../components/ui.js';
import { pagePath, useCopy } from '../components/lang.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';

/**
 * /contact/sent/: where a contact form posted without script lands (post-redirect-get: the clinic
 * server answers a stored message with 303 to this page of the city's own site, so a reload sends
 * nothing). The spec's confirmation is the first thing under the fixed header, visible without
 * scrolling on a 375x667 phone. Not for search engines: noindex, and not in sitemap.xml.
 */
export function ContactSentPage() {
  const { site, url } = usePage();
  const { contact, ui } = useCopy();
  const { CONTACT_SENT_SOONER, contactSentMeta } = contact;
  const { contactSent } = SITE_TEXTS[site.lang].contact;
  return (
    <Document meta={contactSentMeta(site)} noindex>
      <section aria-labelledby="sent-title" className="mx-auto max-w-2xl px-4 pt-24 pb-16 text-center sm:px-6 sm:pt-32">
        <Icon name="check-circle" className="mx-auto h-10 w-10 text-emerald-700" />
        <h1 id="sent-title" className="mt-3 text-3xl font-bold text-slate-900 sm:text-4xl">
          {contactSent.title}
        </h1>
        <p className="mt-3 text-lg text-slate-700">{contactSent.message}</p>
        <p className="mt-2 text-slate-600">{CONTACT_SENT_SOONER}</p>
        <p className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={url(pagePath(site, 'home', '/'))} className="inline-flex min-h-12 items-center justify-center rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
            {ui.BACK_HOME}
          </a>
          <CallButton className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-brand px-6 py-3 font-semibold text-brand hover:bg-brand-soft" />
        </p>
      </section>
    </Document>
  );
}
