import { useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { focusSoon } from './fields.js';
import { DAYS } from '../../config/schema.js';
import type { AdminForm } from '../form.js';
import { Button, Card, errorAt } from '../ui.js';
import { fieldId, TextInput } from './fields.js';

/**
 * Hours: the week (rows of days that share one opening time: the config's `hours`) and special
 * hours (dated exceptions: closed all day or other hours, for a day or through a later day, with
 * a label like Thanksgiving: the config's `specialHours`). The server's schema checks them and its
 * messages show under the field they name.
 */
export function Hours({ form }: { form: UseFormReturn<AdminForm> }) {
  const week = useFieldArray({ control: form.control, name: 'hours' });
  const special = useFieldArray({ control: form.control, name: 'specialHours' });
  const { errors } = useFormState({ control: form.control, name: ['hours', 'specialHours'] });
  const kinds = useWatch({ control: form.control, name: 'specialHours' }) ?? [];
  return (
    <Card id="hours" title="Hours" lead="When the clinic is open each week, and the days it is closed or keeps other hours. Times are 24-hour, like 09:00 and 18:00.">
      <h3 id="field-hours" tabIndex={-1} className="text-base font-semibold text-slate-900">Weekly hours</h3>
      {week.fields.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No weekly hours yet. Add this city’s own: the site cannot be generated or deployed without them, and no other city’s are filled in.</p>
      )}
      {errorAt(errors, 'hours') && (
        <p id="field-hours-error" className="mt-1 text-sm text-red-700">
          {errorAt(errors, 'hours')}
        </p>
      )}
      <ul className="mt-2 space-y-4">
        {week.fields.map((f, i) => {
          const daysError = errorAt(errors, `hours.${i}.days`);
          return (
            <li key={f.id} className="rounded-lg border border-slate-200 p-3">
              <fieldset aria-describedby={daysError ? `${fieldId(`hours.${i}.days`)}-error` : undefined}>
                <legend className="text-sm font-medium text-slate-800">Days of row {i + 1}</legend>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {DAYS.map((d, j) => (
                    <label key={d} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                      <input type="checkbox" value={d} id={j === 0 ? fieldId(`hours.${i}.days`) : undefined} className="size-5 accent-brand" {...form.register(`hours.${i}.days`)} />
                      {d}
                    </label>
                  ))}
                </div>
                {daysError && (
                  <p id={`${fieldId(`hours.${i}.days`)}-error`} className="mt-1 text-sm text-red-700">
                    {daysError}
                  </p>
                )}
              </fieldset>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <TextInput form={form} name={`hours.${i}.opens`} label={`Opens (row ${i + 1})`} placeholder="09:00" />
                <TextInput form={form} name={`hours.${i}.closes`} label={`Closes (row ${i + 1})`} placeholder="18:00" />
              </div>
              <Button variant="ghost" className="mt-1 px-2 text-red-700" onClick={() => {
                  week.remove(i);
                  focusSoon('add-week-hours');
                }}>
                Remove hours row {i + 1}
              </Button>
            </li>
          );
        })}
      </ul>
      {week.fields.length < 7 && (
        <Button id="add-week-hours" variant="secondary" className="mt-3" onClick={() => week.append({ days: [], opens: '09:00', closes: '17:00' })}>
          Add weekly hours
        </Button>
      )}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Special hours</h3>
      <p className="mt-1 text-sm text-slate-600">Holidays and other days with other hours. The site shows the next ones and stops showing each after its last day.</p>
      <ul className="mt-2 space-y-4">
        {special.fields.map((f, i) => {
          const closed = kinds[i]?.kind === 'closed';
          const kindError = errorAt(errors, `specialHours.${i}.kind`);
          return (
            <li key={f.id} className="rounded-lg border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <TextInput form={form} name={`specialHours.${i}.label`} label={`Label (special hours ${i + 1})`} hint="A short name, like Thanksgiving." />
                </div>
                <TextInput form={form} name={`specialHours.${i}.date`} label={`Date (special hours ${i + 1})`} type="date" />
                <TextInput form={form} name={`specialHours.${i}.through`} label={`Through (optional, special hours ${i + 1})`} type="date" hint="The last day of a range; empty: one day." />
              </div>
              <fieldset className="mt-3" aria-describedby={kindError ? `${fieldId(`specialHours.${i}.kind`)}-error` : undefined}>
                <legend className="text-sm font-medium text-slate-800">On those days (special hours {i + 1})</legend>
                <div className="flex flex-wrap gap-x-6">
                  <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input type="radio" value="closed" id={fieldId(`specialHours.${i}.kind`)} className="size-5 accent-brand" {...form.register(`specialHours.${i}.kind`)} />
                    Closed all day
                  </label>
                  <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input type="radio" value="hours" className="size-5 accent-brand" {...form.register(`specialHours.${i}.kind`)} />
                    Open, other hours
                  </label>
                </div>
                {kindError && (
                  <p id={`${fieldId(`specialHours.${i}.kind`)}-error`} className="mt-1 text-sm text-red-700">
                    {kindError}
                  </p>
                )}
              </fieldset>
              {!closed && (
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <TextInput form={form} name={`specialHours.${i}.opens`} label={`Opens (special hours ${i + 1})`} placeholder="09:00" />
                  <TextInput form={form} name={`specialHours.${i}.closes`} label={`Closes (special hours ${i + 1})`} placeholder="13:00" />
                </div>
              )}
              <Button variant="ghost" className="mt-1 px-2 text-red-700" onClick={() => {
                  special.remove(i);
                  focusSoon('add-special-hours');
                }}>
                Remove special hours {i + 1}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button id="add-special-hours" variant="secondary" className="mt-3" onClick={() => special.append({ label: '', date: '', through: '', kind: 'closed', opens: '', closes: '' })}>
        Add special hours
      </Button>
    </Card>
  );
}
