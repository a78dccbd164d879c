import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { failureText } from '../api.js';
import { SelectField } from '../form-fields.js';
import { formatDate } from '../format.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, inputClass } from '../ui.js';
import { useLeaveGuard } from '../leave-guard.js';
import { DeleteMessage } from './delete-message.js';
import { presenceLine } from './inbox-live.js';
import { addNote, openMessage, setAssignee, setStatus } from './inbox-api.js';
import { assigneesFor, cityLabel, CLOSE_REASON_LABELS, CLOSE_REASONS, STATUS_LABELS, STATUSES, statusLabel, type Assignee, type CloseReason, type MessageDetail, type Status } from './inbox-logic.js';

export const DETAIL_TITLE = 'inbox-detail-title';
const NOTE_MAX = 2000;

/**
 * The work on a message not sent yet (issue 37 item 5): a status with its reason, an assignee, a
 * note being typed. Kept in this page's memory only (never storage: a note is about a patient)
 * until sent or discarded; leaving the message, the view or the admin asks first.
 */
interface Draft {
  status: Status;
  reason: string;
  assignee: string;
  note: string;
}

const draftOf = (m: MessageDetail): Draft => ({ status: m.status, reason: m.closeReason ?? '', assignee: m.assigneeId ?? '', note: '' });

/** Whether the draft holds work the message does not. */
export function draftDirty(d: Draft, m: Pick<MessageDetail, 'status' | 'closeReason' | 'assigneeId'>): boolean {
  return d.status !== m.status || (d.status === 'closed' && d.reason !== (m.closeReason ?? '')) || d.assignee !== (m.assigneeId ?? '') || d.note.trim() !== '';
}

/**
 * One message in full beside the list: the patient's words and how to reach them, then the work on
 * it (status with the reason a message is closed, who has it, notes of the calls) and, for the
 * owner, Delete. Opening it is a read the server records. The heading takes the focus once the
 * message is in, so a screen reader starts at the name. `onChanged` tells the list to count again.
 */
