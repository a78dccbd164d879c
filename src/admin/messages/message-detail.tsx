import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { failureText } from '../api.js';
import { formatDate } from '../format.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button } from '../ui.js';
import { useLeaveGuard } from '../leave-guard.js';
import { DeleteMessage } from './delete-message.js';
import { presenceLine } from './inbox-live.js';
import { openMessage } from './inbox-api.js';
import { cityLabel, statusLabel, type Assignee, type MessageDetail } from './inbox-logic.js';
import { LanguageBadge } from './language-badge.js';
import { AssigneeForm, draftDirty, draftOf, Notes, StatusForm, type Draft } from './message-work.js';

export const DETAIL_TITLE = 'inbox-detail-title';

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
          <h3 className="mt-5 flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
            Message <LanguageBadge language={message.language} />
          </h3>
          {message.unreadable ? (
            <p className="mt-1 text-sm font-medium text-red-800">This message cannot be opened on this server: {message.unreadable}.</p>
          ) : (
            // In the language it was written in, so a screen reader reads Spanish as Spanish.
            <p lang={message.language} className="mt-1 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
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
