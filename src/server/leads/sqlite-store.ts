import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { createBatcher } from '../sqlite/batcher.js';
import { EXPORT_CHUNK, MESSAGE_COLUMNS, patientColumns, postHash, sameKeyResult, sealedPatientColumns, toMessage, type MessageRow } from './rows.js';
import type { BatchSealer } from './seal-worker.js';
import type { MessageSealer } from './sealing.js';
import { SEARCH_BLOCK_BITS, tokensOf } from './search.js';
import type { AddResult, MessageFilter, MessagePage, MessageStore, NewMessage, SiteCount, StoredMessage } from './store.js';

export interface MessageStoreOptions {
  /** Queue a notification in the outbox with every message. */
  notify: boolean;
  /** The home clinic: messages stored before messages had cities are filed under it. */
  home?: { site: string; city: string };
}

/** The SQLite message store; `flush()` commits what is queued (called on close). */
export function createMessageStore(db: Database.Database, opts: MessageStoreOptions): MessageStore & { flush(): void; drain(): Promise<void> } {
  // Set by useSealer once the store's secrets are open (serve.ts): from then on every message is sealed.
  let sealer: MessageSealer | undefined;
  const read = (r: MessageRow) => toMessage(r, sealer);
  // Only rows from before migration 2 have no site. Looked for first (a read), so the write happens
  // once, on the first start after the upgrade, not at every start.
  if (opts.home && db.prepare('SELECT 1 FROM messages WHERE site IS NULL LIMIT 1').get()) {
    db.prepare('UPDATE messages SET site = ?, city = ? WHERE site IS NULL').run(opts.home.site, opts.home.city);
  }
  // Positional parameters, in the order of the columns (addOne): better-sqlite3 binds them about
  // 1.5 µs a row faster than 21 named ones, on the path of every contact post.
  const insert = db.prepare(
    `INSERT INTO messages (public_id, idempotency_key, body_hash, received_at, site, city, page, origin, referer, registered, language, first_name, last_name, email, phone, service, message,
                           sealed, sealed_key, email_index, phone_index, name_index, search_indexed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
             ?, ?, ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  // A message's search tokens (search.ts), one statement a message: the JSON list becomes its rows.
  const insertTokens = db.prepare(`INSERT OR IGNORE INTO message_search (block, token, message_id) SELECT @id >> ${SEARCH_BLOCK_BITS}, value, @id FROM json_each(@tokens)`);
  const byKey = db.prepare<[string], { public_id: string; body_hash: string | null }>('SELECT public_id, body_hash FROM messages WHERE idempotency_key = ?');
  // The notification is queued in the same transaction as the message: both are stored, or neither.
  const queueMail = db.prepare('INSERT INTO outbox (message_id, next_attempt_at) VALUES (?, ?)');
  const page = db.prepare<[number, number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages ORDER BY id DESC LIMIT ? OFFSET ?`);
  const pageOfSite = db.prepare<[string, number, number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE site = ? ORDER BY id DESC LIMIT ? OFFSET ?`);
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages');
  const countOfSite = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM messages WHERE site = ?');
  // Keyset paging (id > last seen), one short statement a chunk: better-sqlite3 refuses other
  // statements while one is being iterated, and a chunk never holds more than EXPORT_CHUNK rows.
  const chunk = db.prepare<[number, number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id > ? ORDER BY id LIMIT ?`);
  const chunkOfSite = db.prepare<[string, number, number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE site = ? AND id > ? ORDER BY id LIMIT ?`);
  const perSite = db.prepare<[string, string], SiteCount>(
    `SELECT coalesce(site, '') AS site, max(city) AS city,
            sum(received_at >= ?) AS last7Days, sum(received_at >= ?) AS last30Days, count(*) AS total
       FROM messages GROUP BY coalesce(site, '') ORDER BY total DESC, site`,
  );

  /** A message as the batch inserts it: its id, Idempotency-Key hash and patient's columns made before the transaction. */
  type Row = { id: string; message: NewMessage; key?: string; hash: string | null; patient: ReturnType<typeof patientColumns> };

  const prepare = (item: { message: NewMessage; key?: string; row?: Row }): Row | Error => {
    if (item.row) return item.row;
    try {
      const id = randomUUID();
      // Hashed only when there is a key to compare against: the common post pays nothing for it.
      const hash = item.key === undefined ? null : postHash(item.message, sealer);
      return { ...item, id, hash, patient: patientColumns(id, item.message, sealer) };
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  };

  const addOne = (row: Row): AddResult | Error => {
    const { id, message: m, hash, patient: p } = row;
    const info = insert.run(id, row.key ?? null, hash, m.receivedAt, m.site, m.city, m.page, m.origin, m.referer, m.registered ? 1 : 0, m.language ?? 'en', p.first_name, p.last_name, p.email, p.phone, p.service, p.message,
                            p.sealed, p.sealed_key, p.email_index, p.phone_index, p.name_index, p.search_indexed);
    if (info.changes === 0) {
      const existing = byKey.get(row.key ?? '');
      if (!existing) return new Error('message was not stored');
      return sameKeyResult({ id: existing.public_id, hash: existing.body_hash }, hash);
    }
    if (p.search_tokens?.length) insertTokens.run({ id: info.lastInsertRowid, tokens: JSON.stringify(p.search_tokens) });
    if (opts.notify) queueMail.run(info.lastInsertRowid, Date.now());
    return { id, duplicate: false };
  };

  const commit = db.transaction((rows: (Row | Error)[]) =>
    rows.map((row) => {
      if (row instanceof Error) return row;
      try {
        return addOne(row);
      } catch (err) {
        // SQLite rolled the whole transaction back (SQLITE_FULL, IOERR): later items would commit
        // on their own while earlier ones answered "saved" for rows that are gone. Fail the batch,
        // so every item gets the same truthful answer.
        if (!db.inTransaction) throw err;
        // One bad row must not take the other messages of the batch down with it.
        return err instanceof Error ? err : new Error(String(err));
      }
    }),
  );
  // The batch's messages are sealed one after another before its transaction begins: SQLite's
  // write lock, which other processes wait for, is held for the inserts alone. Sealed together,
  // not each as its request arrives, they took about 8 µs less of the server's CPU a message in the
  // contact bench (the crypto stays in the CPU's caches). A batch retried after a busy lock is
  // sealed again, with new ids and keys: nothing of it was stored.
  const batcher = createBatcher<{ message: NewMessage; key?: string; row?: Row }, AddResult>((items) => commit.immediate(items.map(prepare)));

  // With a sealer that has a worker (seal-worker.ts), a turn's new messages are sealed there first,
  // together, and handed to the batcher sealed: this thread meanwhile parses the next requests and
  // commits the batch before. A batch the worker could not seal is sealed on this thread.
  let pending: { message: NewMessage; key?: string; resolve: (r: AddResult) => void; reject: (e: unknown) => void }[] = [];
  const sealing = new Set<Promise<void>>();
  const sendPending = () => {
    const batch = pending;
    pending = [];
    // Given another sealer since they were queued (useSealer), one with no worker or none at all
    // (the bench takes it back): the batcher seals them as it does every other message.
    if (!sealer || !('sealBatch' in sealer)) {
      for (const b of batch) batcher.submit({ message: b.message, key: b.key }).then(b.resolve, b.reject);
      return;
    }
    const s = sealer as BatchSealer;
    const ids = batch.map(() => randomUUID());
    const jobs = batch.map(({ message: m }, k) => ({
      place: { id: ids[k]!, site: m.site, receivedAt: m.receivedAt },
      fields: { firstName: m.firstName, lastName: m.lastName, email: m.email, phone: m.phone, service: m.service, message: m.message },
    }));
    const done: Promise<void> = s.sealBatch(jobs).then(
      (sealed) => {
        batch.forEach((b, k) => {
          let row: Row;
          try {
            row = { message: b.message, key: b.key, id: ids[k]!, hash: b.key === undefined ? null : postHash(b.message, s), patient: sealedPatientColumns(sealed[k]!) };
          } catch (err) {
            b.reject(err);
            return;
          }
          batcher.submit({ message: b.message, key: b.key, row }).then(b.resolve, b.reject);
        });
      },
      (err) => batch.forEach((b) => b.reject(err)),
    );
    sealing.add(done);
    void done.finally(() => sealing.delete(done));
  };
  const addSealedElsewhere = (message: NewMessage, key: string | undefined) =>
    new Promise<AddResult>((resolve, reject) => {
      pending.push({ message, key, resolve, reject });
      // setImmediate, as the batcher: requests parsed in one I/O phase are sealed together.
      if (pending.length === 1) setImmediate(sendPending);
    });

  // Async to match the interface (PostgreSQL reads over the network); each chunk is read at once.
  async function* all(filter: MessageFilter = {}): AsyncGenerator<StoredMessage> {
    let after = 0;
    for (;;) {
      const rows = filter.site === undefined ? chunk.all(after, EXPORT_CHUNK) : chunkOfSite.all(filter.site, after, EXPORT_CHUNK);
      for (const r of rows) yield read(r);
      if (rows.length < EXPORT_CHUNK) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  return {
    add: (message, key) => (sealer && 'sealBatch' in sealer ? addSealedElsewhere(message, key) : batcher.submit({ message, key })),
    async list(pageNo, pageSize, filter = {}): Promise<MessagePage> {
      const offset = (pageNo - 1) * pageSize;
      if (filter.site === undefined) return { messages: page.all(pageSize, offset).map(read), total: count.get()?.n ?? 0 };
      return { messages: pageOfSite.all(filter.site, pageSize, offset).map(read), total: countOfSite.get(filter.site)?.n ?? 0 };
    },
    all,
    async countBySite(now) {
      const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
      return perSite.all(daysAgo(7), daysAgo(30));
    },
    flush: () => batcher.flush(),
    async drain() {
      // Whatever is being sealed reaches the batcher, which the caller's flush() then commits.
      while (pending.length || sealing.size) {
        if (pending.length) sendPending();
        await Promise.allSettled([...sealing]);
      }
    },
    useSealer(s) {
      sealer = s;
    },
    async countStoredPlain() {
      return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages WHERE sealed IS NULL').get()!.n;
    },
    async sealStored(batch = 200) {
      if (!sealer) throw new Error('no sealer: open the store with its data key first');
      const s = sealer;
      const plain = db.prepare<[number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sealed IS NULL ORDER BY id LIMIT ?`);
      const update = db.prepare(
        `UPDATE messages SET first_name = '', last_name = '', email = '', phone = '', service = '', message = '', sealed = @sealed, sealed_key = @sealed_key,
                email_index = @email_index, phone_index = @phone_index, name_index = @name_index, body_hash = NULL WHERE id = @rowid AND sealed IS NULL`,
      );
      const sealBatch = db.transaction((rows: MessageRow[]) => {
        for (const r of rows) {
          const m = toMessage(r);
          // Its search tokens are the backfill's (indexStored), which runs next.
          const { first_name: _f, last_name: _l, email: _e, phone: _p, service: _s, message: _m, search_tokens: _t, search_indexed: _i, ...sealedCols } = patientColumns(r.public_id, m, s);
          update.run({ ...sealedCols, rowid: r.id });
        }
      });
      let done = 0;
      for (;;) {
        const rows = plain.all(batch);
        if (rows.length === 0) return done;
        // One transaction a batch: an interrupted upgrade resumes where it stopped.
        sealBatch.immediate(rows);
        done += rows.length;
        await new Promise((r) => setImmediate(r));
      }
    },
    async indexStored(batch = 200) {
      if (!sealer) throw new Error('no sealer: open the store with its data key first');
      const s = sealer;
      // Sealed messages without their tokens: stored before migration 12 (or sealed by sealStored just now).
      const waiting = db.prepare<[number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE search_indexed IS NULL AND sealed IS NOT NULL ORDER BY id LIMIT ?`);
      const mark = db.prepare('UPDATE messages SET search_indexed = ? WHERE id = ?');
      const indexBatch = db.transaction((rows: MessageRow[]) => {
        let unopened = 0;
        for (const r of rows) {
          const tokens = tokensOf(r, s);
          if (tokens === undefined) unopened++;
          else if (tokens.length) insertTokens.run({ id: r.id, tokens: JSON.stringify(tokens) });
          mark.run(tokens === undefined ? 0 : 1, r.id);
        }
        return unopened;
      });
      const result = { indexed: 0, unopened: 0 };
      for (;;) {
        const rows = waiting.all(batch);
        if (rows.length === 0) return result;
        // One transaction a batch: an interrupted start resumes with the messages still NULL.
        const unopened = indexBatch.immediate(rows);
        result.indexed += rows.length - unopened;
        result.unopened += unopened;
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}
