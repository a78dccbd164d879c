import type { UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { Card } from '../ui.js';
import { TextInput } from './fields.js';

/** Legal: what the Terms page names as the governing law and the courts (the config's `legal`). */
export function Legal({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <Card id="legal" title="Legal" lead="What the Terms page names. Ask the clinic’s lawyer; empty fields read Florida and Pasco County.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput form={form} name="governingLaw" label="Governing law (state)" hint="Like Florida." />
        <TextInput form={form} name="courts" label="Courts" hint="Like Pinellas County." />
      </div>
    </Card>
  );
}
