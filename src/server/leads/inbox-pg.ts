import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { guarded, inTransaction } from '../pg/connect.js';
import { applied, dayAfter, facets, type CloseReason, type InboxChange, type InboxFilter, type InboxItem, type InboxStore, type MessageDetail, type Note, type Removed, type Status } from './inbox.js';
import { inboxItem, NOTE_COLUMNS, toNote, type InboxRow, type NoteRow } from './inbox-rows.js';
import { MESSAGE_COLUMNS, toMessage } from './rows.js';
import type { MessageSealer } from './sealing.js';
import { SEARCH_CANDIDATES, searchPage } from './search.js';

const INBOX_COLUMNS = `${MESSAGE_COLUMNS}, status, close_reason, assignee_id, status_at`;

/** Runs statements on one connection: the pool, or a transaction's client. */
type Queryable = Pick<pg.Pool, 'query'>;

/**
 * The WHERE clause of a filter, without the fields in `omit` (the facets leave out their own),
 * with its parameters numbered from $1. Times compare in byte order (COLLATE "C"), as SQLite does.
 */
function where(filter: InboxFilter, omit: ReadonlySet<'site' | 'status'> = new Set()): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const sites = (list: string[]) => {
    // `site` is NOT NULL here: '' is the "Unknown city" of the messages of no known site.
    parts.push(list.length ? `site = ANY(${param(list)}::text[])` : 'false');
  };
  if (filter.scope !== null) sites(filter.scope);
  if (filter.site !== undefined && !omit.has('site')) sites([filter.site]);
  if (filter.status !== undefined && !omit.has('status')) parts.push(`status = ${param(filter.status)}`);
  if (filter.open) parts.push("status <> 'closed'");
  if (filter.assigneeId !== undefined) parts.push(filter.assigneeId === '' ? 'assignee_id IS NULL' : `assignee_id = ${param(filter.assigneeId)}`);
  if (filter.language !== undefined) parts.push(`language = ${param(filter.language)}`);
  if (filter.from) parts.push(`received_at COLLATE "C" >= ${param(filter.from)}`);
  if (filter.to) parts.push(`received_at COLLATE "C" < ${param(dayAfter(filter.to))}`);
  if (filter.lookup) {
    const or: string[] = [];
    for (const [col, value] of [
      ['email_index', filter.lookup.emailIndex],
      ['phone_index', filter.lookup.phoneIndex],
      ['name_index', filter.lookup.nameIndex],
    ] as const) {
      if (value) or.push(`${col} = ${param(value)}`);
    }
    parts.push(or.length ? `(${or.join(' OR ')})` : 'false');
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const removed = (r: { public_id: string; site: string | null; received_at: string }): Removed => ({ id: r.public_id, site: r.site ?? '', receivedAt: r.received_at });

/** Deletes messages with their notes and their outbox rows (outbox.message_id references messages). */
async function deleteRows(client: Queryable, ids: number[]): Promise<void> {
  await client.query('DELETE FROM message_notes WHERE message_id = ANY($1::bigint[])', [ids]);
  await client.query('DELETE FROM message_search WHERE message_id = ANY($1::bigint[])', [ids]);
  await client.query('DELETE FROM outbox WHERE message_id = ANY($1::bigint[])', [ids]);
  await client.query('DELETE FROM messages WHERE id = ANY($1::bigint[])', [ids]);
}

/**
 * The PostgreSQL inbox: the same database and `messages` table as the message store (pg-store.ts),
 * with the SQLite inbox's answers (inbox-sqlite.ts). A lost connection rejects with
 * StoreUnavailableError (the server answers 503).
 */
export function createPgInboxStore(pool: pg.Pool): InboxStore {
  let sealer: MessageSealer | undefined;

  const byId = async (q: Queryable, id: string, lock = false): Promise<InboxRow | undefined> =>
    (await q.query<InboxRow>(`SELECT ${INBOX_COLUMNS} FROM messages WHERE public_id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];

  const detail = async (q: Queryable, row: InboxRow): Promise<MessageDetail> => {
    const notes = (await q.query<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM message_notes WHERE message_id = $1 ORDER BY id`, [row.id])).rows;
    return {
      ...toMessage(row, sealer),
      status: row.status as Status,
      closeReason: (row.close_reason as CloseReason | null) ?? null,
      assigneeId: row.assignee_id ?? null,
      statusAt: row.status_at ?? row.received_at,
      notes: notes.map((n) => toNote(n, row, sealer)),
    };
  };

  const getSetting = async (key: string): Promise<string | undefined> => (await pool.query<{ value: string }>('SELECT value FROM inbox_settings WHERE key = $1', [key])).rows[0]?.value;

  return {
    useSealer(s) {
      sealer = s;
    },

    page: (filter, pageNo, pageSize) =>
      guarded(async () => {
        const list = where(filter);
        const n = list.params.length;
        // One grouped count gives both facets and the total.
        const facet = where(filter, new Set(['site', 'status']));
        const [rows, groups] = await Promise.all([
          pool.query<InboxRow>(`SELECT ${INBOX_COLUMNS} FROM messages ${list.sql} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [...list.params, pageSize, (pageNo - 1) * pageSize]),
          // Grouped by the indexed columns alone (messages_site_status covers them); each city's
          // name is then that of its newest message.
          pool.query<{ site: string; city: string; status: string; n: number }>(
            `SELECT g.site, coalesce((SELECT m.city FROM messages m WHERE m.site = g.site ORDER BY m.id DESC LIMIT 1), '') AS city, g.status, g.n
               FROM (SELECT site, status, count(*) AS n FROM messages ${facet.sql} GROUP BY site, status) g`,
            facet.params,
          ),
        ]);
        const counts = facets(groups.rows, filter);
        const total = groups.rows.filter((g) => (filter.site === undefined || g.site === filter.site) && (filter.status === undefined || g.status === filter.status)).reduce((sum, g) => sum + g.n, 0);
        const items: InboxItem[] = rows.rows.map((r) => inboxItem(r, sealer));
        return { items, total, ...counts };
      }),

    search: (filter, plan, pageNo, pageSize) =>
      guarded(async () => {
        // The counts leave the city and status out, as the list's do: the candidates are fetched without them.
        const scope = where({ ...filter, lookup: undefined }, new Set(['site', 'status']));
        const n = scope.params.length;
        const rows = (
          await pool.query<InboxRow>(
            `SELECT ${INBOX_COLUMNS} FROM messages
              WHERE id IN (SELECT message_id FROM message_search WHERE token = ANY($${n + 1}::text[]) GROUP BY message_id HAVING count(*) = $${n + 2})
              ${scope.sql.replace(/^WHERE /, 'AND ')} ORDER BY id DESC LIMIT $${n + 3}`,
            [...scope.params, plan.tokens, plan.tokens.length, SEARCH_CANDIDATES + 1],
          )
        ).rows;
        const capped = rows.length > SEARCH_CANDIDATES;
        return searchPage(capped ? rows.slice(0, SEARCH_CANDIDATES) : rows, sealer, filter, plan, pageNo, pageSize, capped);
      }),

    get: (id) =>
      guarded(async () => {
        const row = await byId(pool, id);
        return row && detail(pool, row);
      }),

    update: (id, change: InboxChange, at) =>
      // The row locked while it changes: two servers changing one message at once do not lose either change.
      inTransaction(pool, async (client) => {
        const row = await byId(client, id, true);
        if (!row) return undefined;
        const next = applied({ status: row.status as Status, closeReason: (row.close_reason as CloseReason | null) ?? null, assigneeId: row.assignee_id ?? null }, change);
        await client.query('UPDATE messages SET status = $1, close_reason = $2, assignee_id = $3, status_at = $4 WHERE id = $5', [
          next.status,
          next.closeReason,
          next.assigneeId,
          next.statusChanged ? at : (row.status_at ?? null),
          row.id,
        ]);
        return detail(client, (await byId(client, id))!);
      }),

    addNote: (id, note, at) =>
      guarded(async (): Promise<Note | undefined> => {
        const row = await byId(pool, id);
        if (!row) return undefined;
        if (!sealer || !row.sealed_key) throw new Error(`message ${id} is not sealed: a note is never stored in clear`);
        const noteId = randomUUID();
        const body = sealer.sealNote({ id: row.public_id, site: row.site ?? '', receivedAt: row.received_at }, row.sealed_key, noteId, note.text);
        await pool.query('INSERT INTO message_notes (public_id, message_id, at, author_id, author_label, body) VALUES ($1, $2, $3, $4, $5, $6)', [noteId, row.id, at, note.authorId, note.authorLabel, body]);
        return { id: noteId, at, authorId: note.authorId, authorLabel: note.authorLabel, text: note.text };
      }),

    remove: (id) =>
      inTransaction(pool, async (client): Promise<Removed | undefined> => {
        const row = (await client.query<{ id: number; public_id: string; site: string | null; received_at: string }>('SELECT id, public_id, site, received_at FROM messages WHERE public_id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) return undefined;
        await deleteRows(client, [row.id]);
        return removed(row);
      }),

    purgeBefore: (cutoff, limit, first) =>
      guarded(async () => {
        const rows = (
          await pool.query<{ id: number; public_id: string; site: string | null; received_at: string }>(
            'SELECT id, public_id, site, received_at FROM messages WHERE received_at COLLATE "C" < $1 ORDER BY received_at COLLATE "C", id LIMIT $2',
            [cutoff, limit],
          )
        ).rows;
        const doomed = rows.map(removed);
        if (rows.length === 0) return doomed;
        await first(doomed);
        await inTransaction(pool, (client) => deleteRows(client, rows.map((r) => r.id)));
        return doomed;
      }),

    retentionDays: () =>
      guarded(async () => {
        const v = await getSetting('retention_days');
        return v === undefined ? null : Number(v);
      }),

    setRetentionDays: (days) =>
      guarded(async () => {
        if (days === null) await pool.query("DELETE FROM inbox_settings WHERE key = 'retention_days'");
        else await pool.query("INSERT INTO inbox_settings (key, value) VALUES ('retention_days', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [String(days)]);
      }),

    // Claimed when the stored day is older (or absent): of servers claiming at once, the row lock
    // makes one change the row; the others see the day already stored and get no row back.
    claimPurge: (day) =>
      guarded(async () => {
        const res = await pool.query(
          `INSERT INTO inbox_settings (key, value) VALUES ('purge_day', $1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE inbox_settings.value COLLATE "C" < excluded.value COLLATE "C" RETURNING 1`,
          [day],
        );
        return res.rows.length === 1;
      }),
  };
}
