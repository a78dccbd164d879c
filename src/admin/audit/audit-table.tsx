import type { AuditRecord } from './audit-api.js';
import { outcomeLabel } from './audit-api.js';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const local = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : TIME.format(d);
};

const th = 'py-2 pr-4 font-medium';
const td = 'py-2 pr-4 align-top';

/** One page of the trail: the time (local, to the second), who, from where, what, on which object, how it ended. */
export function AuditTable({ records }: { records: AuditRecord[] }) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Audit records">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit records, newest first</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className={th}>Time</th>
            <th scope="col" className={th}>Person</th>
            <th scope="col" className={th}>Address</th>
            <th scope="col" className={th}>Action</th>
            <th scope="col" className={th}>Object</th>
            <th scope="col" className={th}>Outcome</th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {records.map((r) => (
            <tr key={r.seq} data-seq={r.seq} className="border-t border-slate-200">
              <th scope="row" className={`${td} font-normal whitespace-nowrap`}>
                <time dateTime={r.at}>{local(r.at)}</time>
              </th>
              <td className={td}>{r.actorName || r.actor}</td>
              <td className={`${td} break-all`}>{r.address}</td>
              <td className={`${td} font-mono text-xs`}>{r.action}</td>
              <td className={`${td} break-all`}>{r.object}</td>
              <td className={`${td} whitespace-nowrap ${r.outcome >= 400 ? 'text-red-800' : 'text-slate-900'}`}>
                {r.outcome} · {outcomeLabel(r.outcome)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
