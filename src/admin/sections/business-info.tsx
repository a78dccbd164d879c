import type { UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { Card, describedBy, errorAt, Field, inputClass } from '../ui.js';
import { TextInput } from './fields.js';

const CANONICAL_HINT =
  'When the city is listed on the brand site as well as on its own website, which of the two search engines are told is the original: never both.';

type TextKey = 'businessName' | 'city' | 'state' | 'address' | 'zipCode' | 'phone' | 'email' | 'website';

/**
 * Business Information (spec section 3). ZIP Code has an input here although the specification
 * lists it among the fields without one: the schema needs a ZIP for the address and the JSON-LD,
 * and a new city needs its own, not the sample clinic's.
 */
const FIELDS: { key: TextKey; label: string; type?: string; autoComplete?: string; hint?: string; wide?: boolean }[] = [
  { key: 'businessName', label: 'Business Name', autoComplete: 'organization', wide: true },
  { key: 'address', label: 'Address', autoComplete: 'address-line1', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'website', label: 'Website', type: 'url', autoComplete: 'url', hint: 'The address of this city site, like https://tampa.example.com', wide: true },
];

/** The Business Information card. */
export function BusinessInfo({ form }: { form: UseFormReturn<AdminForm> }) {
  const { register, formState } = form;
  return (
    <Card id="business" title="Business Information" lead="The clinic this website is for.">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const id = `field-${f.key}`;
          const error = errorAt(formState.errors, f.key);
          return (
            <div key={f.key} className={f.wide ? 'sm:col-span-2' : ''}>
              <Field id={id} label={f.label} hint={f.hint} error={error}>
                <input id={id} type={f.type ?? 'text'} autoComplete={f.autoComplete} className={inputClass} {...describedBy(id, { hint: f.hint, error })} {...register(f.key)} />
              </Field>
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <Field id="field-description" label="Description" error={errorAt(formState.errors, 'description')}>
            <textarea
              id="field-description"
              rows={4}
              className={`${inputClass} min-h-28`}
              {...describedBy('field-description', { error: errorAt(formState.errors, 'description') })}
              {...register('description')}
            />
          </Field>
        </div>
        <TextInput form={form} name="latitude" label="Latitude (optional)" inputMode="decimal" hint="The clinic’s position for search engines, like 28.1836. Empty: none." />
        <TextInput form={form} name="longitude" label="Longitude (optional)" inputMode="decimal" hint="Like -82.3537." />
        <div className="sm:col-span-2">
          <Field id="field-canonical" label="Canonical address on the brand site" hint={CANONICAL_HINT} error={errorAt(formState.errors, 'canonical')}>
            <select
              id="field-canonical"
              className={inputClass}
              {...describedBy('field-canonical', { hint: CANONICAL_HINT, error: errorAt(formState.errors, 'canonical') })}
              {...register('canonical')}
            >
              <option value="">The brand site (the default)</option>
              <option value="own">This city’s own website</option>
            </select>
          </Field>
        </div>
        <div className="sm:col-span-2">
          <TextInput
            form={form}
            name="contactEndpoint"
            label="Contact form address (optional)"
            type="url"
            inputMode="url"
            hint="Where the site’s contact form posts: this server’s contact API as a full URL, like https://clinic.example.com/api/contact. Empty: this server’s own address."
          />
        </div>
      </div>
    </Card>
  );
}
