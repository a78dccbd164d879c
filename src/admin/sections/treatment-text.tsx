import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TREATMENT_TEXTS, treatmentTextLabel } from '../field-labels.js';
import { SERVICE_TOGGLES, type AdminForm } from '../form.js';
import { TextInput } from './fields.js';

/**
 * The treatments in the clinic's own words (config localContent.treatmentText, issue 36 item 2):
 * one optional text area for each service switched on under Services Offered. On the city's own
 * site a text is a section of that treatment's page; on the brand site, where a treatment has one
 * page at the brand's root, it gives the location a page of that treatment of its own (NOTES.md
 * decision 16). The text of a service switched off stays in the form while editing (switched on
 * again, it is back) and is said to be kept here, but a save leaves it out (form-config.ts).
 */
export function TreatmentTexts({ form }: { form: UseFormReturn<AdminForm> }) {
  const services = useWatch({ control: form.control, name: 'services' });
  const texts = useWatch({ control: form.control, name: 'treatmentText' });
  const offered = SERVICE_TOGGLES.filter((s) => services?.[s.key]);
  const kept = SERVICE_TOGGLES.filter((s) => !services?.[s.key] && (texts?.[s.key] ?? '').trim() !== '');
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-slate-900">{TREATMENT_TEXTS}</h3>
      <p className="mt-1 text-sm text-slate-600">
        Optional, for each service this city offers: how this clinic gives it, in its own words (who sees the patient, how visits, labs and follow-ups go here). On this city’s own website the
        text is a section of the treatment’s page.
      </p>
      {offered.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No services switched on: switch one on under Services Offered to write about it.</p>
      ) : (
        <div className="mt-3 grid gap-4">
          {offered.map((s) => (
            <TextInput
              key={s.key}
              form={form}
              name={`treatmentText.${s.key}`}
              label={treatmentTextLabel(s.label)}
              rows={5}
              hint={`Up to 2000 characters; leave a blank line between paragraphs. On the brand site it gives this location its own ${s.label} page; left empty, patients see the brand’s ${s.label} page only.`}
            />
          ))}
        </div>
      )}
      <p role="status" data-testid="treatment-text-kept" className="mt-2 text-sm text-amber-800">
        {kept.length > 0 &&
          `Your text on ${kept.map((s) => s.label).join(', ')} is kept while you edit, but not saved while ${kept.length === 1 ? 'that service is' : 'those services are'} switched off under Services Offered.`}
      </p>
    </div>
  );
}
