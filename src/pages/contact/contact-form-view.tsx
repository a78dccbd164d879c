import type { ComponentPropsWithoutRef, Ref } from 'react';
import { contactTexts, HONEYPOT_FIELD } from '../../config/contact.js';
import type { Lang } from '../../config/languages.js';
import { optionLabel } from '../../config/services.js';
import { useLang } from '../context.js';
import { CONTACT_SENT_SOONER as SOONER_EN } from '../content/contact.js';
import { CONTACT_SENT_SOONER as SOONER_ES } from '../content/es/contact.js';

export type ContactField = 'firstName' | 'lastName' | 'email' | 'phone' | 'service' | 'message';

/** Which city site and which of its pages a message is sent from: the form's hidden fields. */
export interface FormSource {
  /** The city slug, `tampa`. */
  site: string;
  /** The page's path within the site, `contact/`. */
  page: string;
}

/** "Need to talk sooner? Call us during clinic hours." in each language (the page copy's; the island's bundle takes these two strings of it). */
const SOONER: Record<Lang, string> = { en: SOONER_EN, es: SOONER_ES };

export interface ContactFormViewProps {
  /** The language of its words; absent, the page's (English outside a page). Spanish posts a hidden `language` field. */
  lang?: Lang;
  /** Where the form posts: JSON from the island, a native form post without script. */
  endpoint: string;
  /** Sent with every message, so the clinic knows the city (hidden inputs; the island adds them to its JSON). */
  source: FormSource;
  serviceOptions: string[];
  messagePlaceholder: string;
  errors?: Partial<Record<ContactField, string>>;
  /** Extra props per field: default values for the static page, `register()` in the island. */
  field?: (name: ContactField) => Record<string, unknown>;
  pending?: boolean;
  onSubmit?: ComponentPropsWithoutRef<'form'>['onSubmit'];
}

const input =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-rose-700';

/**
 * The markup of the contact form (spec section 3): labels, placeholders, one error line under each
 * field. Rendered static for the page and for visitors without script, and by the island with
 * react-hook-form, so both are the same form.
 */
export function ContactFormView({ lang: given, endpoint, source, serviceOptions, messagePlaceholder, errors = {}, field = () => ({}), pending = false, onSubmit }: ContactFormViewProps) {
  const lang = useLang(given);
  const T = contactTexts(lang);
  const described = (name: ContactField) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : { 'aria-invalid': false };
  const err = (name: ContactField) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm font-medium text-rose-700">
        {errors[name]}
      </p>
    ) : null;
  return (
    <form id="contact-form" action={endpoint} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="site" value={source.site} />
      <input type="hidden" name="page" value={source.page} />
      {lang !== 'en' && <input type="hidden" name="language" value={lang} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="firstName" className="block font-medium text-slate-800">{T.fieldFirstName.title}</label>
          <input id="firstName" name="firstName" type="text" autoComplete="given-name" required className={input} {...described('firstName')} {...field('firstName')} />
          {err('firstName')}
        </div>
        <div>
          <label htmlFor="lastName" className="block font-medium text-slate-800">{T.fieldLastName.title}</label>
          <input id="lastName" name="lastName" type="text" autoComplete="family-name" required className={input} {...described('lastName')} {...field('lastName')} />
          {err('lastName')}
        </div>
      </div>
      <div>
        <label htmlFor="email" className="block font-medium text-slate-800">{T.fieldEmail.title}</label>
        <input id="email" name="email" type="email" autoComplete="email" required className={input} {...described('email')} {...field('email')} />
        {err('email')}
      </div>
      <div>
        <label htmlFor="phone" className="block font-medium text-slate-800">{T.fieldPhone.title}</label>
        <input id="phone" name="phone" type="tel" autoComplete="tel" className={input} {...described('phone')} {...field('phone')} />
        {err('phone')}
      </div>
      <div>
        <label htmlFor="service" className="block font-medium text-slate-800">{T.fieldService.title}</label>
        <select id="service" name="service" className={input} {...described('service')} {...field('service')}>
          <option value="">{T.fieldServiceNone.title}</option>
          {serviceOptions.map((o) => (
            <option key={o} value={o}>{optionLabel(o, lang)}</option>
          ))}
        </select>
        {err('service')}
      </div>
      <div>
        <label htmlFor="message" className="block font-medium text-slate-800">{T.fieldMessage.title}</label>
        <textarea id="message" name="message" required rows={5} placeholder={messagePlaceholder} className={`${input} min-h-[120px]`} {...described('message')} {...field('message')} />
        {err('message')}
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div hidden>
        <label htmlFor={HONEYPOT_FIELD}>{T.fieldHoneypot.title}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {/* Disabled while sending as aria-disabled, not `disabled`: a disabled button loses the
          keyboard focus (to the page's body), and the visitor would start over from the top. The
          island ignores a second submit meanwhile. */}
      <button
        type="submit"
        aria-disabled={pending || undefined}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
      >
        {pending ? T.contactSend.message : T.contactSend.title}
      </button>
    </form>
  );
}

/** The clinic's number as the page shows it, and its `tel:` link (from the static page's data). */
export interface PhoneLink {
  text: string;
  href: string;
}

export interface ContactSentViewProps {
  /** As ContactFormViewProps.lang. */
  lang?: Lang;
  phone?: PhoneLink;
  /** The heading, for the island to move the focus to (a prop, not `ref`: preact/compat passes no `ref` to a function). */
  headingRef?: Ref<HTMLHeadingElement>;
  onSendAnother?: () => void;
}

/**
 * What takes the form's place once a message is sent (NOTES.md decision 13), until the visitor
 * leaves or chooses "Send another message": the specification's title and text, what happens next
 * and the number to call. Only the island shows it; without script the post lands on contact/sent/.
 */
export function ContactSentView({ lang: given, phone, headingRef, onSendAnother }: ContactSentViewProps) {
  const lang = useLang(given);
  const { contactSent, contactSentNext, contactSendAnother } = contactTexts(lang);
  return (
    <div id="contact-sent" className="rounded-lg border border-emerald-300 bg-white p-6 text-slate-700">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-10 w-10 fill-none stroke-emerald-700 stroke-2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3" />
      </svg>
      {/* Focused by the island (tabIndex -1: reachable by script, not a tab stop), so a screen reader
          reads it where the form was, and reading on goes through the rest. */}
      <h3 ref={headingRef} tabIndex={-1} className="mt-3 scroll-mt-24 text-xl font-bold text-slate-900 outline-none">
        {contactSent.title}
      </h3>
      <p className="mt-2 text-lg">{contactSent.message}</p>
      <p className="mt-2">{contactSentNext.title}</p>
      {phone && (
        <p className="mt-4">
          {SOONER[lang]}{' '}
          <a href={phone.href} className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-brand underline">
            {phone.text}
          </a>
        </p>
      )}
      <button
        type="button"
        onClick={onSendAnother}
        className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-lg border-2 border-brand px-6 py-3 font-semibold text-brand hover:bg-brand-soft"
      >
        {contactSendAnother.title}
      </button>
    </div>
  );
}
