import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createAsyncBatcher } from '../sqlite/batcher.js';
import { EXPORT_CHUNK, MESSAGE_COLUMNS, patientColumns, postHash, sameKeyResult, toMessage, type MessageRow } from './rows.js';
import type { MessageSealer } from './sealing.js';
import { tokensOf } from './search.js';
import type { AddResult, MessageFilter, MessagePage, MessageStore, NewMessage, SiteCount, StoredMessage } from './store.js';
import { guarded, inTransaction, isConnectionError, storeError } from '../pg/connect.js';

/** The columns a post writes, in the order of the arrays INSERT takes. */
const WRITTEN = [
  'public_id', 'idempotency_key', 'body_hash', 'received_at', 'site', 'city', 'page', 'origin', 'referer', 'registered', 'language', 'first_name',
  'last_name', 'email', 'phone', 'service', 'message', 'sealed', 'sealed_key', 'email_index', 'phone_index', 'name_index', 'search_indexed',
] as const;
/** Every column travels as text[]; these are cast back on the way in. */
const CAST: Partial<Record<(typeof WRITTEN)[number], string>> = { registered: 'boolean', search_indexed: 'smallint' };

/**
 * One statement for a whole batch, so one round trip and one commit: the rows arrive as one array a
 * column (unnest), are inserted in the order they were posted (ids, hence "newest first", follow
 * it), and with `notify` each stored message gets its outbox row in the same statement, that is the
 * same transaction. A statement outside BEGIN commits before PostgreSQL answers, so the answer
 * means "committed" (and, with synchronous_commit on, "flushed to the WAL").
 */
function insertSql(notify: boolean): string {
  const cols = WRITTEN.join(', ');
  // One more array after the columns: each message's search tokens, space-separated (base64url has no space).
  const arrays = [...WRITTEN, 'search_tokens'].map((_, i) => `$${i + 1}::text[]`).join(', ');
  const queue = notify ? `, queued AS (INSERT INTO outbox (message_id, next_attempt_at) SELECT id, $${WRITTEN.length + 2}::bigint FROM ins)` : '';
  return `WITH input AS (SELECT * FROM unnest(${arrays}) WITH ORDINALITY AS t(${cols}, search_tokens, ord)),
    ins AS (INSERT INTO messages (${cols}) SELECT ${WRITTEN.map((c) => (CAST[c] ? `${c}::${CAST[c]}` : c)).join(', ')} FROM input ORDER BY ord
            ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, public_id),
    indexed AS (INSERT INTO message_search (token, message_id)
                SELECT DISTINCT token, ins.id FROM ins JOIN input ON input.public_id = ins.public_id
                 CROSS JOIN LATERAL unnest(string_to_array(input.search_tokens, ' ')) AS token)${queue}
    SELECT public_id FROM ins`;
}

interface Item {
  message: NewMessage;
  key?: string;
}

