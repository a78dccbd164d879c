import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { useAbilities, useAccount } from '../auth/session-context.js';
import { FormAlert, SelectField, TextField } from '../form-fields.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, Card, linkButtonClass } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { listAssignees, listInbox } from './inbox-api.js';
import { cityOptions, datesReversed, exportUrl, NO_FILTERS, pageCount, rangeLabel, SAVED_FILTERS, savedFilterOf, STATUS_LABELS, STATUSES, todayOf, type Assignee, type InboxFilters, type InboxPage, type Status } from './inbox-logic.js';
import { BulkBar } from './bulk-bar.js';
import { InboxTable } from './inbox-table.js';
import { MessageDetailPanel } from './message-detail.js';
import { ArrivedBanner, useLiveInbox, useOpenGuard } from './live-parts.js';
import { RetentionCard } from './retention-card.js';

/** What a search takes, as the field's hint says it. */
const SEARCH_HINT = 'A last name, a first name, an email address, or 4 digits or more of a phone number.';

/** The city select's value for every city: no slug has a star. */
const ALL = '*';

/**
 * The front desk's Messages view (issue 22): counts per status and per city that filter, who has
 * a message, dates, a search by name, email or phone digits (issue 37), the list a page at a
 * time, and one message opened beside it to work on. `site` is the city the address named (`#messages/tampa`); choosing another city
 * calls `onSite`, so a reload keeps it. What was searched lives only in this page's memory and in
 * a POST body, never in the address.
 */
