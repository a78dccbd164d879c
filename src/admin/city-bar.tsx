import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { exportUrl } from './cities-api.js';
import { sameForm, type AdminForm } from './form.js';
import { formatDate } from './format.js';
import { ErrorSummary } from './error-summary.js';
import { NoticeArea } from './notice.js';
import type { Go } from './route.js';
import { Button, linkButtonClass } from './ui.js';
import type { CitySave } from './use-city-save.js';

/**
 * The editor's head: which city this is and which version it stands on, Save (with its answer in
 * a live region), Export YAML and the way back to the list. Its heading takes the focus when the
 * editor opens, so a screen reader says where the operator landed.
 */
export function CityBar({ form, save: s, go, from }: { form: UseFormReturn<AdminForm>; save: CitySave; go: Go; from?: string }) {
  const values = useWatch({ control: form.control }) as AdminForm;
  const dirty = s.saved ? !sameForm(values, s.saved.values) : true;
  const title = s.saved ? s.saved.city : from ? `New city (copy of ${from})` : 'New city';

  return (
    <section aria-labelledby="view-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-full">
      <AllCitiesLink go={go} />
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          <p data-testid="saved-version" className="mt-1 text-sm text-slate-600">
            {s.saved ? (
              <>
                Version {s.saved.version}, saved{' '}
                <time dateTime={s.saved.savedAt} className="whitespace-nowrap">
                  {formatDate(s.saved.savedAt)}
                </time>
                {dirty ? '. Unsaved changes.' : '.'}
              </>
            ) : (
              'Not saved yet.'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {s.saved && (
            <a href={exportUrl(s.saved.slug)} download={`${s.saved.slug}.yaml`} className={linkButtonClass}>
              Export YAML
            </a>
          )}
        </div>
      </div>
      <ErrorSummary problems={s.problems} lead="Not saved." testId="save-problems" />
    </section>
  );
}

/**
 * The Save bar (issue 39 item 6): at the foot of the viewport while the editor scrolls, with the
 * save state in words ("All changes saved", "Unsaved changes", "Saving..."), Save and its answer;
 * Ctrl+S (Cmd+S on a Mac) saves from anywhere in the editor instead of the browser saving the page.
 */
export function SaveBar({ form, save: s }: { form: UseFormReturn<AdminForm>; save: CitySave }) {
  const values = useWatch({ control: form.control }) as AdminForm;
  const dirty = s.saved ? !sameForm(values, s.saved.values) : true;
  const latest = useRef(s);
  latest.current = s;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      if (!latest.current.saving) void latest.current.save();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  const state = s.saving ? 'Saving...' : !s.saved ? 'Not saved yet' : dirty ? 'Unsaved changes' : 'All changes saved';
  return (
    <div role="region" aria-label="Save" className="sticky bottom-0 z-10 rounded-xl border border-slate-300 bg-white/95 px-4 py-3 shadow-lg lg:col-span-full">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p data-testid="save-state" className="text-sm font-semibold text-slate-800">
          {state}
          <span className="ml-2 font-normal text-slate-600">(Ctrl+S saves)</span>
        </p>
        <Button onClick={s.save} disabled={s.saving}>
          {s.saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <NoticeArea notice={s.notice} testId="save-notice" />
    </div>
  );
}

/** Back to the list of cities, from a city's editor or its read-only page. */
export function AllCitiesLink({ go }: { go: Go }) {
  return (
    <a
      href={location.pathname}
      onClick={(e) => {
        e.preventDefault();
        go({ name: 'list' });
      }}
      className="text-sm font-semibold text-brand underline"
    >
      All cities
    </a>
  );
}
