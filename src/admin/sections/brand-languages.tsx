import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { Card } from '../ui.js';
import { TextInput } from './fields.js';
import { SpanishPagesSwitch } from './services.js';

const SWITCH_HINT = 'The brand site’s own pages in Spanish too, under /es/, each linked from its English one. They list the locations whose own settings publish Spanish.';

/**
 * Languages of the brand settings (issue 40 item 5): the brand site's Spanish pages (`languages:
 * [en, es]`; off: left out, English alone) and the brand's description in Spanish (`es.description`;
 * empty: left out, and the Spanish pages show the English one). form-spanish.ts `brandLanguagesOf`
 * makes the brand settings' fields of them.
 */
export function BrandLanguages({ form }: { form: UseFormReturn<AdminForm> }) {
  const english = useWatch({ control: form.control, name: 'description' });
  return (
    <Card id="brand-languages" title="Languages" lead="English pages are the brand site’s root; Spanish pages can sit beside them.">
      <div className="grid gap-4">
        <SpanishPagesSwitch form={form} hint={SWITCH_HINT} />
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
