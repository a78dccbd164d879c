import type { ComponentPropsWithoutRef } from 'react';
import { HONEYPOT_FIELD } from '../../config/contact.js';

export type ContactField = 'firstName' | 'lastName' | 'email' | 'phone' | 'service' | 'message';

/** Which city site and which of its pages a message is sent from: the form's hidden fields. */
export interface FormSource {
  /** The city slug, `tampa`. */
  site: string;
  /** The page's path within the site, `contact/`. */
  page: string;
}

export interface ContactFormViewProps {
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
export function ContactFormView({ endpoint, source, serviceOptions, messagePlaceholder, errors = {}, field = () => ({}), pending = false, onSubmit }: ContactFormViewProps) {
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
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="firstName" className="block font-medium text-slate-800">First Name</label>
          <input id="firstName" name="firstName" type="text" autoComplete="given-name" required className={input} {...described('firstName')} {...field('firstName')} />
          {err('firstName')}
        </div>
        <div>
          <label htmlFor="lastName" className="block font-medium text-slate-800">Last Name</label>
          <input id="lastName" name="lastName" type="text" autoComplete="family-name" required className={input} {...described('lastName')} {...field('lastName')} />
          {err('lastName')}
        </div>
      </div>
      <div>
        <label htmlFor="email" className="block font-medium text-slate-800">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required className={input} {...described('email')} {...field('email')} />
        {err('email')}
      </div>
      <div>
        <label htmlFor="phone" className="block font-medium text-slate-800">Phone</label>
        <input id="phone" name="phone" type="tel" autoComplete="tel" className={input} {...described('phone')} {...field('phone')} />
        {err('phone')}
      </div>
      <div>
        <label htmlFor="service" className="block font-medium text-slate-800">Service Interest</label>
        <select id="service" name="service" className={input} {...described('service')} {...field('service')}>
          <option value="">Select a service</option>
          {serviceOptions.map((o) => (
            <option key={o} value={o}>{o}</option>
          ))}
        </select>
        {err('service')}
      </div>
      <div>
        <label htmlFor="message" className="block font-medium text-slate-800">Message</label>
        <textarea id="message" name="message" required rows={5} placeholder={messagePlaceholder} className={`${input} min-h-[120px]`} {...described('message')} {...field('message')} />
        {err('message')}
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div hidden>
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
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
        {pending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
