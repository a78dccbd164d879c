import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { SPANISH_PAGES } from '../field-labels.js';
import type { AdminForm } from '../form.js';
import { Card, describedBy, errorAt } from '../ui.js';
import { TextInput } from './fields.js';

const SWITCH_HINT = 'The brand site’s own pages in Spanish too, under /es/, each linked from its English one. They list the locations whose own settings publish Spanish.';

/**
 * Languages of the brand settings (issue 40 item 5): the brand site's Spanish pages (`languages:
 * [en, es]`; off: left out, English alone) and the brand's description in Spanish (`es.description`;
 * empty: left out, and the Spanish pages show the English one). form-spanish.ts `brandLanguagesOf`
 * makes the brand settings' fields of them.
 */
export function BrandLanguages({ form }: { form: UseFormReturn<AdminForm> }) {
  const { errors } = useFormState({ control: form.control, name: 'spanish' });
  const error = errorAt(errors, 'spanish');
  const english = useWatch({ control: form.control, name: 'description' });
  const id = 'field-spanish';
  return (
    <Card id="brand-languages" title="Languages" lead="English pages are the brand site’s root; Spanish pages can sit beside them.">
      <div className="grid gap-4">
        <div>
          <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 sm:max-w-md">
            <span className="text-sm font-medium text-slate-800">{SPANISH_PAGES}</span>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand checked:before:translate-x-5"
              {...describedBy(id, { hint: SWITCH_HINT, error })}
              {...form.register('spanish')}
            />
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {SWITCH_HINT}
          </p>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <TextInput
          form={form}
          name="es.description"
          label="Description in Spanish"
          rows={4}
          lang="es"
          hint={`The brand’s description on its Spanish pages${english?.trim() ? ', like the English one above' : ''}. Empty: the English description shows there, and the build says so.`}
        />
      </div>
    </Card>
  );
}
