import { useEffect, useRef } from 'react';
import { formatDate } from '../format.js';
import { ageOf, assigneeName, cityLabel, statusLabel, type Assignee, type InboxItem } from './inbox-logic.js';
import { LanguageBadge } from './language-badge.js';

const th = 'py-2 pr-3 font-medium';
const td = 'py-1 pr-3 align-middle';

/**
 * One page of the inbox, newest first: who wrote (the button that opens the message), the city, the
 * service, how long ago, the status and who has it. `open` is the message shown beside the list;
 * its row is marked, and its button is where the focus returns when it closes. Each row has a
 * checkbox for the bulk bar (issue 37 item 7), named by the first name and the day received, never
 * the full name; the header's selects or clears the whole page.
 */
export function InboxTable({
  items,
  assignees,
  now,
  open,
  onOpen,
  selected,
  onSelect,
}: {
  items: InboxItem[];
  assignees: Assignee[];
  now: number;
  open?: string;
  onOpen: (id: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
}) {
  const chosen = items.filter((m) => selected.has(m.id)).length;
  const all = items.length > 0 && chosen === items.length;
  const some = chosen > 0 && !all;
  const header = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (header.current) header.current.indeterminate = some;
  }, [some]);
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Messages list">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Messages, newest first. Open one with the button of its name.</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className={`${th} w-11`}>
              <input
                ref={header}
                type="checkbox"
                data-select-all
                aria-label="Select all messages on this page"
                checked={all}
                onChange={(e) => onSelect(
                  items.map((m) => m.id),
                  e.currentTarget.checked,
                )}
                className="size-6 accent-brand"
              />
            </th>
            <th scope="col" className={th}>Name</th>
            <th scope="col" className={th}>City</th>
            <th scope="col" className={th}>Service</th>
            <th scope="col" className={th}>Received</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Assigned to</th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {items.map((m) => {
            const current = m.id === open;
            return (
              <tr key={m.id} data-message-id={m.id} className={`border-t border-slate-200 ${current ? 'bg-brand-soft' : ''}`}>
                <td className={td}>
                  {/* A label of its own: the first name and the day, never the patient's full name. */}
                  <input
                    type="checkbox"
                    data-select={m.id}
                    aria-label={`Select ${m.unreadable ? 'unreadable message' : m.firstName || 'message with no name'}, ${formatDate(m.receivedAt)}`}
                    checked={selected.has(m.id)}
                    onChange={(e) => onSelect([m.id], e.currentTarget.checked)}
                    className="size-6 accent-brand"
                  />
                </td>
                <th scope="row" className={`${td} font-normal`}>
                  <button
                    type="button"
                    data-open={m.id}
                    aria-current={current || undefined}
                    onClick={() => onOpen(m.id)}
                    className="-mx-1 min-h-11 min-w-11 rounded px-1 text-left font-semibold text-brand underline decoration-1 underline-offset-2 hover:text-brand-dark"
                  >
                    {m.unreadable ? 'Unreadable message' : m.firstName || 'No name'}
                    <span className="sr-only">: open message</span>
                  </button>
                  <LanguageBadge language={m.language} className="ml-2" />
                </th>
                <td className={td}>{cityLabel(m)}</td>
                <td className={td}>{m.service || '—'}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={m.receivedAt} title={formatDate(m.receivedAt)}>
                    {ageOf(m.receivedAt, now)}
                  </time>
                </td>
                <td className={td}>{statusLabel(m.status, m.closeReason)}</td>
                <td className={`${td} ${m.assigneeId ? '' : 'text-slate-600'}`}>{assigneeName(assignees, m.assigneeId)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
