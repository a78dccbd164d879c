import type { UseFormReturn } from 'react-hook-form';
import { PAYMENT_METHODS, type PaymentMethod } from '../../config/schema.js';
import type { AdminForm } from '../form.js';
import { Card } from '../ui.js';
import { TextInput } from './fields.js';

/** How the payment methods read on the form. */
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Credit and debit cards',
  'hsa-fsa': 'HSA and FSA cards',
  financing: 'Financing',
};

/**
 * Cost, payment and insurance (the config's `costs`): what patients ask before they call. Each is
 * optional and shown only where given: the contact page, the service pages, the FAQ's insurance
 * answer and the terms' payment section. Nothing is filled in for a city that says nothing.
 */
export function Costs({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <Card id="costs" title="Cost, payment and insurance" lead="What patients ask before they call. Each is shown only when given; leave empty what the clinic does not want to say on the site.">
      <div className="grid gap-4">
        <TextInput
          form={form}
          name="firstVisitCost"
          label="First visit"
          rows={2}
          hint="One or two sentences, like “A first consultation is $99, including a baseline lab panel.” or “Pricing is given at your consultation.”"
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Payment accepted</legend>
          <p className="text-sm text-slate-600">None checked: the site says nothing of its own, and the terms keep the standard wording.</p>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {PAYMENT_METHODS.map((m, i) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={m} id={i === 0 ? 'field-payment' : undefined} className="size-5 accent-brand" {...form.register('payment')} />
                {PAYMENT_LABELS[m]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextInput
          form={form}
          name="insurance"
          label="Insurance"
          rows={2}
          hint="One plain sentence; it follows the FAQ’s insurance answer. Like “We do not bill insurance; we give you a receipt to send to your insurer.”"
        />
      </div>
    </Card>
  );
}
