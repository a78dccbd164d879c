import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { createBatcher } from './batcher.js';
import type { AddResult, MessagePage, MessageStore, NewMessage, StoredMessage } from './types.js';

interface Row {
  public_id: string;
  received_at: string;
  site: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

const COLUMNS = 'public_id, received_at, site, first_name, last_name, email, phone, service, message';

function toMessage(r: Row): StoredMessage {
  return {
    id: r.public_id,
    receivedAt: r.received_at,
    site: r.site,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    service: r.service,
    message: r.message,
  };
}

/** The SQLite message store; `flush()` commits what is queued (called on close). */
export function createMessageStore(db: Database.Database, opts: { notify: boolean }): MessageStore & { flush(): void } {
  const insert = db.prepare(
    `INSERT INTO messages (public_id, idempotency_key, ${COLUMNS.replace('public_id, ', '')})
     VALUES (@id, @key, @receivedAt, @site, @firstName, @lastName, @email, @phone, @service, @message)
     ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  const byKey = db.prepare<[string], { public_id: string }>('SELECT public_id FROM messages WHERE idempotency_key = ?');
  // The notification is queued in the same transaction as the message: both are stored, or neither.
  const queueMail = db.prepare('INSERT INTO outbox (message_id, next_attempt_at) VALUES (?, ?)');
  const page = db.prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM messages ORDER BY id DESC LIMIT ? OFFSET ?`);
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages');
  const every = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM messages ORDER BY id`);

  const addOne = (item: { message: NewMessage; key?: string }): AddResult | Error => {
    const id = randomUUID();
    const m = item.message;
    const params = { ...m, id, key: item.key ?? null };
    const info = insert.run(params);
    if (info.changes === 0) {
      const existing = byKey.get(item.key ?? '');
      return existing ? { id: existing.public_id, duplicate: true } : new Error('message was not stored');
    }
    if (opts.notify) queueMail.run(info.lastInsertRowid, Date.now());
    return { id, duplicate: false };
  };

  const commit = db.transaction((items: { message: NewMessage; key?: string }[]) =>
    items.map((item) => {
      try {
        return addOne(item);
      } catch (err) {
        // One bad row must not take the other messages of the batch down with it.
        return err instanceof Error ? err : new Error(String(err));
      }
    }),
  );
  const batcher = createBatcher<{ message: NewMessage; key?: string }, AddResult>((items) => commit.immediate(items));

  return {
    add: (message, key) => batcher.submit({ message, key }),
    list(pageNo, pageSize): MessagePage {
      const rows = page.all(pageSize, (pageNo - 1) * pageSize);
      return { messages: rows.map(toMessage), total: count.get()?.n ?? 0 };
    },
    // An array, not a lazy iterator: better-sqlite3 refuses other statements while one iterates.
    all: () => every.all().map(toMessage),
    flush: () => batcher.flush(),
  };
}
