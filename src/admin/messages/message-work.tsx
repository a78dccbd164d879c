import { useState, type FormEvent } from 'react';
import { NOTE_MAX } from '../../contract/inbox.js';
import { failureText } from '../api.js';
import { SelectField } from '../form-fields.js';
import { formatDate } from '../format.js';
import { Button, inputClass } from '../ui.js';
import { addNote, setAssignee, setStatus } from './inbox-api.js';
import { assigneesFor, CLOSE_REASON_LABELS, CLOSE_REASONS, STATUS_LABELS, STATUSES, type Assignee, type CloseReason, type MessageDetail, type Status } from './inbox-logic.js';

/**
 * The work on one message (issue 22; issue 37 item 5), as the panel of message-detail.tsx shows it:
 * its status with the reason a closed message needs, who has it, and the notes of the calls, each a
 * form of its own over one draft the panel keeps.
 */

/**
 * The work on a message not sent yet (issue 37 item 5): a status with its reason, an assignee, a
 * note being typed. Kept in this page's memory only (never storage: a note is about a patient)
 * until sent or discarded; leaving the message, the view or the admin asks first.
 */
export interface Draft {
  status: Status;
  reason: string;
  assignee: string;
  note: string;
}

export const draftOf = (m: MessageDetail): Draft => ({ status: m.status, reason: m.closeReason ?? '', assignee: m.assigneeId ?? '', note: '' });

/** Whether the draft holds work the message does not. */
export function draftDirty(d: Draft, m: Pick<MessageDetail, 'status' | 'closeReason' | 'assigneeId'>): boolean {
  return d.status !== m.status || (d.status === 'closed' && d.reason !== (m.closeReason ?? '')) || d.assignee !== (m.assigneeId ?? '') || d.note.trim() !== '';
}

export type Actions = { onFailed: (text: string) => void; clear: () => void; draft: Draft; edit: (change: Partial<Draft>) => void };

/** The status, with the reason a closed message needs: the reason's select appears with Closed. */
export function StatusForm({ m, onSaved, onFailed, clear, draft, edit }: Actions & { m: MessageDetail; onSaved: (m: MessageDetail) => void }) {
  const { status, reason } = draft;
  const setDraft = (v: Status) => edit({ status: v });
  const setReason = (v: string) => edit({ reason: v });
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    if (status === 'closed' && !reason) return setError('Choose why the message is closed.');
    setError(undefined);
    setBusy(true);
    const a = await setStatus(m.id, status, status === 'closed' ? (reason as CloseReason) : undefined);
    setBusy(false);
    if (a.ok) return onSaved(a.message);
    if (a.failure.errors.closeReason) setError(a.failure.errors.closeReason);
    else onFailed(failureText(a.failure) || 'The status was not saved.');
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Change status" className="mt-5 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2">
      <SelectField id="inbox-status" label="Status" value={status} onValue={(v) => setDraft(v as Status)} options={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
      {status === 'closed' && (
        <SelectField
          id="inbox-reason"
          label="Reason for closing"
          value={reason}
          onValue={setReason}
          error={error}
          required
          options={[{ value: '', label: 'Choose a reason' }, ...CLOSE_REASONS.map((r) => ({ value: r, label: CLOSE_REASON_LABELS[r] }))]}
        />
      )}
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={busy}>
          Save status
        </Button>
      </div>
    </form>
  );
}

/** Who has the message: the front desk of its city, or nobody. */
export function AssigneeForm({ m, assignees, onSaved, onFailed, clear, draft: work, edit }: Actions & { m: MessageDetail; assignees: Assignee[]; onSaved: (m: MessageDetail, name: string) => void }) {
  const draft = work.assignee;
  const setDraft = (v: string) => edit({ assignee: v });
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const choices = assigneesFor(assignees, m.site, m.assigneeId);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setError(undefined);
    setBusy(true);
    const a = await setAssignee(m.id, draft || null);
    setBusy(false);
    if (a.ok) return onSaved(a.message, choices.find((c) => c.id === draft)?.name ?? '');
    if (a.failure.errors.assigneeId) setError(a.failure.errors.assigneeId);
    else onFailed(failureText(a.failure) || 'The message was not assigned.');
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Change assignee" className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2">
      <SelectField
        id="inbox-assignee"
        label="Assigned to"
        value={draft}
        onValue={setDraft}
        error={error}
        options={[{ value: '', label: 'Nobody' }, ...choices.map((a) => ({ value: a.id, label: a.active ? a.name : `${a.name} (disabled)` }))]}
      />
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={busy}>
          Save assignment
        </Button>
      </div>
    </form>
  );
}

/** The notes of the calls, oldest first, and Add note. */
export function Notes({ m, onAdded, onFailed, clear, draft, edit }: Actions & { m: MessageDetail; onAdded: (m: MessageDetail) => void }) {
  const text = draft.note;
  const setText = (v: string) => edit({ note: v });
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    if (!text.trim()) return setError('Write the note first.');
    setError(undefined);
    setBusy(true);
    const a = await addNote(m.id, text);
    setBusy(false);
    if (a.ok) {
      return onAdded({ ...m, notes: [...m.notes, a.note] });
    }
    if (a.failure.errors.text) setError(a.failure.errors.text);
    else onFailed(failureText(a.failure) || 'The note was not added.');
  };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Notes</h3>
      {m.notes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol aria-label="Notes" className="mt-2 space-y-2">
          {m.notes.map((n) => (
            <li key={n.id} className="rounded-lg border border-slate-200 p-2 text-sm">
              <p className="text-slate-600">
                <span className="font-semibold text-slate-900">{n.authorLabel}</span>,{' '}
                <time dateTime={n.at} className="whitespace-nowrap">
                  {formatDate(n.at)}
                </time>
              </p>
              {n.unreadable ? <p className="text-red-800">This note cannot be opened on this server: {n.unreadable}.</p> : <p className="whitespace-pre-wrap break-words text-slate-800">{n.text}</p>}
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate aria-label="Add a note" className="mt-3">
        <label htmlFor="inbox-note" className="mb-1 block text-sm font-medium text-slate-800">
          Add note
        </label>
        <textarea
          id="inbox-note"
          rows={3}
          maxLength={NOTE_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`inbox-note-hint${error ? ' inbox-note-error' : ''}`}
          className={inputClass}
        />
        <p id="inbox-note-hint" className="mt-1 text-sm text-slate-600">
          What was said or agreed; up to {NOTE_MAX} characters. Notes are kept with the message.
        </p>
        <div role="alert">
          {error && (
            <p id="inbox-note-error" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" variant="secondary" className="mt-2" disabled={busy}>
          Add note
        </Button>
      </form>
    </div>
  );
}
