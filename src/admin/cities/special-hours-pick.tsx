import { useId, useMemo, useState } from 'react';
import type { CitySummary } from '../cities-api.js';
import { Button, inputClass } from '../ui.js';
import { matchesSearch, stateCode, stateName } from './list-view.js';

/**
 * Picking the cities a special-hours change is for: every city of a state at once (a state chosen,
 * then "Tick"), or one by one (a checkbox each, the list narrowed by the cities search). A search
 * only hides rows: a city ticked and hidden stays ticked, and the count says how many are.
 */
export function CityPicker({ cities, ticked, onTick }: { cities: CitySummary[]; ticked: ReadonlySet<string>; onTick: (slugs: string[], on: boolean) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const states = useMemo(() => [...new Set(cities.map((c) => stateCode(c.state)))].sort((a, b) => stateName(a).localeCompare(stateName(b))), [cities]);
  const [state, setState] = useState('');
  const sorted = useMemo(() => [...cities].sort((a, b) => a.city.localeCompare(b.city)), [cities]);
  const shown = sorted.filter((c) => matchesSearch(c, query));
  const ofState = (s: string) => cities.filter((c) => stateCode(c.state) === s).map((c) => c.slug);

  return (
    <fieldset className="min-w-0">
      <legend className="text-lg font-semibold text-slate-900">1. Cities</legend>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-48">
          <label htmlFor={`${id}-state`} className="mb-1 block text-sm font-medium text-slate-800">
            Every city in a state
          </label>
          <select id={`${id}-state`} value={state} onChange={(e) => setState(e.currentTarget.value)} className={inputClass}>
            <option value="">Choose a state</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {stateName(s)} ({ofState(s).length})
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" disabled={state === ''} onClick={() => onTick(ofState(state), true)}>
          Tick {state ? `every city in ${stateName(state)}` : 'the state’s cities'}
        </Button>
        <Button variant="ghost" disabled={ticked.size === 0} onClick={() => onTick([...ticked], false)}>
          Untick all
        </Button>
      </div>
      <div className="mt-3 max-w-md">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-slate-800">
          Search by city, ZIP or area code
        </label>
        <input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} autoComplete="off" className={inputClass} />
      </div>
      <p role="status" data-testid="ticked-count" className="mt-3 text-sm font-semibold text-slate-700">
        {ticked.size === 1 ? '1 city ticked' : `${ticked.size} cities ticked`}
        {shown.length < cities.length ? ` · ${shown.length} of ${cities.length} shown` : ''}
      </p>
      <ul aria-label="Cities to change" className="mt-2 grid max-h-80 grid-cols-1 gap-1 overflow-auto rounded-lg border border-slate-200 p-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((c) => (
          <li key={c.slug}>
            <label className="flex min-h-11 items-center gap-2 rounded px-2 hover:bg-slate-50">
              <input type="checkbox" className="h-5 w-5" checked={ticked.has(c.slug)} onChange={(e) => onTick([c.slug], e.currentTarget.checked)} />
              <span>
                {c.city}, {stateCode(c.state)}
                {c.pinned ? ' (rolled back)' : c.live ? '' : ' (not deployed)'}
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="px-2 py-2 text-slate-700">No city matches the search.</li>}
      </ul>
    </fieldset>
  );
}
