import type { CitySummary } from '../cities-api.js';

/** A front desk's cities as the form holds them: all of them, or the ticked ones. */
export interface CitiesValue {
  all: boolean;
  ticked: string[];
}

export const citiesValueOf = (cities: string[] | null): CitiesValue => (cities === null ? { all: true, ticked: [] } : { all: false, ticked: cities });

/**
 * Which cities' messages a front desk reads: only the ticked ones, or All cities chosen on purpose
 * (a new front desk starts with none ticked: NOTES.md decision 17).
 * A slug the account holds that is no longer a stored city is still listed, so it can be unticked.
 */
export function CitiesField({ id, cities, value, onChange, error }: { id: string; cities: CitySummary[]; value: CitiesValue; onChange: (v: CitiesValue) => void; error?: string }) {
  const known = new Set(cities.map((c) => c.slug));
  const rows = [...cities.map((c) => ({ slug: c.slug, label: `${c.city}, ${c.state}` })), ...value.ticked.filter((s) => !known.has(s)).map((slug) => ({ slug, label: `${slug} (no longer stored)` }))];
  const tick = (slug: string, on: boolean) => onChange({ all: false, ticked: on ? [...value.ticked, slug] : value.ticked.filter((s) => s !== slug) });
  const radio = 'h-5 w-5 shrink-0 accent-brand';
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-800">Cities whose messages this person reads</legend>
      <div className="grid gap-1">
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="radio" name={id} checked={value.all} onChange={() => onChange({ all: true, ticked: value.ticked })} className={radio} />
          All cities, and any city added later
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="radio" name={id} checked={!value.all} onChange={() => onChange({ all: false, ticked: value.ticked })} className={radio} />
          Only the cities ticked below
        </label>
      </div>
      {!value.all &&
        (rows.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No cities are stored yet.</p>
        ) : (
          <ul aria-label="Cities" className="mt-1 grid gap-1 border-l-2 border-slate-200 pl-4 sm:grid-cols-2">
            {rows.map((r) => (
              <li key={r.slug}>
                <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                  <input type="checkbox" checked={value.ticked.includes(r.slug)} onChange={(e) => tick(r.slug, e.currentTarget.checked)} className={radio} />
                  {r.label}
                </label>
              </li>
            ))}
          </ul>
        ))}
      <div role="alert">
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** The form's check before sending: a front desk limited to some cities needs one at least. */
export function citiesProblem(role: string, v: CitiesValue): string | undefined {
  return role === 'frontdesk' && !v.all && v.ticked.length === 0 ? 'Tick at least one city, or choose All cities.' : undefined;
}
