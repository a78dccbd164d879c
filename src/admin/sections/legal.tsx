import type { UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { Card } from '../ui.js';
import { TextInput } from './fields.js';

/**
 * Legal: what the Terms page names as the governing law and the courts, and the day both policies
 * take effect (the config's `legal`). Each is this city's own: none is filled in (decision 14).
 */
export function Legal({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <Card id="legal" title="Legal" lead="What this city’s Terms and Privacy Policy state. Ask the clinic’s lawyer: all three are required before the site can be generated or deployed.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput form={form} name="governingLaw" label="Governing law (state)" hint="Like Florida." />
        <TextInput form={form} name="courts" label="Courts" hint="The courts the Terms name for disputes, like Pinellas County." />
        <TextInput form={form} name="effectiveDate" label="Policies effective date" type="date" hint="The day this city’s Terms and Privacy Policy take effect." />
      </div>
    </Card>
  );
}
