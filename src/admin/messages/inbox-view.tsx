import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { useAbilities, useAccount } from '../auth/session-context.js';
import { FormAlert } from '../form-fields.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button } from '../ui.js';
import type { SavedInboxFilter } from '../route.js';
import { ViewPage } from '../view-page.js';
import { listAssignees, listInbox } from './inbox-api.js';
import { datesReversed, NO_FILTERS, pageCount, rangeLabel, SAVED_FILTERS, savedFilterOf, STATUS_LABELS, todayOf, type Assignee, type InboxFilters, type InboxPage } from './inbox-logic.js';
import { BulkBar } from './bulk-bar.js';
import { ALL, InboxFilterBar, InboxSearchForm, SEARCH_HINT } from './inbox-filters.js';
import { InboxTable } from './inbox-table.js';
import { MessageDetailPanel } from './message-detail.js';
import { ArrivedBanner, useLiveInbox, useOpenGuard } from './live-parts.js';
import { RetentionCard } from './retention-card.js';


/**
 * The front desk's Messages view (issue 22): counts per status and per city that filter, who has
 * a message, dates, a search by name, email or phone digits (issue 37), the list a page at a
 * time, and one message opened beside it to work on. `site` is the city the address named
 * (`#messages/tampa`), `saved` the saved filter (`#messages?saved=mine`); another city or saved
 * filter chosen calls `onPlace`, so a reload or a bookmark keeps it. What was searched lives only in
 * this page's memory and in a POST body, never in the address.
 */
export function InboxView({ site, saved: savedAsked, onPlace }: { site?: string; saved?: SavedInboxFilter; onPlace: (place: { site?: string; saved?: SavedInboxFilter }) => void }) {
  const can = useAbilities();
  const owner = can.manageStaff;
  const me = useAccount()?.id ?? '';
  const [filters, setFilters] = useState<InboxFilters>(() =>
    savedAsked === 'today' ? SAVED_FILTERS.today(todayOf(new Date())) : savedAsked === 'mine' && me ? SAVED_FILTERS.mine(me) : { ...NO_FILTERS, site },
  );
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [draftQ, setDraftQ] = useState('');
  const [qError, setQError] = useState<string | undefined>(undefined);
  /** The server refused the search (its words are at the search field): no list is shown, never an unfiltered one. */
  const [refused, setRefused] = useState(false);
  const [dates, setDates] = useState(() => ({ from: filters.from, to: filters.to }));
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
  const chooseSite = (v: string) => filter({ site: v === ALL ? undefined : v });
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
  };
  const today = todayOf(new Date(now));
  const saved = savedFilterOf(filters, me, today);
  // The address follows the filters: a saved filter by its name, else the city chosen.
  useEffect(() => {
    if (saved !== savedAsked || (saved === undefined && filters.site !== site)) onPlace(saved ? { saved } : { site: filters.site });
  }, [saved, filters.site]);
  const clearFilters = () => {
    setFilters({ ...NO_FILTERS });
    setDates({ from: '', to: '' });
    setDateError(undefined);
    setPage(1);
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
      <InboxFilterBar
        me={me}
        saved={saved}
        onSaved={(key) => applySaved(key === 'mine' ? SAVED_FILTERS.mine(me) : SAVED_FILTERS.today(today))}
        data={data}
        filters={filters}
        onFilter={filter}
        onSite={chooseSite}
        assignees={assignees}
        dates={dates}
        dateError={dateError}
        onDate={chooseDate}
        onClear={clearFilters}
        searching={query !== undefined}
      />
      <InboxSearchForm draft={draftQ} onDraft={setDraftQ} error={qError} searching={query !== undefined} onSearch={search} onClear={clearSearch} />
    </ViewPage>
  );
}
