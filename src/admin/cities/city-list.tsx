import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import { duplicateConfig, leftOutOfDuplicate } from '../../config/duplicate.js';
import * as M from '../../texts/admin.js';
import { useAbilities } from '../auth/session-context.js';
import { failureText } from '../api.js';
import { getCity, listCities, unpinCity, type CitySummary } from '../cities-api.js';
import { NoticeArea, sentence, useNotice } from '../notice.js';
import type { Go } from '../route.js';
import { Icon } from '../icons.js';
import { Tooltip, type TriggerProps } from '../tooltip.js';
import { Button, inputClass } from '../ui.js';
import { CityRow, type CityActions } from './city-row.js';
import { DeleteCityDialog } from './delete-city.js';
import { Trash } from './trash.js';
import { ImportButton, ImportResults, useImport } from './import-yaml.js';
import { DEFAULT_SORT, FILTERS, nextSort, resultCount, visibleCities, type CityFilter, type Sort, type SortKey } from './list-view.js';
import { RedeployConfirm } from './redeploy-confirm.js';
import { RedeployProgress } from './redeploy-progress.js';
import { useRedeploy } from './use-redeploy.js';

/**
 * The admin's first view: every saved city in a table (name, state, live or not and whether the
 * saved version is the live one, last deploy, messages in 30 days) that a search by name, a filter
 * and a sort on any of four columns keep usable at 50 cities and more (issue 23 item 7), with New
 * city, Import YAML and Redeploy all, and per city Open, Duplicate, Export YAML and Delete; a role that changes no city (the front desk) has Open and Export YAML only. `focus`
 * moves the focus to its heading when the operator came back from a city.
 */
export function CityList({ go, focus }: { go: Go; focus: boolean }) {
  const { editCities } = useAbilities();
  const [cities, setCities] = useState<CitySummary[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<CitySummary | undefined>(undefined);
  const { notice, show } = useNotice();

  const reload = useCallback(async (): Promise<CitySummary[] | undefined> => {
    try {
      const list = await listCities();
      setCities(list);
      setFailed(false);
      return list;
    } catch (err) {
      console.error(err);
      setFailed(true);
      return undefined;
    }
  }, []);
  // Redeploy all is asked first, with what the server would do to each site now (use-redeploy.ts).
  const unpin = async (c: CitySummary) => {
    const answer = await unpinCity(c.slug);
    if (answer.ok) show(M.cityUnpinned(c.city).title, 'success');
    else show(M.unpinFailed(c.city, failureText(answer.failure) || String(answer.status)).title, 'error');
    await reload();
  };
  const redeploy = useRedeploy(reload, editCities);
  const imp = useImport(reload);

  useEffect(() => void reload(), [reload]);
  useLayoutEffect(() => {
    document.title = 'Clinic Website Generator';
    if (focus) document.getElementById('view-title')?.focus();
  }, [focus]);

  const duplicate = async (c: CitySummary) => {
    try {
      const { config } = await getCity(c.slug);
      go({ name: 'new', base: duplicateConfig(config), from: c.city, left: leftOutOfDuplicate(config) });
    } catch (err) {
      console.error(err);
      show(sentence(M.cityLoadFailed), 'error');
    }
  };

  // Bumped at each delete: the trash reads itself again.
  const [deletes, setDeletes] = useState(0);
  const deleted = async (c: CitySummary, offline: boolean, trash: boolean) => {
    await reload();
    setDeletes((n) => n + 1);
    show(M.cityDeleted(c.city, offline, trash).title, 'success');
  };

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
      <section aria-labelledby="view-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
          Cities
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {editCities
            ? 'Every city’s clinic details, kept with their history. Open one to edit, preview and deploy its website.'
            : 'Every city’s clinic details. Open one to see its details and its messages.'}
        </p>
        {editCities && (
          <div className="mt-4 flex flex-wrap items-start gap-2">
            <Button onClick={() => go({ name: 'new' })}>New city</Button>
            <ImportButton imp={imp} />
            <Button variant="secondary" onClick={() => go({ name: 'special-hours' })}>
              Special hours for several cities
            </Button>
            <Button variant="secondary" onClick={() => void redeploy.ask()} disabled={redeploy.running}>
              {redeploy.running ? 'Redeploying...' : 'Redeploy all'}
            </Button>
          </div>
        )}
        {redeploy.error && (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
            {redeploy.error}
          </p>
        )}
        <ImportResults imp={imp} />
        <NoticeArea notice={notice} testId="list-notice" />
      </section>
      {redeploy.run && (
        <RedeployProgress
          run={redeploy.run}
          cities={cities}
          onDismiss={() => {
            redeploy.dismiss();
            document.getElementById('view-title')?.focus();
          }}
        />
      )}
      {failed && (
        <p role="alert" className="font-semibold text-red-800">
          {sentence(M.cityLoadFailed)}
        </p>
      )}
      {cities && cities.length === 0 && <p className="text-slate-700">{editCities ? 'No cities yet. Add one with New city or Import YAML.' : 'No cities yet.'}</p>}
      {cities && cities.length > 0 && (
        <CityTable
          cities={cities}
          actions={editCities ? { open: (x) => go({ name: 'city', slug: x.slug }), duplicate, remove: setDeleting, unpin } : { open: (x) => go({ name: 'city', slug: x.slug }) }}
        />
      )}
      {editCities && (
        <RedeployConfirm plan={redeploy.plan} changed={redeploy.planChanged} onConfirm={() => void redeploy.start()} onClose={redeploy.close} />
      )}
      <Trash version={deletes} canEdit={editCities} onRestored={async () => void (await reload())} />
      {editCities && <DeleteCityDialog city={deleting} onClose={() => setDeleting(undefined)} done={deleted} returnTo={() => document.getElementById('view-title')} />}
    </main>
  );
}