interface Prepared extends Item {
  id: string;
  hash: string | null;
  /** False for a repeat of a key already earlier in the batch: it is answered from that row. */
  insert: boolean;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
/** PostgreSQL refused the batch's INSERT (a bad row, a deadlock; not the connection): nothing was stored. */
class RefusedBatch {
  constructor(readonly cause: unknown) {}
}

/**
 * The PostgreSQL message store (docs/decisions/015-postgresql.md), with the SQLite store's answers:
 * posts of one event-loop turn are stored by one statement, `add` resolves after the commit, an
 * Idempotency-Key stores one message across every server on the database (its unique index
 * decides), and a lost connection rejects with StoreUnavailableError. `flush()` waits for what is
 * queued (called on close).
 */
export function createPgMessageStore(pool: pg.Pool, opts: { notify: boolean }): MessageStore & { flush(): Promise<void> } {
  const insert = insertSql(opts.notify);
  // Set by useSealer once the store's secrets are open (serve.ts): from then on every message is sealed.
  let sealer: MessageSealer | undefined;
  const read = (r: MessageRow) => toMessage(r, sealer);

  /** Inserts the rows; returns the public ids stored (a row whose key was taken is not among them). */
  const insertRows = async (rows: Prepared[]): Promise<Set<string>> => {
    const columns: (string | null)[][] = [...WRITTEN, 'search_tokens'].map(() => []);
    for (const r of rows) {
      const m = r.message;
      const p = patientColumns(r.id, m, sealer);
      const values = [r.id, r.key ?? null, r.hash, m.receivedAt, m.site, m.city, m.page, m.origin, m.referer, String(m.registered), m.language ?? 'en', p.first_name, p.last_name, p.email, p.phone, p.service, p.message, p.sealed, p.sealed_key, p.email_index, p.phone_index, p.name_index,
                      p.search_indexed === null ? null : String(p.search_indexed), p.search_tokens?.join(' ') ?? null];
      values.forEach((v, i) => columns[i]!.push(v));
    }
    const res = await pool.query<{ public_id: string }>(insert, opts.notify ? [...columns, Date.now()] : columns);
    return new Set(res.rows.map((r) => r.public_id));
  };

  /**
   * One statement for the batch, and a read of the rows already holding some of its keys. Throws
   * only when the INSERT failed (nothing stored); once it has committed, a failed read rejects just
   * the items it was to answer.
   */
  const write = async (items: Item[]): Promise<(AddResult | Error)[]> => {
    const seen = new Set<string>();
    const prepared: Prepared[] = items.map((item) => {
      const first = item.key === undefined || !seen.has(item.key);
      if (item.key !== undefined) seen.add(item.key);
      // Hashed only when there is a key to compare against: the common post pays nothing for it.
      return { ...item, id: randomUUID(), hash: item.key === undefined ? null : postHash(item.message, sealer), insert: first };
    });
    let inserted: Set<string>;
    try {
      inserted = await insertRows(prepared.filter((p) => p.insert));
    } catch (err) {
      throw isConnectionError(err) ? err : new RefusedBatch(err);
    }

    // What is stored under each key the batch names: its own row, or one stored before (by any server).
    const byKey = new Map<string, { id: string; hash: string | null }>();
    for (const p of prepared) if (p.key !== undefined && inserted.has(p.id)) byKey.set(p.key, { id: p.id, hash: p.hash });
    const unknown = [...seen].filter((k) => !byKey.has(k));
    /** Why the keys taken before could not be read; the INSERT has committed whatever happens here. */
    let lookupFailed: Error | undefined;
    if (unknown.length) {
      try {
        // A new statement: it sees the row of a concurrent transaction the insert waited for.
        const res = await pool.query<{ idempotency_key: string; public_id: string; body_hash: string | null }>(
          'SELECT idempotency_key, public_id, body_hash FROM messages WHERE idempotency_key = ANY($1::text[])',
          [unknown],
        );
        for (const r of res.rows) byKey.set(r.idempotency_key, { id: r.public_id, hash: r.body_hash });
      } catch (err) {
        // Not thrown: the rows the INSERT returned are stored, and telling their senders "not sent"
        // would have them send again (a second message, a second email). Only the items whose key
        // is still unknown fail; their retry finds the row by that key.
        lookupFailed = asError(storeError(err));
      }
    }

    return prepared.map((p): AddResult | Error => {
      if (inserted.has(p.id)) return { id: p.id, duplicate: false };
      const existing = p.key === undefined ? undefined : byKey.get(p.key);
      if (!existing) return lookupFailed ?? new Error('message was not stored');
      return sameKeyResult(existing, p.hash);
    });
  };

  const commit = async (items: Item[]): Promise<(AddResult | Error)[]> => {
    try {
      return await write(items);
    } catch (err) {
      // A lost connection fails every item alike (the server answers 503, the visitor sends again;
      // whatever did commit is found by its Idempotency-Key). An INSERT PostgreSQL refused stored
      // nothing: its items are tried one at a time, so one bad row does not take the others down.
      // That also ends a deadlock (two servers inserting the same keys in opposite orders, PostgreSQL
      // cancelled this one): a statement of one row waits for a key but holds none another waits for.
      if (!(err instanceof RefusedBatch)) throw storeError(err);
      if (items.length === 1) throw err.cause;
    }
    const results: (AddResult | Error)[] = [];
    for (const item of items) {
      try {
        results.push((await write([item]))[0]!);
      } catch (err) {
        if (err instanceof RefusedBatch) {
          results.push(asError(err.cause));
          continue;
        }
        // Who was answered above is stored; nobody from here on is told so.
        const unavailable = asError(storeError(err));
        while (results.length < items.length) results.push(unavailable);
        break;
      }
    }
    return results;
  };

  const batcher = createAsyncBatcher<Item, AddResult>(commit, { maxBatch: 256, maxInFlight: 4 });

  async function* all(filter: MessageFilter = {}): AsyncGenerator<StoredMessage> {
    // Keyset paging (id > last seen): one short query a chunk, no cursor holding a connection
    // while the export streams to a slow client.
    let after = 0;
    for (;;) {
      const res = await guarded(() =>
        filter.site === undefined
          ? pool.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id > $1 ORDER BY id LIMIT $2`, [after, EXPORT_CHUNK])
          : pool.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE site = $1 AND id > $2 ORDER BY id LIMIT $3`, [filter.site, after, EXPORT_CHUNK]),
      );
      for (const r of res.rows) yield read(r);
      if (res.rows.length < EXPORT_CHUNK) return;
      after = res.rows[res.rows.length - 1]!.id;
    }
  }

