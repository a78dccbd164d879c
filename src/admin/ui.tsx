import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { AdminForm } from './form.js';

/** Building blocks in the generated site's look: white cards, slate text, the brand blue. */

/** A titled section card; its heading names the region for assistive technology. */
export function Card({ id, title, lead, children, className = '' }: { id: string; title: string; lead?: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Classes of text inputs and text areas. */
export const inputClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:border-brand focus:outline-2 focus:outline-brand aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

/** A label, the control, an optional hint and the field's error, linked for assistive technology. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of a control whose Field may show a hint and an error. */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string }) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** The message of the form error at a dotted path (`socialMedia.instagram`, `businessProfiles.2.url`). */
export function errorAt(errors: FieldErrors<AdminForm>, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

type Variant = 'primary' | 'secondary' | 'danger' | 'danger-solid' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand text-white shadow-sm hover:bg-brand-dark',
  secondary: 'border-2 border-brand text-brand hover:bg-brand-soft',
  danger: 'border border-red-300 text-red-700 hover:bg-red-50',
  'danger-solid': 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

/** A button in one of the site's styles, at least 44 px tall (a comfortable tap target). */
export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}

/** The link version of Button, for Visit Site and the CSV export. */
export const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft';
