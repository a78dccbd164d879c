import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { parseBulkUrls } from '../bulk-urls.js';
import type { AdminForm } from '../form.js';
import { Button, Card, errorAt, Field, inputClass } from '../ui.js';

/** Business Profile URLs: a list with remove buttons and a bulk add box (spec section 5). */
export function BusinessProfiles({ form }: { form: UseFormReturn<AdminForm> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'businessProfiles' });
  const [bulk, setBulk] = useState('');
  const [note, setNote] = useState('');

  const addAll = () => {
    // The box is cleared only when it held something (spec); an empty click changes nothing.
    if (bulk.trim() === '') return;
    const { urls, skipped } = parseBulkUrls(bulk);
    if (urls.length) append(urls.map((url) => ({ url })));
    setBulk('');
    const added = `Added ${urls.length} ${urls.length === 1 ? 'link' : 'links'}`;
    setNote(skipped ? `${added}; skipped ${skipped} ${skipped === 1 ? 'line' : 'lines'} not starting with http:// or https://.` : `${added}.`);
  };

  return (
    <Card id="profiles" title="Business Profile URLs" lead="Directory and review profiles of the clinic (Google, Yelp, Healthgrades...).">
      <h3 className="text-sm font-medium text-slate-800">Profiles ({fields.length})</h3>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No profile links yet.</p>
      ) : (
        <ul aria-label="Business profile URLs" tabIndex={0} className="mt-2 max-h-32 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200">
          {fields.map((f, i) => {
            const error = errorAt(form.formState.errors, `businessProfiles.${i}.url`);
            return (
              <li key={f.id} className="flex items-center justify-between gap-2 px-3 py-1">
                <span className="min-w-0 flex-1 truncate text-sm text-slate-800" title={f.url}>
                  {f.url}
                  {error && <span className="block text-red-700">{error}</span>}
                </span>
                <Button variant="ghost" className="min-h-9 px-2 text-red-700" aria-label={`Remove ${f.url}`} onClick={() => remove(i)}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4">
        <Field id="bulk-urls" label="Add profile URLs" hint="One link per line; lines not starting with http:// or https:// are skipped.">
          <textarea
            id="bulk-urls"
            rows={3}
            value={bulk}
            onChange={(e) => setBulk(e.currentTarget.value)}
            aria-describedby="bulk-urls-hint"
            placeholder="https://www.example.com/profile"
            className={inputClass}
          />
        </Field>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={addAll}>
            Add URLs
          </Button>
          <p role="status" className="text-sm text-slate-600">
            {note}
          </p>
        </div>
      </div>
    </Card>
  );
}