export function InboxView({ site, onSite }: { site?: string; onSite: (site: string | undefined) => void }) {
  const can = useAbilities();
  const owner = can.manageStaff;
  const me = useAccount()?.id ?? '';
  const [filters, setFilters] = useState<InboxFilters>({ ...NO_FILTERS, site });
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [draftQ, setDraftQ] = useState('');
  const [qError, setQError] = useState<string | undefined>(undefined);
  /** The server refused the search (its words are at the search field): no list is shown, never an unfiltered one. */
  const [refused, setRefused] = useState(false);
  const [dates, setDates] = useState({ from: '', to: '' });
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<InboxPage | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const [open, setOpen] = useState<string | undefined>(undefined);
  /** Where the focus goes once the open message closes: its row's button, or the list's heading. */
  const returnTo = useRef<string | undefined>(undefined);
  const { notice, show } = useNotice();
  /** The rows ticked for the bulk bar: only those of the page shown count. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Bulk changes of the message open beside the list: it reads itself again, keeping its draft, as for others' changes. */
  const [bulkTouched, setBulkTouched] = useState(0);
  const select = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  useEffect(() => {
    let live = true;
    setLoading(true);
    void listInbox(filters, page, query).then((a) => {
      if (!live) return;
      setLoading(false);
      if (a.ok) {
        setData(a);
        setNow(Date.now());
        setLoadError(undefined);
        setRefused(false);
        return;
      }
      if (query !== undefined && a.failure.errors.q) {
        setQError(a.failure.errors.q);
        setRefused(true);
        return;
      }
      setLoadError(failureText(a.failure) || 'The messages could not be loaded. Try again, or reload the page.');
    });
    return () => {
      live = false;
    };
  }, [filters, page, query, tick]);

  // Another page, filter or search: what was ticked is no longer in view.
  useEffect(() => setSelected(new Set()), [filters, page, query]);

  useEffect(() => {
    void listAssignees().then((a) => a.ok && setAssignees(a.assignees));
  }, []);

  useLayoutEffect(() => {
    if (open !== undefined || returnTo.current === undefined) return;
    const id = returnTo.current;
    returnTo.current = undefined;
    const row = id === '' ? null : document.querySelector<HTMLElement>(`[data-open="${CSS.escape(id)}"]`);
    (row ?? document.getElementById('inbox-list-title'))?.focus();
  }, [open]);

  const filter = (change: Partial<InboxFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const chooseSite = (v: string) => {
    const next = v === ALL ? undefined : v;
    filter({ site: next });
    onSite(next);
  };
  /** A date applies once the two read the right way round; until then it waits in `dates`. */
  const chooseDate = (key: 'from' | 'to', v: string) => {
    const next = { ...dates, [key]: v };
    setDates(next);
    if (datesReversed(next)) return setDateError('The From date comes after the To date.');
    setDateError(undefined);
    filter(next);
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    const q = draftQ.trim();
    if (!q) return setQError(SEARCH_HINT);
    setQError(undefined);
    setRefused(false);
    setQuery(q);
    setPage(1);
  };
  const clearSearch = () => {
    setDraftQ('');
    setQError(undefined);
    setRefused(false);
    setQuery(undefined);
    setPage(1);
  };
  /** The saved filters set every filter at once (the city too: "My open" covers all of mine). */
  const applySaved = (f: InboxFilters) => {
    setFilters(f);
    setDates({ from: f.from, to: f.to });
    setDateError(undefined);
    setPage(1);
    onSite(undefined);
  };
  const today = todayOf(new Date(now));
  const saved = savedFilterOf(filters, me, today);
  const clearFilters = () => {
    setFilters({ ...NO_FILTERS });
    setDates({ from: '', to: '' });
    setDateError(undefined);
    setPage(1);
    onSite(undefined);
  };
  const close = (focus: string) => {
    returnTo.current = focus;
    setOpen(undefined);
  };
  const refresh = () => setTick((t) => t + 1);
  // Live (issue 37 items 4 and 5): others' changes read the list again; work not sent asks before it goes.
  const [openSite, setOpenSite] = useState('');
  const live = useLiveInbox({ open, openSite, refresh });
  const guard = useOpenGuard(
    (id) => {
      setOpenSite(data?.items.find((i) => i.id === id)?.site ?? '');
      setOpen(id);
    },
    () => open && close(open),
  );
  const showArrived = () => {
    live.clearArrived();
    const title = document.getElementById('inbox-list-title');
    title?.scrollIntoView({ block: 'start' });
    title?.focus();
  };

  const all = data ? STATUSES.reduce((n, s) => n + data.byStatus[s], 0) : 0;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const summary = loadError
    ? ''
    : refused
      ? 'No search made: correct the search above.'
      : !data
        ? 'Loading...'
        : data.total === 0
          ? query !== undefined
            ? 'No messages match'
            : 'No messages match these filters.'
          : `${query !== undefined ? 'Search results: ' : ''}${rangeLabel(data.page, data.pageSize, data.total)} ${data.total === 1 ? 'message' : 'messages'}.${
              data.capped ? ' Only the newest possible matches were checked: type more of the name or number to narrow the search.' : ''
            }`;
  /** The list shows only what answers the current search or filters, never a list from before. */
  const shown = !refused && !loadError && data && data.items.length > 0 ? data : undefined;
  const selectedItems = shown ? shown.items.filter((i) => selected.has(i.id)) : [];
  const tab = (status: Status | undefined, label: string, count: number) => {
    const on = filters.status === status;
    return (
      <Button key={label} variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={() => filter({ status })}>
        {label} <span className={`rounded-full px-2 text-xs tabular-nums ${on ? 'bg-white/20' : 'bg-brand-soft'}`}>{count}</span>
      </Button>
    );
  };

  return (
    <ViewPage
      title="Messages"
      lead={`Contact form messages from ${can.messageCities === null ? 'every city' : 'the cities you work'}, newest first. Opening a message and every change to it are recorded in the audit trail.`}
      below={
        <>
          <div className={`grid grid-cols-1 gap-6 ${open ? 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}`}>
            <section aria-labelledby="inbox-list-title" className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <h2 id="inbox-list-title" tabIndex={-1} className="text-lg font-semibold text-slate-900">
                {filters.status ? `${STATUS_LABELS[filters.status]} messages` : 'All messages'}
              </h2>
              <p role="status" className="mt-1 text-sm text-slate-700" data-testid="inbox-summary" aria-busy={loading || undefined}>
                {summary}
              </p>
              <NoticeArea notice={notice} testId="inbox-notice" />
              <ArrivedBanner count={live.arrived} onShow={showArrived} />
              <FormAlert text={loadError} />
              {selectedItems.length > 0 && (
                <BulkBar
                  items={selectedItems}
                  assignees={assignees}
                  onClear={() => {
                    setSelected(new Set());
                    document.querySelector<HTMLElement>('[data-select-all]')?.focus();
                  }}
                  onDone={(text, tone) => {
                    show(text, tone);
                    if (open && selectedItems.some((i) => i.id === open)) setBulkTouched((n) => n + 1);
                    if (tone === 'success') {
                      setSelected(new Set());
                      // The bar goes with the selection: the focus stays in the list.
                      document.querySelector<HTMLElement>('[data-select-all]')?.focus();
                    }
                    refresh();
                  }}
                />
              )}
              {shown && <InboxTable items={shown.items} assignees={assignees} now={now} open={open} onOpen={(id) => guard.openMessage(id, open)} selected={selected} onSelect={select} />}
              {shown && pages > 1 && (
                <nav aria-label="Pages of messages" className="mt-4 flex flex-wrap items-center gap-2">
                  {/* aria-disabled, not disabled: the button keeps the focus at the first or last page. */}
                  <Button variant="secondary" aria-disabled={page <= 1 || undefined} onClick={() => !loading && page > 1 && setPage(page - 1)}>
                    Previous<span className="sr-only"> page</span>
                  </Button>
                  <Button variant="secondary" aria-disabled={page >= pages || undefined} onClick={() => !loading && page < pages && setPage(page + 1)}>
                    Next<span className="sr-only"> page</span>
                  </Button>
                  <span className="text-sm text-slate-700">{rangeLabel(shown.page, shown.pageSize, shown.total)}</span>
                </nav>
              )}
            </section>
            {open && (
              <MessageDetailPanel
                key={open}
                id={open}
                assignees={assignees}
                canDelete={owner}
                onChanged={refresh}
                onClose={guard.closeMessage}
                viewers={live.viewers}
                outsideChange={live.outside}
                bulkChange={bulkTouched}
                onDirty={guard.onDirty}
                onDeleted={() => {
                  show('Message deleted.', 'success');
                  close('');
                  refresh();
                }}
              />
            )}
          </div>
          {owner && <RetentionCard />}
          {guard.dialog}
        </>
      }
    >
      <div role="group" aria-label="Saved filters" className="mb-4 flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-slate-700">Saved filters:</span>
        {me && (
          <Button variant={saved === 'mine' ? 'primary' : 'secondary'} aria-pressed={saved === 'mine'} onClick={() => applySaved(SAVED_FILTERS.mine(me))}>
            My open
          </Button>
        )}
        <Button variant={saved === 'today' ? 'primary' : 'secondary'} aria-pressed={saved === 'today'} onClick={() => applySaved(SAVED_FILTERS.today(today))}>
          New today
        </Button>
      </div>
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {STATUSES.map((s) => tab(s, STATUS_LABELS[s], data?.byStatus[s] ?? 0))}
        {tab(undefined, 'All', all)}
      </div>
      <form onSubmit={(e) => e.preventDefault()} noValidate aria-label="Filter messages" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id="inbox-city"
          label="City"
          value={filters.site ?? ALL}
          onValue={chooseSite}
          options={[
            { value: ALL, label: `${can.messageCities === null ? 'All cities' : 'All your cities'} (${(data?.byCity ?? []).reduce((n, c) => n + c.count, 0)})` },
            ...cityOptions(data?.byCity ?? [], filters.site).map((c) => ({ value: c.site, label: `${c.label} (${c.count})` })),
          ]}
        />
        <SelectField
          id="inbox-assignee-filter"
          label="Assigned to"
          value={filters.assignee}
          onValue={(assignee) => filter({ assignee })}
          options={[{ value: '', label: 'Anyone' }, { value: 'none', label: 'Unassigned' }, ...[...assignees].sort((a, b) => a.name.localeCompare(b.name)).map((a) => ({ value: a.id, label: a.name }))]}
        />
        <TextField id="inbox-from" label="Received from" type="date" value={dates.from} onValue={(v) => chooseDate('from', v)} error={dateError} />
        <TextField id="inbox-to" label="Received to" type="date" value={dates.to} onValue={(v) => chooseDate('to', v)} />
        <div className="sm:col-span-2 lg:col-span-4">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="ghost" onClick={clearFilters}>
              Clear filters
            </Button>
            {can.exportMessages && (
              <>
                {/* The owner's: the server records the export with its filter and count. */}
                <a href={exportUrl(filters)} download className={linkButtonClass} data-testid="inbox-export" aria-describedby={query !== undefined ? 'inbox-export-note' : undefined}>
                  Export CSV<span className="sr-only"> of the messages of these filters</span>
                </a>
                {query !== undefined && (
                  <p id="inbox-export-note" className="text-sm text-slate-700">
                    Exports the filter, not a search.
                  </p>
                )}
              </>
            )}
          </div>
        </div>
      </form>
      <form role="search" onSubmit={search} noValidate aria-label="Search messages" className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-200 pt-4">
        <TextField
          id="inbox-q"
          label="Search by name, email or phone"
          hint={SEARCH_HINT}
          className="min-w-64 flex-1"
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={draftQ}
          onValue={setDraftQ}
          error={qError}
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit">Search</Button>
          {query !== undefined && (
            <Button variant="ghost" onClick={clearSearch}>
              Clear search
            </Button>
          )}
        </div>
      </form>
    </ViewPage>
  );
}