export function MessageDetailPanel({
  id,
  assignees,
  canDelete,
  onChanged,
  onDeleted,
  onClose,
  viewers = [],
  onDirty,
  outsideChange = 0,
  bulkChange = 0,
}: {
  id: string;
  assignees: Assignee[];
  canDelete: boolean;
  onChanged: () => void;
  onDeleted: () => void;
  onClose: () => void;
  /** The names of the others who have this message open (the live inbox's presence). */
  viewers?: readonly string[];
  /** Told whether work not sent is held (the view asks before opening another message). */
  onDirty?: (dirty: boolean) => void;
  /** Counts changes someone else made to this message (the live inbox): each reads it again. */
  outsideChange?: number;
  /** Bumped when the bulk bar changed this message: read again, as for others' changes. */
  bulkChange?: number;
}) {
  const [message, setMessage] = useState<MessageDetail | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  /** The bulk changes already read again. */
  const bulkSeen = useRef(0);
  const edit = (change: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  const dirty = message !== undefined && draft !== undefined && draftDirty(draft, message);
  useLeaveGuard(dirty, 'this message');
  const told = useRef(onDirty);
  told.current = onDirty;
  useEffect(() => told.current?.(dirty), [dirty]);
  useEffect(() => () => told.current?.(false), []);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const { notice, show, clear } = useNotice();

  useEffect(() => {
    let live = true;
    void openMessage(id).then((a) => {
      if (!live) return;
      if (a.ok) {
        setMessage(a.message);
        setDraft(draftOf(a.message));
      } else setFailed(failureText(a.failure) || 'The message could not be opened.');
    });
    return () => {
      live = false;
    };
  }, [id]);
  // Someone else changed it: read it again (a read the server records), keeping the work not sent
  // here: a field of the draft that was left as it was follows the message.
  const current = useRef(message);
  current.current = message;
  useEffect(() => {
    if (outsideChange === 0 && bulkChange === 0) return;
    let live = true;
    void openMessage(id).then((a) => {
      const before = current.current;
      if (!live || !a.ok || !before) return;
      const m = a.message;
      setMessage(m);
      setDraft((d) =>
        d && {
          status: d.status === before.status ? m.status : d.status,
          reason: d.reason === (before.closeReason ?? '') ? (m.closeReason ?? '') : d.reason,
          assignee: d.assignee === (before.assigneeId ?? '') ? (m.assigneeId ?? '') : d.assignee,
          note: d.note,
        },
      );
      show(bulkChange > bulkSeen.current ? 'Changed with the selected messages: it is shown as it is now.' : 'Someone else changed this message: it is shown as it is now.', 'success');
      bulkSeen.current = bulkChange;
    });
    return () => {
      live = false;
    };
  }, [outsideChange, bulkChange, id]);
  const ready = message !== undefined || failed !== undefined;
  useLayoutEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  const changed = (m: MessageDetail, text: string, sent: Partial<Draft>) => {
    setMessage(m);
    edit(sent);
    show(text, 'success');
    onChanged();
  };

  const title = message ? (message.unreadable ? 'Unreadable message' : `${message.firstName} ${message.lastName}`.trim() || 'No name') : failed ? 'Message not opened' : 'Opening message...';
  return (
    <section id="inbox-detail" aria-labelledby={DETAIL_TITLE} className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:self-start">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={DETAIL_TITLE} ref={heading} tabIndex={-1} className="min-w-0 text-lg font-semibold break-words text-slate-900">
          {title}
        </h2>
        <Button variant="ghost" className="-mt-2 -mr-2" onClick={onClose}>
          Close<span className="sr-only"> message</span>
        </Button>
      </div>
      <p role="status" data-testid="inbox-presence" className="text-sm font-medium text-slate-700">
        {presenceLine(viewers)}
      </p>
      {failed && (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {failed}
        </p>
      )}
      {message && (
        <>
          <Facts m={message} />
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Message</h3>
          {message.unreadable ? (
            <p className="mt-1 text-sm font-medium text-red-800">This message cannot be opened on this server: {message.unreadable}.</p>
          ) : (
            <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
          )}
          <NoticeArea notice={notice} testId="inbox-detail-notice" />
          {draft && (
            <>
              <StatusForm
                m={message}
                draft={draft}
                edit={edit}
                onSaved={(m) => changed(m, `Status saved: ${statusLabel(m.status, m.closeReason)}.`, { status: m.status, reason: m.closeReason ?? '' })}
                onFailed={(t) => show(t, 'error')}
                clear={clear}
              />
              <AssigneeForm
                m={message}
                draft={draft}
                edit={edit}
                assignees={assignees}
                onSaved={(m, name) => changed(m, m.assigneeId ? `Assigned to ${name}.` : 'Nobody has it now.', { assignee: m.assigneeId ?? '' })}
                onFailed={(t) => show(t, 'error')}
                clear={clear}
              />
              <Notes m={message} draft={draft} edit={edit} onAdded={(m) => changed(m, 'Note added.', { note: '' })} onFailed={(t) => show(t, 'error')} clear={clear} />
            </>
          )}
          {canDelete && <DeleteMessage m={message} onDeleted={onDeleted} />}
        </>
      )}
    </section>
  );
}

/** A term and its value; an empty value reads "None". */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children === '' || children === undefined ? 'None' : children}</dd>
    </>
  );
}

function Facts({ m }: { m: MessageDetail }) {
  const tel = m.phone.replace(/[^\d+]/g, '');
  return (
    <dl className="mt-3 grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <Fact term="Email">
        {m.email && (
          <a href={`mailto:${m.email}`} className="text-brand underline">
            {m.email}
          </a>
        )}
      </Fact>
      <Fact term="Phone">
        {m.phone && (
          <a href={`tel:${tel}`} className="text-brand underline">
            {m.phone}
          </a>
        )}
      </Fact>
      <Fact term="Service">{m.service}</Fact>
      <Fact term="City">{cityLabel(m)}</Fact>
      <Fact term="Received">
        <time dateTime={m.receivedAt}>{formatDate(m.receivedAt)}</time>
      </Fact>
      <Fact term="Page">{m.page}</Fact>
      <Fact term="Sent from">
        {m.origin}
        {!m.registered && <span className="block text-amber-900">Not an address registered for {m.city || 'this city'}: filed by the city its form names.</span>}
      </Fact>
    </dl>
  );
}

type Actions = { onFailed: (text: string) => void; clear: () => void; draft: Draft; edit: (change: Partial<Draft>) => void };

/** The status, with the reason a closed message needs: the reason's select appears with Closed. */
function StatusForm({ m, onSaved, onFailed, clear, draft, edit }: Actions & { m: MessageDetail; onSaved: (m: MessageDetail) => void }) {
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
function AssigneeForm({ m, assignees, onSaved, onFailed, clear, draft: work, edit }: Actions & { m: MessageDetail; assignees: Assignee[]; onSaved: (m: MessageDetail, name: string) => void }) {
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
function Notes({ m, onAdded, onFailed, clear, draft, edit }: Actions & { m: MessageDetail; onAdded: (m: MessageDetail) => void }) {
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
