import type { FormEvent } from 'react';
import { useAbilities } from '../auth/session-context.js';
import { SelectField, TextField } from '../form-fields.js';
import * as M from '../../texts/admin.js';
import { Button, linkButtonClass } from '../ui.js';
import { LANGUAGE_CHOICES } from './language-badge.js';
import { cityOptions, exportUrl, STATUS_LABELS, STATUSES, type Assignee, type InboxFilters, type InboxPage, type Status } from './inbox-logic.js';

/** What a search takes, as the field's hint says it. */
export const SEARCH_HINT = 'A last name, a first name, an email address, or 4 digits or more of a phone number.';

/** The city select's value for every city: no slug has a star. */
export const ALL = '*';

/**
 * The inbox's filters (issue 22, issue 37 item 7): the saved filters, a tab a status with its
 * count, the city, the assignee, the language of the page written from (issue 40) and the dates, Clear filters and the owner's Export CSV of them.
 * The view (inbox-view.tsx) holds their state; these draw it and say what was chosen.
 */
export function InboxFilterBar({
  me,
  saved,
  onSaved,
  data,
  filters,
  onFilter,
  onSite,
  assignees,
  dates,
  dateError,
  onDate,
  onClear,
  searching,
}: {
  /** The account's id ('' while unknown: no "My open"). */
  me: string;
  saved: 'mine' | 'today' | undefined;
  onSaved: (key: 'mine' | 'today') => void;
  data: InboxPage | undefined;
  filters: InboxFilters;
  onFilter: (change: Partial<InboxFilters>) => void;
  /** A city's slug, or ALL. */
  onSite: (value: string) => void;
  assignees: Assignee[];
  dates: { from: string; to: string };
  dateError: string | undefined;
  onDate: (key: 'from' | 'to', value: string) => void;
  onClear: () => void;
  /** A search is shown: the export, which is of the filter, says so. */
  searching: boolean;
}) {
  const can = useAbilities();
  const all = data ? STATUSES.reduce((n, s) => n + data.byStatus[s], 0) : 0;
  const tab = (status: Status | undefined, label: string, count: number) => {
    const on = filters.status === status;
    return (
      <Button key={label} variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={() => onFilter({ status })}>
        {label} <span className={`rounded-full px-2 text-xs tabular-nums ${on ? 'bg-white/20' : 'bg-brand-soft'}`}>{count}</span>
      </Button>
    );
  };
  return (
    <>
      <div role="group" aria-label="Saved filters" className="mb-4 flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-slate-700">Saved filters:</span>
        {me && (
          <Button variant={saved === 'mine' ? 'primary' : 'secondary'} aria-pressed={saved === 'mine'} onClick={() => onSaved('mine')}>
            My open
          </Button>
        )}
        <Button variant={saved === 'today' ? 'primary' : 'secondary'} aria-pressed={saved === 'today'} onClick={() => onSaved('today')}>
          New today
        </Button>
      </div>
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {STATUSES.map((s) => tab(s, STATUS_LABELS[s], data?.byStatus[s] ?? 0))}
        {tab(undefined, 'All', all)}
      </div>
      <form onSubmit={(e) => e.preventDefault()} noValidate aria-label="Filter messages" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          id="inbox-city"
          label="City"
          value={filters.site ?? ALL}
          onValue={onSite}
          options={[
            { value: ALL, label: `${can.messageCities === null ? 'All cities' : 'All your cities'} (${(data?.byCity ?? []).reduce((n, c) => n + c.count, 0)})` },
            ...cityOptions(data?.byCity ?? [], filters.site).map((c) => ({ value: c.site, label: `${c.label} (${c.count})` })),
          ]}
        />
        <SelectField
          id="inbox-assignee-filter"
          label="Assigned to"
          value={filters.assignee}
          onValue={(assignee) => onFilter({ assignee })}
          options={[{ value: '', label: 'Anyone' }, { value: 'none', label: 'Unassigned' }, ...[...assignees].sort((a, b) => a.name.localeCompare(b.name)).map((a) => ({ value: a.id, label: a.name }))]}
        />
        <SelectField
          id="inbox-language"
          label={M.inboxLanguageFilter.title}
          value={filters.language ?? ''}
          onValue={(v) => onFilter({ language: LANGUAGE_CHOICES.find((c) => c.value === v)?.value || undefined })}
          options={LANGUAGE_CHOICES}
        />
        <TextField id="inbox-from" label="Received from" type="date" value={dates.from} onValue={(v) => onDate('from', v)} error={dateError} />
        <TextField id="inbox-to" label="Received to" type="date" value={dates.to} onValue={(v) => onDate('to', v)} />
        <div className="sm:col-span-2 lg:col-span-5">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
            {can.exportMessages && (
              <>
                {/* The owner's: the server records the export with its filter and count. */}
                <a href={exportUrl(filters)} download className={linkButtonClass} data-testid="inbox-export" aria-describedby={searching ? 'inbox-export-note' : undefined}>
                  Export CSV<span className="sr-only"> of the messages of these filters</span>
                </a>
                {searching && (
                  <p id="inbox-export-note" className="text-sm text-slate-700">
                    Exports the filter, not a search.
                  </p>
                )}
              </>
              )}
            </div>
          </div>
        </form>
    </>
  );
}

/** The search form: what was typed stays in the page (never the address) until Search sends it in a body. */
export function InboxSearchForm({
  draft,
  onDraft,
  error,
  searching,
  onSearch,
  onClear,
}: {
  draft: string;
  onDraft: (value: string) => void;
  error: string | undefined;
  /** A search is shown: Clear search is offered. */
  searching: boolean;
  onSearch: (e: FormEvent) => void;
  onClear: () => void;
}) {
  return (
    <form role="search" onSubmit={onSearch} noValidate aria-label="Search messages" className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-200 pt-4">
      <TextField
        id="inbox-q"
        label="Search by name, email or phone"
        hint={SEARCH_HINT}
        className="min-w-64 flex-1"
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={draft}
        onValue={onDraft}
        error={error}
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit">Search</Button>
        {searching && (
          <Button variant="ghost" onClick={onClear}>
            Clear search
          </Button>
        )}
      </div>
    </form>
  );
}