  return {
    add: (message, key) => batcher.submit({ message, key }),
    list: (pageNo, pageSize, filter = {}) =>
      guarded(async (): Promise<MessagePage> => {
        const offset = (pageNo - 1) * pageSize;
        const [rows, count] =
          filter.site === undefined
            ? await Promise.all([
                pool.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages ORDER BY id DESC LIMIT $1 OFFSET $2`, [pageSize, offset]),
                pool.query<{ n: number }>('SELECT count(*) AS n FROM messages'),
              ])
            : await Promise.all([
                pool.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE site = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [filter.site, pageSize, offset]),
                pool.query<{ n: number }>('SELECT count(*) AS n FROM messages WHERE site = $1', [filter.site]),
              ]);
        return { messages: rows.rows.map(read), total: count.rows[0]?.n ?? 0 };
      }),
    all,
    countBySite: (now) =>
      guarded(async () => {
        const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
        // COLLATE "C": byte order, as SQLite compares, whatever collation the database was made with.
        const res = await pool.query<SiteCount>(
          `SELECT site, max(city) AS city,
                  count(*) FILTER (WHERE received_at COLLATE "C" >= $1) AS "last7Days",
                  count(*) FILTER (WHERE received_at COLLATE "C" >= $2) AS "last30Days",
                  count(*) AS total
             FROM messages GROUP BY site ORDER BY total DESC, site COLLATE "C"`,
          [daysAgo(7), daysAgo(30)],
        );
        return res.rows;
      }),
    flush: () => batcher.flush(),
    useSealer(s) {
      sealer = s;
    },
    countStoredPlain: () => guarded(async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM messages WHERE sealed IS NULL')).rows[0]!.n)),
    async sealStored(batch = 200) {
      if (!sealer) throw new Error('no sealer: open the store with its data key first');
      const s = sealer;
      let done = 0;
      for (;;) {
        // One transaction a batch, the rows locked (another server upgrading at once skips them):
        // an interrupted upgrade resumes where it stopped.
        const n = await inTransaction(pool, async (client) => {
          const rows = (await client.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sealed IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [batch])).rows;
          for (const r of rows) {
            const p = patientColumns(r.public_id, toMessage(r), s);
            await client.query(
              `UPDATE messages SET first_name = '', last_name = '', email = '', phone = '', service = '', message = '', sealed = $1, sealed_key = $2,
                      email_index = $3, phone_index = $4, name_index = $5, body_hash = NULL WHERE id = $6`,
              [p.sealed, p.sealed_key, p.email_index, p.phone_index, p.name_index, r.id],
            );
          }
          return rows.length;
        });
        if (n === 0) return done;
        done += n;
      }
    },
    async indexStored(batch = 200) {
      if (!sealer) throw new Error('no sealer: open the store with its data key first');
      const s = sealer;
      const result = { indexed: 0, unopened: 0 };
      for (;;) {
        // One transaction a batch, the rows locked (another server indexing at once skips them):
        // an interrupted start resumes with the messages still NULL.
        const n = await inTransaction(pool, async (client) => {
          const rows = (
            await client.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE search_indexed IS NULL AND sealed IS NOT NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [batch])
          ).rows;
          const ids: number[] = [];
          const tokens: string[] = [];
          const done: number[] = [];
          const unopened: number[] = [];
          for (const r of rows) {
            const t = tokensOf(r, s);
            if (t === undefined) {
              unopened.push(r.id);
              continue;
            }
            done.push(r.id);
            for (const token of t) {
              ids.push(r.id);
              tokens.push(token);
            }
          }
          if (tokens.length) await client.query('INSERT INTO message_search (token, message_id) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING', [tokens, ids]);
          await client.query('UPDATE messages SET search_indexed = 1 WHERE id = ANY($1::bigint[])', [done]);
          await client.query('UPDATE messages SET search_indexed = 0 WHERE id = ANY($1::bigint[])', [unopened]);
          result.indexed += done.length;
          result.unopened += unopened.length;
          return rows.length;
        });
        if (n === 0) return result;
      }
    },
  };
}
