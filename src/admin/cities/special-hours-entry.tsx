import { useId } from 'react';
import { describedBy, inputClass } from '../ui.js';
import type { SpecialHoursRow } from '../form.js';
import type { EntryInput } from './special-hours-api.js';

/** The closure as the form holds it: a row of the city editor's special hours (text fields, `kind` choosing closed all day or special opening hours). */
/** One entry being typed in the bulk form: the row's text fields, and its label in Spanish for the cities with Spanish pages (issue 40). */
export type EntryDraft = Omit<SpecialHoursRow, 'es'> & { labelEs: string };

export const EMPTY_ENTRY: EntryDraft = { label: '', labelEs: '', date: '', through: '', kind: 'closed', opens: '', closes: '' };

/** The entry the server checks (config/special-hours.ts): empty optional fields left out, so the server names what is missing. */
export function entryOf(d: EntryDraft): EntryInput {
  const base = { label: d.label, ...(d.labelEs.trim() ? { es: { label: d.labelEs.trim() } } : {}), date: d.date, ...(d.through ? { through: d.through } : {}) };
  if (d.kind === 'closed') return { ...base, closed: true };
  return { ...base, ...(d.opens ? { opens: d.opens } : {}), ...(d.closes ? { closes: d.closes } : {}) } as EntryInput;
}

/** The server's field names (`entry.date`) and the inputs and labels they belong to. */
export const ENTRY_FIELDS: Record<string, { key: keyof EntryDraft; label: string }> = {
  'entry.label': { key: 'label', label: 'Label' },
  'entry.es.label': { key: 'labelEs', label: 'Label in Spanish (optional)' },
  'entry.es': { key: 'labelEs', label: 'Label in Spanish (optional)' },
  'entry.date': { key: 'date', label: 'Date' },
  'entry.through': { key: 'through', label: 'Through (last day, optional)' },
  'entry.closed': { key: 'kind', label: 'Closed or special hours' },
  'entry.opens': { key: 'opens', label: 'Opens' },
  'entry.closes': { key: 'closes', label: 'Closes' },
};

/** The id of the input a field's error links to. */
export const entryInputId = (base: string, key: keyof EntryDraft) => `${base}-${key === 'kind' ? 'closed' : key}`;

/**
 * One closure for every city ticked: a label ("Thanksgiving"), a day or a range, and closed all
 * day or special opening hours. Each input has its label; a field the server refused shows its
 * error under it, linked by aria-describedby.
 */
export function EntryForm({ draft, onChange, errors, base }: { draft: EntryDraft; onChange: (d: EntryDraft) => void; errors: Partial<Record<keyof EntryDraft, string>>; base: string }) {
  const hintId = useId();
  const set = (k: keyof EntryDraft) => (e: { currentTarget: { value: string } }) => onChange({ ...draft, [k]: e.currentTarget.value });
  const field = (key: keyof EntryDraft, label: string, type: string, hint?: string, required = true, lang?: string) => {
    const id = entryInputId(base, key);
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input id={id} type={type} lang={lang} value={draft[key]} onChange={set(key)} required={required} aria-required={required || undefined} className={inputClass} {...describedBy(id, { hint, error: errors[key] })} />
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {hint}
          </p>
        )}
        {errors[key] && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {errors[key]}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-lg font-semibold text-slate-900">2. Special hours</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        One entry for every city ticked. A city that already has special hours on one of these days is left as it is.
      </p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {field('label', 'Label', 'text', 'Like Thanksgiving or Christmas Eve, as the pages show it.')}
        {field('date', 'Date', 'date', 'The day, or the first day of a range.')}
        {field('through', 'Through (last day, optional)', 'date', 'For a closure of several days.', false)}
        {field('labelEs', 'Label in Spanish (optional)', 'text', 'Like Día de Acción de Gracias: what the Spanish pages of the cities that have them show. Empty, they show the English label and their build says so.', false, 'es')}
      </div>
      <fieldset className="mt-4" aria-describedby={errors.kind ? `${entryInputId(base, 'kind')}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">On those days the clinic is</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input id={entryInputId(base, 'kind')} type="radio" name={`${base}-kind`} className="h-5 w-5" checked={draft.kind === 'closed'} onChange={() => onChange({ ...draft, kind: 'closed' })} />
            Closed all day
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${base}-kind`} className="h-5 w-5" checked={draft.kind === 'hours'} onChange={() => onChange({ ...draft, kind: 'hours' })} />
            Open special hours
          </label>
        </div>
        {errors.kind && (
          <p id={`${entryInputId(base, 'kind')}-error`} className="mt-1 text-sm text-red-700">
            {errors.kind}
          </p>
        )}
      </fieldset>
      {draft.kind === 'hours' && (
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {field('opens', 'Opens', 'time')}
          {field('closes', 'Closes', 'time')}
        </div>
      )}
    </fieldset>
  );
}
