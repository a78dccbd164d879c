import { useFormState, type UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { describedBy, errorAt, Field, inputClass } from '../ui.js';

/**
 * A text input (or text area) of the city form bound to `name` (a dotted path like
 * `team.0.name`): its label, hint and the error the server's schema gave it, linked with
 * aria-describedby. The id is `field-` and the path with dots as hyphens (`field-team-0-name`),
 * the id field-labels.ts names for the error summary's links.
 */
export function TextInput({
  form,
  name,
  label,
  hint,
  type = 'text',
  rows,
  autoComplete,
  inputMode,
  placeholder,
  lang,
}: {
  form: UseFormReturn<AdminForm>;
  name: string;
  label: string;
  hint?: string;
  type?: string;
  rows?: number;
  autoComplete?: string;
  inputMode?: 'url' | 'decimal' | 'text';
  placeholder?: string;
  /** The language of the text typed (`es`: a Spanish word, for spell-check and screen readers). */
  lang?: string;
}) {
  const { errors } = useFormState({ control: form.control, name: name as 'city' });
  const id = fieldId(name);
  const error = errorAt(errors, name);
  const aria = describedBy(id, { hint, error });
  const reg = form.register(name as 'city');
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {rows ? (
        <textarea id={id} rows={rows} lang={lang} className={`${inputClass} min-h-24`} placeholder={placeholder} {...aria} {...reg} />
      ) : (
        <input id={id} type={type} lang={lang} autoComplete={autoComplete ?? 'off'} inputMode={inputMode} className={inputClass} placeholder={placeholder} {...aria} {...reg} />
      )}
    </Field>
  );
}

/** The input id of a form path: `team.0.name` -> `field-team-0-name`. */
export const fieldId = (name: string) => `field-${name.replace(/\./g, '-')}`;

/** A select of `'' | 'yes' | 'no'` for an optional yes/no fact of the config. */
export function TriSelect({ form, name, label, hint, unset }: { form: UseFormReturn<AdminForm>; name: 'isAcceptingNewPatients' | 'telehealth'; label: string; hint?: string; unset: string }) {
  const { errors } = useFormState({ control: form.control, name });
  const id = fieldId(name);
  const error = errorAt(errors, name);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} className={inputClass} {...describedBy(id, { hint, error })} {...form.register(name)}>
        <option value="">{unset}</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </Field>
  );
}

/**
 * After a row's Remove button is gone with its row, the focus goes to the list's Add button (drawn
 * again by then) rather than to the page's start.
 */
export function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
