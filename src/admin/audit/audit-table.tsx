import { useState, type ReactNode } from 'react';
import type { AuditRecord } from './audit-api.js';
import { outcomeLabel, outcomeWord } from './audit-api.js';

const LINE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
const FULL_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const timeIn = (format: Intl.DateTimeFormat, iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format.format(d);
};

const th = 'py-2 pr-3 font-medium whitespace-nowrap';
const td = 'py-1 pr-3 align-middle whitespace-nowrap';

/** The messages a record names, for its line: the first reference, and how many more. */
const messagesLine = (refs: string[]) => (refs.length === 0 ? '' : refs.length === 1 ? refs[0]! : `${refs[0]} +${refs.length - 1}`);

/**
 * One page of the trail, newest first. A record is one line (when, who, what in words, the city,
 * the message's reference, how it ended) whose time is a disclosure button: it opens the record's
 * detail below it (the full time, who by name and as recorded, from which address, the action code,
 * the object as recorded, the outcome's status). The detail row is in the page, hidden, so the
 * button's aria-controls names it.
 */
export function AuditTable({ records }: { records: AuditRecord[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seq: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(seq)) next.add(seq);
      return next;
    });
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Audit records">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit records, newest first. Open a record&rsquo;s detail with the button of its time.</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className={th}>Time</th>
            <th scope="col" className={th}>Person</th>
            <th scope="col" className={th}>Action</th>
            <th scope="col" className={th}>City</th>
            <th scope="col" className={th}>Message</th>
            <th scope="col" className={th}>Outcome</th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {records.map((r) => {
            const expanded = open.has(r.seq);
            const detail = `audit-detail-${r.seq}`;
            return [
              <tr key={r.seq} data-seq={r.seq} data-record="line" className={`border-t border-slate-200 ${expanded ? 'bg-slate-50' : ''}`}>
                <th scope="row" className={`${td} font-normal`}>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={detail}
                    onClick={() => toggle(r.seq)}
                    className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded px-1 text-left text-brand underline decoration-1 underline-offset-2 hover:text-brand-dark"
                  >
                    <span aria-hidden="true" className={`inline-block w-3 text-xs no-underline transition-transform ${expanded ? 'rotate-90' : ''}`}>
                      ▶
                    </span>
                    <span>{timeIn(LINE_TIME, r.at)}</span>
                    <span className="sr-only">: details</span>
                  </button>
                </th>
                <td className={`${td} max-w-48 truncate`}>{r.person}</td>
                {/* The action takes the room left, and is cut short rather than wrapped: its detail says it whole. */}
                <td className={`${td} w-full max-w-0 truncate`}>{r.words}</td>
                <td className={`${td} max-w-40 truncate`}>{r.cityName}</td>
                <td className={`${td} font-mono text-xs`}>{messagesLine(r.messages)}</td>
                <td className={`${td} ${r.outcome >= 400 ? 'text-red-800' : 'text-slate-900'}`}>{outcomeWord(r.outcome)}</td>
              </tr>,
              <tr key={`${r.seq}-detail`} id={detail} data-record="detail" hidden={!expanded} className="bg-slate-50">
                <td colSpan={6} className="px-3 pt-1 pb-3">
                  <RecordDetail r={r} />
                </td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** A record in full: when, who, from where, the action code, the object, the outcome. */
function RecordDetail({ r }: { r: AuditRecord }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <Item term="When">
        <time dateTime={r.at}>{timeIn(FULL_TIME, r.at)}</time>
      </Item>
      <Item term="Who">
        {r.person}
        {r.actorName !== r.person && <span className="text-slate-700"> (recorded as {r.actorName})</span>}
        {r.actor && <span className="block font-mono text-xs break-all text-slate-700">id {r.actor}</span>}
      </Item>
      <Item term="From where">{r.address || 'Not known'}</Item>
      <Item term="Action">
        {r.words} <code className="font-mono text-xs text-slate-700">{r.action}</code>
      </Item>
      <Item term="Object">
        <span className="font-mono text-xs break-all">{r.object || 'None'}</span>
      </Item>
      {r.messages.length > 0 && <Item term={r.messages.length === 1 ? 'Message' : 'Messages'}>{r.messages.join(', ')}</Item>}
      <Item term="City">{r.city ? `${r.cityName} (${r.city})` : 'None'}</Item>
      <Item term="Outcome">
        {r.outcome} · {outcomeLabel(r.outcome)}
      </Item>
    </dl>
  );
}
