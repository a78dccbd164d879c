import { useEffect, useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { FormAlert, FormStatus, TextField } from '../form-fields.js';
import { Button, Card } from '../ui.js';
import { getRetention, putRetention } from './inbox-api.js';
import { retentionValue, type RetentionDraft } from './inbox-logic.js';

const radio = 'h-5 w-5 accent-brand';

/**
 * The owner's retention setting (PUT /api/settings/retention): keep messages until deleted, or a
 * number of days. The server deletes older ones once a day and records each deletion.
 */
export function RetentionCard() {
  const [limits, setLimits] = useState({ min: 30, max: 3650 });
  const [draft, setDraft] = useState<RetentionDraft | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void getRetention().then((a) => {
      if (!live) return;
      if (!a.ok) return setAlert(failureText(a.failure) || 'The retention setting could not be loaded.');
      setLimits({ min: a.minDays, max: a.maxDays });
      setDraft(a.days === null ? { keep: 'forever', days: '' } : { keep: 'days', days: String(a.days) });
    });
    return () => {
      live = false;
    };
  }, []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setSaved(undefined);
    setAlert(undefined);
    const v = retentionValue(draft, limits.min, limits.max);
    if (!v.ok) return setError(v.error);
    setError(undefined);
    setBusy(true);
    const a = await putRetention(v.days);
    setBusy(false);
    if (a.ok) return setSaved(v.days === null ? 'Saved: messages are kept until deleted.' : `Saved: messages are kept ${v.days} days.`);
    if (a.failure.errors.days) setError(a.failure.errors.days);
    else setAlert(failureText(a.failure) || 'The retention setting was not saved.');
  };

  return (
    <Card id="inbox-retention" title="Retention" lead="Messages older than this are deleted once a day; each deletion is recorded in the audit trail.">
      {draft ? (
        <form onSubmit={save} noValidate aria-label="Retention">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Keep messages</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="inbox-keep" className={radio} checked={draft.keep === 'forever'} onChange={() => setDraft({ ...draft, keep: 'forever' })} />
                Until deleted
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="inbox-keep" className={radio} checked={draft.keep === 'days'} onChange={() => setDraft({ ...draft, keep: 'days', days: draft.days || '365' })} />
                For a number of days
              </label>
            </div>
          </fieldset>
          {draft.keep === 'days' && (
            <TextField
              id="inbox-retention-days"
              label="Days to keep messages"
              hint={`From ${limits.min} to ${limits.max} days.`}
              className="mt-3 max-w-xs"
              type="number"
              inputMode="numeric"
              min={limits.min}
              max={limits.max}
              value={draft.days}
              onValue={(days) => setDraft({ ...draft, days })}
              error={error}
            />
          )}
          <Button type="submit" className="mt-4" disabled={busy}>
            Save retention
          </Button>
          <FormStatus text={saved} />
          <FormAlert text={alert} />
        </form>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {alert ? '' : 'Loading...'}
          </p>
          <FormAlert text={alert} />
        </>
      )}
    </Card>
  );
}
