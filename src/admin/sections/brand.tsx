import type { UseFormReturn } from 'react-hook-form';
import type { FontChoice } from '../../config/schema.js';
import { FONT_LABELS } from '../font-choices.js';
import type { AdminForm } from '../form.js';
import { Card, describedBy, errorAt, Field, inputClass } from '../ui.js';

const FONT_HINT = 'The site’s text is set in it. The font file is served with the site: no requests to other servers.';

/**
 * Brand: the site's typeface (docs/decisions/014-brand-typeface-and-logo.md, the config's `font`).
 * Its own small card, since it is neither business information nor the logo; the brand colour may
 * join it one day.
 */
export function Brand({ form }: { form: UseFormReturn<AdminForm> }) {
  const error = errorAt(form.formState.errors, 'font');
  return (
    <Card id="brand" title="Brand" lead="How the site’s text looks.">
      <Field id="field-font" label="Typeface" hint={FONT_HINT} error={error}>
        <select id="field-font" className={inputClass} {...describedBy('field-font', { hint: FONT_HINT, error })} {...form.register('font')}>
          {(Object.entries(FONT_LABELS) as [FontChoice, string][]).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
    </Card>
  );
}
