import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { lookupState } from '../../config/states.js';
import { STATES_WITH_TWO_ZONES } from '../../config/time-zone.js';
import type { AdminForm } from '../form.js';
import { Card, describedBy, errorAt, Field, inputClass } from '../ui.js';
import { TextInput, TriSelect } from './fields.js';

/** The US time zones a city's `timeZone` names (a state's second zone is one of these). */
const ZONES = [
  ['America/New_York', 'Eastern (New York)'],
  ['America/Detroit', 'Eastern (Detroit)'],
  ['America/Indiana/Indianapolis', 'Eastern (Indianapolis)'],
  ['America/Kentucky/Louisville', 'Eastern (Louisville)'],
  ['America/Chicago', 'Central (Chicago)'],
  ['America/Denver', 'Mountain (Denver)'],
  ['America/Boise', 'Mountain (Boise)'],
  ['America/Phoenix', 'Mountain, no daylight saving (Phoenix)'],
  ['America/Los_Angeles', 'Pacific (Los Angeles)'],
  ['America/Anchorage', 'Alaska (Anchorage)'],
  ['America/Adak', 'Hawaii-Aleutian (Adak)'],
  ['Pacific/Honolulu', 'Hawaii (Honolulu)'],
] as const;

const ZONE_HINT = 'Only where the state has two: special hours start and end at midnight in this zone. Not set: the state’s main zone.';

/**
 * Booking and the facts patients scan for: the online booking page (Schedule Consultation goes
 * there; the form stays on /contact), whether the clinic takes new patients, video visits, and
 * the time zone of a city in a state with two.
 */
export function Booking({ form }: { form: UseFormReturn<AdminForm> }) {
  const state = useWatch({ control: form.control, name: 'state' }) ?? '';
  const zone = useWatch({ control: form.control, name: 'timeZone' }) ?? '';
  const { errors } = useFormState({ control: form.control, name: 'timeZone' });
  const code = lookupState(state)?.code;
  const two = code !== undefined && (STATES_WITH_TWO_ZONES as readonly string[]).includes(code);
  const zoneError = errorAt(errors, 'timeZone');
  const known = ZONES.some(([z]) => z === zone);
  return (
    <Card id="booking" title="Booking" lead="How patients book, and what they look for before they do.">
      <div className="grid gap-4">
        <TextInput
          form={form}
          name="bookingUrl"
          label="Online booking URL"
          type="url"
          inputMode="url"
          hint="An https:// link to the clinic’s booking page. Set: Schedule Consultation opens it; the contact form stays on the Contact page. Empty: Schedule Consultation goes to the contact form."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TriSelect form={form} name="isAcceptingNewPatients" label="Accepting new patients" unset="Not said on the site" />
          <TriSelect form={form} name="telehealth" label="Video visits (telehealth)" unset="Not said on the site" />
        </div>
        {(two || zone !== '' || zoneError) && (
          <Field id="field-timeZone" label="Time zone" hint={ZONE_HINT} error={zoneError}>
            <select id="field-timeZone" className={inputClass} {...describedBy('field-timeZone', { hint: ZONE_HINT, error: zoneError })} {...form.register('timeZone')}>
              <option value="">The state’s main zone</option>
              {!known && zone !== '' && <option value={zone}>{zone}</option>}
              {ZONES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
    </Card>
  );
}
