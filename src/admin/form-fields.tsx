import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { inputClass } from './ui.js';

/**
 * Controlled fields for the forms outside the city editor (sign-in, staff, audit filters): a
 * label, the control, a hint and an error tied to it with aria-describedby. The error is an
 * alert, so it is heard when it appears, and it names its field for a listener who is elsewhere.
 */

type Common = { id: string; label: string; hint?: string; error?: string; className?: string };

function Described({ id, label, hint, error, className = '', children }: Common & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div role="alert">
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            <span className="sr-only">{label}: </span>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** The aria attributes of a control with an optional hint and error. */
export function ariaOf(id: string, hint?: string, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

export function TextField({
  id,
  label,
  hint,
  error,
  className,
  value,
  onValue,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> & { value: string; onValue: (v: string) => void }) {
  return (
    <Described id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} type="text" value={value} onChange={(e) => onValue(e.currentTarget.value)} className={inputClass} {...ariaOf(id, hint, error)} {...input} />
    </Described>
  );
}

export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  value,
  onValue,
  options,
  ...select
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> & { value: string; onValue: (v: string) => void; options: { value: string; label: string }[] }) {
  return (
    <Described id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} value={value} onChange={(e) => onValue(e.currentTarget.value)} className={inputClass} {...ariaOf(id, hint, error)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Described>
  );
}

/** A form's failure as a whole, in an alert region that is always in the page (so the text is heard when it arrives). */
export function FormAlert({ text }: { text?: string }) {
  return <div role="alert">{text && <p className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">{text}</p>}</div>;
}

/** A success, in a status region that is always in the page. */
export function FormStatus({ text }: { text?: string }) {
  return <div role="status">{text && <p className="mt-3 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">{text}</p>}</div>;
}
