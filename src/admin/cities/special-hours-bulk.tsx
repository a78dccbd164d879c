import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { failureText } from '../api.js';
import { listCities, type CitySummary } from '../cities-api.js';
import type { Go } from '../route.js';
import { Button } from '../ui.js';
import { planBulkHours, saveBulkHours, type BulkHoursPlanLine, type BulkHoursSaveLine, type EntryShown } from './special-hours-api.js';
import { EMPTY_ENTRY, ENTRY_FIELDS, EntryForm, entryInputId, entryOf, type EntryDraft } from './special-hours-entry.js';
import { PlanView, SaveResults } from './special-hours-outcome.js';
import { CityPicker } from './special-hours-pick.js';

const BASE = 'special-hours';

/**
 * Special hours for several cities in one step (issue 39 item 9; "Thanksgiving closures for 20
 * clinics are 20 edits"): tick the cities (a state's at once, or by hand), write one closure,
 * Preview says what each city's pages will show and what becomes of its site, then one button
 * saves them all and redeploys the live ones. Any change after the preview takes it away: what is
 * saved is always what was previewed, against the versions the preview read.
 */
export function SpecialHoursBulk({ go }: { go: Go }) {
  const [cities, setCities] = useState<CitySummary[] | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [draft, setDraft] = useState<EntryDraft>(EMPTY_ENTRY);
  const [errors, setErrors] = useState<[string, string][]>([]);
  const [plan, setPlan] = useState<{ entry: EntryShown; lines: BulkHoursPlanLine[] } | undefined>(undefined);
  const [result, setResult] = useState<BulkHoursSaveLine[] | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'plan' | 'save' | undefined>(undefined);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const errorsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    listCities().then(setCities, (err: unknown) => {
      console.error(err);
      setLoadFailed(true);
    });
  }, []);
  useLayoutEffect(() => {
    document.title = 'Special hours for several cities - Clinic Website Generator';
    document.getElementById('view-title')?.focus();
  }, []);
  // Focus follows what just appeared: the errors to fix, the preview to read, the result.
  useLayoutEffect(() => void (errors.length && errorsRef.current?.focus()), [errors]);
  useLayoutEffect(() => void (plan && previewRef.current?.focus()), [plan]);
  useLayoutEffect(() => void (result && resultRef.current?.focus()), [result]);

  const changed = () => {
    setPlan(undefined);
    setFailure(undefined);
  };
  const tick = (slugs: string[], on: boolean) => {
    changed();
    setTicked((t) => {
      const next = new Set(t);
      for (const s of slugs) if (on) next.add(s);
      else next.delete(s);
      return next;
    });
  };
  const edit = (d: EntryDraft) => {
    changed();
    setDraft(d);
  };

  const preview = async () => {
    setResult(undefined);
    setFailure(undefined);
    if (ticked.size === 0) return setErrors([['slugs', 'Tick at least one city']]);
    setBusy('plan');
    const answer = await planBulkHours([...ticked], entryOf(draft));
    setBusy(undefined);
    if (!answer.ok) {
      const fields = Object.entries(answer.failure.errors);
      if (fields.length) return setErrors(fields);
      return setFailure(`The preview failed: ${failureText(answer.failure) || String(answer.status)}`);
    }
    setErrors([]);
    setPlan({ entry: answer.entry, lines: answer.cities });
  };

  const takers = plan?.lines.filter((l) => !l.problem) ?? [];
  const redeploys = takers.filter((l) => l.site === 'redeploy').length;
  const save = async () => {
    if (!plan || takers.length === 0) return;
    setBusy('save');
    const answer = await saveBulkHours(
      takers.map((l) => l.slug),
      entryOf(draft),
      Object.fromEntries(takers.map((l) => [l.slug, l.version])),
    );
    setBusy(undefined);
    if (!answer.ok) return setFailure(`Nothing was saved: ${failureText(answer.failure) || String(answer.status)}`);
    // The cities left alone (a conflict, not saved) are said again beside the saved ones.
    const left: BulkHoursSaveLine[] = plan.lines.filter((l) => l.problem).map((l) => ({ slug: l.slug, city: l.city, status: 409, saved: false, reason: l.problem, deploy: 'none' }));
    setPlan(undefined);
    setResult([...answer.cities, ...left]);
    setCities(await listCities().catch(() => cities));
  };

  const label = (field: string) => (field === 'slugs' ? 'Cities' : (ENTRY_FIELDS[field]?.label ?? field));
  const fieldErrors = Object.fromEntries(errors.flatMap(([f, text]) => (ENTRY_FIELDS[f] ? [[ENTRY_FIELDS[f].key, text]] : []))) as Partial<Record<keyof EntryDraft, string>>;

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
      <section aria-labelledby="view-title" className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p>
          <a
            href="#"
            onClick={(e) => {
              e.preventDefault();
              go({ name: 'list' });
            }}
            className="text-sm font-semibold text-brand underline"
          >
            Back to the cities
          </a>
        </p>
        <h2 id="view-title" tabIndex={-1} className="mt-2 text-xl font-bold text-slate-900">
          Special hours for several cities
        </h2>
        <p className="mt-1 text-sm text-slate-600">A closure or special opening hours for many clinics at once: tick the cities, write the entry once, preview what each city’s pages will say, then save and redeploy.</p>
        {loadFailed && (
          <p role="alert" className="mt-3 font-semibold text-red-800">
            The cities could not be read. Reload the page to try again.
          </p>
        )}
        {errors.length > 0 && (
          <div ref={errorsRef} tabIndex={-1} role="group" aria-labelledby="special-hours-errors" data-testid="special-hours-errors" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p id="special-hours-errors" className="font-semibold">
              Nothing was previewed. Correct {errors.length === 1 ? 'this field' : 'these fields'}:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map(([f, text]) => (
                <li key={f}>
                  {ENTRY_FIELDS[f] ? (
                    <a
                      href={`#${entryInputId(BASE, ENTRY_FIELDS[f].key)}`}
                      onClick={(e) => {
                        // The admin's views live in the address's hash: following the link would leave the view.
                        e.preventDefault();
                        document.getElementById(entryInputId(BASE, ENTRY_FIELDS[f]!.key))?.focus();
                      }}
                      className="font-semibold text-red-900 underline"
                    >
                      {label(f)}
                    </a>
                  ) : (
                    <span className="font-semibold">{label(f)}</span>
                  )}
                  : {text}
                </li>
              ))}
            </ul>
          </div>
        )}
        <form
          noValidate
          className="mt-5 grid grid-cols-1 gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            void preview();
          }}
        >
          {cities && <CityPicker cities={cities} ticked={ticked} onTick={tick} />}
          <EntryForm draft={draft} onChange={edit} errors={fieldErrors} base={BASE} />
          <div>
            <Button type="submit" disabled={busy !== undefined}>
              {busy === 'plan' ? 'Preparing the preview...' : 'Preview'}
            </Button>
          </div>
        </form>
        <div role="alert" className="text-sm">
          {failure && <p className="mt-3 font-semibold text-red-800">{failure}</p>}
        </div>
      </section>
      {plan && (
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <PlanView entry={plan.entry} lines={plan.lines} headingRef={previewRef} />
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={() => void save()} disabled={busy !== undefined || takers.length === 0}>
              {busy === 'save' ? 'Saving and redeploying...' : `Save ${takers.length} ${takers.length === 1 ? 'city' : 'cities'} and redeploy ${redeploys}`}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setPlan(undefined);
                document.getElementById(entryInputId(BASE, 'label'))?.focus();
              }}
            >
              Change the entry
            </Button>
          </div>
        </div>
      )}
      {result && (
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <SaveResults lines={result} headingRef={resultRef} />
        </div>
      )}
    </main>
  );
}
