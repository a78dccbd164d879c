import { useState } from 'react';
import { failureText } from '../api.js';
import { SelectField } from '../form-fields.js';
import { Button } from '../ui.js';
import { bulkChange } from './inbox-api.js';
import { CLOSE_REASON_LABELS, CLOSE_REASONS, STATUS_LABELS, STATUSES, type Assignee, type CloseReason, type InboxItem, type Status } from './inbox-logic.js';

/** Who every one of `items` may be given to: an active account that reads each one's city. */
export function assigneesForAll(all: Assignee[], items: readonly Pick<InboxItem, 'site'>[]): Assignee[] {
  const sites = [...new Set(items.map((i) => i.site))];
  return all.filter((a) => a.active && (a.cities === null || sites.every((s) => a.cities!.includes(s)))).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The bulk bar (issue 37 item 7): shown while messages of the page are selected, it assigns them or
 * changes their status (Closed with one reason for all) in one request (POST /api/inbox/bulk,
 * src/contract/inbox-bulk.ts). `onDone` is told what happened in words for the page's notice.
 */
export function BulkBar({ items, assignees, onClear, onDone }: { items: InboxItem[]; assignees: Assignee[]; onClear: () => void; onDone: (text: string, tone: 'success' | 'error') => void }) {
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const [reason, setReason] = useState<CloseReason | ''>('');
  const [errors, setErrors] = useState<{ assignee?: string; status?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const count = items.length;
  const candidates = assigneesForAll(assignees, items);

  const send = async (change: { assigneeId?: string | null; status?: Status; closeReason?: CloseReason }, done: string) => {
    setBusy(true);
    const a = await bulkChange({ ids: items.map((i) => i.id), ...change });
    setBusy(false);
    if (!a.ok) {
      const e = a.failure.errors;
      if (e.assigneeId || e.status || e.closeReason) return setErrors({ assignee: e.assigneeId, status: e.status, reason: e.closeReason });
      return onDone(failureText(a.failure) || 'The messages could not be changed. Try again.', 'error');
    }
    setErrors({});
    const missed = a.results.filter((r) => r.result === 'notFound').length;
    onDone(`${done} ${a.changed} ${a.changed === 1 ? 'message' : 'messages'}.${missed ? ` ${missed} could not be changed: deleted, or not in your cities.` : ''}`, missed ? 'error' : 'success');
  };
  const assign = () => {
    if (!assignee) return setErrors({ assignee: 'Choose who gets them.' });
    const who = assignee === 'none' ? null : assignee;
    void send({ assigneeId: who }, who === null ? 'Took off their assignee:' : `Assigned to ${candidates.find((c) => c.id === who)?.name ?? 'them'}:`);
  };
  const changeStatus = () => {
    if (!status) return setErrors({ status: 'Choose a status.' });
    if (status === 'closed' && !reason) return setErrors({ reason: 'Choose why they are closed: one reason for all.' });
    void send(status === 'closed' ? { status, closeReason: reason as CloseReason } : { status }, `Marked ${STATUS_LABELS[status]}:`);
  };

  return (
    <div role="group" aria-labelledby="inbox-bulk-count" data-testid="bulk-bar" className="mt-3 rounded-lg border border-brand bg-brand-soft p-3">
      <div className="flex flex-wrap items-center gap-3">
        <p id="inbox-bulk-count" role="status" className="text-sm font-semibold text-slate-900">
          {count} selected
        </p>
        <Button variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            id="bulk-assignee"
            label="Assign to"
            value={assignee}
            onValue={(v) => {
              setAssignee(v);
              setErrors({});
            }}
            error={errors.assignee}
            options={[{ value: '', label: 'Choose someone' }, { value: 'none', label: 'Nobody (unassign)' }, ...candidates.map((c) => ({ value: c.id, label: c.name }))]}
          />
          <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && assign()}>
            Assign<span className="sr-only"> the selected messages</span>
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            id="bulk-status"
            label="Change status"
            value={status}
            onValue={(v) => {
              setStatus(v as Status | '');
              setErrors({});
            }}
            error={errors.status}
            options={[{ value: '', label: 'Choose a status' }, ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          />
          {status === 'closed' && (
            <SelectField
              id="bulk-reason"
              label="Close reason (for all)"
              value={reason}
              onValue={(v) => {
                setReason(v as CloseReason | '');
                setErrors({});
              }}
              error={errors.reason}
              options={[{ value: '', label: 'Choose a reason' }, ...CLOSE_REASONS.map((r) => ({ value: r, label: CLOSE_REASON_LABELS[r] }))]}
            />
          )}
          <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && changeStatus()}>
            Apply status<span className="sr-only"> to the selected messages</span>
          </Button>
        </div>
      </div>
    </div>
  );
}
