import type { CloseReason, InboxItem, Note, Status } from './inbox.js';
import { toMessage, type MessageRow } from './rows.js';
import type { MessageSealer } from './sealing.js';

/** What both inbox stores share (as rows.ts for the message stores): the rows and their mapping. */

/** A message row with its inbox state. */
export interface InboxRow extends MessageRow {
  status: string;
  close_reason: string | null;
  assignee_id: string | null;
  status_at: string | null;
}

export interface NoteRow {
  public_id: string;
  at: string;
  author_id: string;
  author_label: string;
  body: string;
}

export const NOTE_COLUMNS = 'public_id, at, author_id, author_label, body';

/** A row of the list: the first name and the service only of what the patient wrote. */
export function inboxItem(r: InboxRow, sealer: MessageSealer | undefined): InboxItem {
  return itemOf(r, toMessage(r, sealer));
}

/** The list's row of a message already opened (`m`, from `toMessage(r)`): a search opens it once to check it. */
export function itemOf(r: InboxRow, m: ReturnType<typeof toMessage>): InboxItem {
  return {
    id: m.id,
    receivedAt: m.receivedAt,
    site: m.site,
    city: m.city,
    firstName: m.firstName,
    service: m.service,
    language: m.language,
    status: r.status as Status,
    closeReason: (r.close_reason as CloseReason | null) ?? null,
    assigneeId: r.assignee_id ?? null,
    ...(m.unreadable === undefined ? {} : { unreadable: m.unreadable }),
  };
}

/** A note opened under its message's key; one that does not open says so instead of its text. */
export function toNote(n: NoteRow, message: MessageRow, sealer: MessageSealer | undefined): Note {
  let text: string;
  try {
    if (!sealer || !message.sealed_key) throw new Error(`note ${n.public_id} is sealed and this server was given no key to open it`);
    text = sealer.openNote({ id: message.public_id, site: message.site ?? '', receivedAt: message.received_at }, message.sealed_key, n.public_id, n.body);
  } catch (err) {
    return { id: n.public_id, at: n.at, authorId: n.author_id, authorLabel: n.author_label, text: '', unreadable: (err as Error).message };
  }
  return { id: n.public_id, at: n.at, authorId: n.author_id, authorLabel: n.author_label, text };
}
