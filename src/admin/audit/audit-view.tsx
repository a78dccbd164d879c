import { useEffect, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../form-fields.js';
import { Button, Card, linkButtonClass } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { actorOption, auditCsvUrl, datesReversed, getAudit, NO_FILTERS, pageCount, type AuditFilters, type AuditPage } from './audit-api.js';
import { AuditBreakNotice } from './audit-break.js';
import { AuditTable } from './audit-table.js';

/**
 * The audit trail (the owner's): filters by person, action, city and dates, the records a page at
 * a time, and Export CSV of the same filters. Filters apply when the form is submitted, so the
 * list does not reload at every keystroke.
 */
export function AuditView() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AuditPage | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [dateError, setDateError] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setLoading(true);
    void getAudit(applied, page).then((a) => {
      if (!live) return;
      if (a.ok) setData(a);
      setFailed(!a.ok);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [applied, page]);

  const set = (key: keyof AuditFilters) => (v: string) => setDraft((d) => ({ ...d, [key]: v }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (datesReversed(draft)) return setDateError('The From date comes after the To date.');
    setDateError(undefined);
    setApplied({ ...draft });
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setDateError(undefined);
    setPage(1);
  };

  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const summary = failed
    ? ''
    : loading && !data
      ? 'Loading...'
      : data
        ? `${data.total} ${data.total === 1 ? 'record' : 'records'}${data.total > 0 ? `, page ${data.page} of ${pages}` : ''}.`
        : '';

  return (
    <ViewPage
      title="Audit trail"
      lead="Every sign-in, failed sign-in, message read, export and change: when, who, from which address, and how it ended. Open a record for its detail. Records are kept 6 years, each chained to the one before: only records that verify are listed, and a changed, removed or inserted record shows as a break."
      below={
        <Card id="audit-records" title="Records">
          <p role="status" className="text-sm text-slate-700" data-testid="audit-summary">
            {summary}
          </p>
          {failed && (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              The audit trail could not be loaded. Try again, or reload the page.
            </p>
          )}
          {data && <AuditBreakNotice trail={data.trail} />}
          {data && data.records.length > 0 && <AuditTable records={data.records} />}
          {data && pages > 1 && (
            <nav aria-label="Pages of records" className="mt-4 flex flex-wrap items-center gap-2">
              {/* aria-disabled, not disabled: the button keeps the focus when it reaches the first or last page. */}
              <Button variant="secondary" aria-disabled={page <= 1 || undefined} onClick={() => !loading && setPage((p) => Math.max(1, p - 1))}>
                Previous page
              </Button>
              <Button variant="secondary" aria-disabled={page >= pages || undefined} onClick={() => !loading && setPage((p) => Math.min(pages, p + 1))}>
                Next page
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
            </nav>
          )}
        </Card>
      }
    >
      <form onSubmit={apply} noValidate aria-label="Filter the audit trail" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          id="audit-actor"
          label="Person"
          value={draft.actor}
          onValue={set('actor')}
          options={[{ value: '', label: 'Everyone' }, ...(data?.actors ?? []).map((a) => ({ value: a.id, label: actorOption(a) }))]}
        />
        <SelectField
          id="audit-action"
          label="Action"
          value={draft.action}
          onValue={set('action')}
          options={[{ value: '', label: 'All actions' }, ...(data?.actions ?? []).map((a) => ({ value: a, label: data?.actionNames[a] ?? a }))]}
        />
        <SelectField
          id="audit-city"
          label="City"
          value={draft.city}
          onValue={set('city')}
          options={[{ value: '', label: 'All cities' }, ...(data?.cities ?? []).map((c) => ({ value: c.slug, label: c.name }))]}
        />
        <TextField id="audit-from" label="From" type="date" value={draft.from} onValue={set('from')} error={dateError} />
        <TextField id="audit-to" label="To" type="date" value={draft.to} onValue={set('to')} />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">Show records</Button>
          <Button variant="ghost" onClick={clear}>
            Clear filters
          </Button>
          <a href={auditCsvUrl(applied)} className={linkButtonClass}>
            Export CSV<span className="sr-only"> of the records shown</span>
          </a>
        </div>
      </form>
    </ViewPage>
  );
}