/** The columns a header button sorts by, with what the header says and, when shortened, its tooltip. */
const COLUMNS: { key: SortKey; label: string; full?: string; numeric?: boolean }[] = [
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'lastDeploy', label: 'Last deploy' },
  { key: 'messages', label: 'Msgs, 30 d', full: 'Contact messages received in the last 30 days', numeric: true },
];

/** The city's column stays in sight while a narrow screen scrolls the table sideways (as its rows' headers do). */
const STICKY = 'sticky left-0 z-10 bg-white';

/**
 * The filter and sort last used, so that back from a city the list is as the operator left it
 * (until a reload). The search starts empty on each visit (issue 39 item 9): a term kept from an
 * earlier visit hid cities, and the list then said "No city matches" under "All cities".
 */
let kept: { filter: CityFilter; sort: Sort } = { filter: 'all', sort: DEFAULT_SORT };

/**
 * The cities as a table: a search by name, a filter (live, not deployed, changed since deploy), a
 * sort by City, State, Last deploy or messages (buttons in the column headers, `aria-sort` on the
 * one sorted), and the number of cities shown, said politely whenever it changes.
 */
function CityTable({ cities, actions }: { cities: CitySummary[]; actions: CityActions }) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<CityFilter>(kept.filter);
  const [sort, setSort] = useState<Sort>(kept.sort);
  kept = { filter, sort };
  const shown = useMemo(() => visibleCities(cities, { query, filter, sort }), [cities, query, filter, sort]);
  const id = useId();

  const header = (col: (typeof COLUMNS)[number]) => {
    const sorted = sort.key === col.key ? sort.direction : undefined;
    return (
      <th key={col.key} scope="col" aria-sort={sorted} className={`px-1 py-1 ${col.numeric ? 'text-right' : 'text-left'} ${col.key === 'city' ? STICKY : ''}`}>
        {col.full ? (
          <Tooltip text={col.full} mode="describe">
            {(trigger) => <SortButton trigger={trigger} label={col.label} sorted={sorted} onClick={() => setSort(nextSort(sort, col.key))} />}
          </Tooltip>
        ) : (
          <SortButton label={col.label} sorted={sorted} onClick={() => setSort(nextSort(sort, col.key))} />
        )}
      </th>
    );
  };

  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-slate-800">
            Search by city, ZIP or area code
          </label>
          <input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} autoComplete="off" className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${id}-filter`} className="mb-1 block text-sm font-medium text-slate-800">
            Show
          </label>
          <select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.currentTarget.value as CityFilter)} className={inputClass}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p role="status" aria-live="polite" data-testid="city-count" className="mt-3 text-sm font-semibold text-slate-700">
        {resultCount(shown.length, cities.length)}
      </p>
      {/* Relative: the hidden names of the row's controls (sr-only, absolutely placed) scroll with it, not the page. */}
      <div className="relative mt-2 overflow-x-auto">
        <table className="w-full min-w-[52rem] border-collapse text-sm">
          <caption className="sr-only">Cities</caption>
          <thead>
            <tr className="text-slate-700">
              {header(COLUMNS[0]!)}
              {header(COLUMNS[1]!)}
              <th scope="col" className="px-3 py-1 text-left font-semibold">
                Site
              </th>
              {header(COLUMNS[2]!)}
              {header(COLUMNS[3]!)}
              <th scope="col" className="px-3 py-1 text-left font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <CityRow key={c.slug} city={c} actions={actions} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A column header's button: its name, and an arrow for the order it sorts in (none while another column sorts). */
function SortButton({ label, sorted, onClick, trigger }: { label: string; sorted: 'ascending' | 'descending' | undefined; onClick: () => void; trigger?: TriggerProps }) {
  return (
    <button {...trigger} type="button" onClick={onClick} className="inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-lg px-2 font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900">
      {label}
      <Icon name={sorted === 'ascending' ? 'up' : sorted === 'descending' ? 'down' : 'sort'} className={`h-4 w-4 ${sorted ? 'text-brand' : 'text-slate-500'}`} />
    </button>
  );
}
