import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { applied, dayAfter, facets, type CloseReason, type InboxChange, type InboxFilter, type InboxItem, type InboxStore, type MessageDetail, type Note, type Removed, type Status } from './inbox.js';
import { inboxItem, NOTE_COLUMNS, toNote, type InboxRow, type NoteRow } from './inbox-rows.js';
import { MESSAGE_COLUMNS, toMessage } from './rows.js';
import type { MessageSealer } from './sealing.js';
import { SEARCH_BLOCK_BITS, SEARCH_CANDIDATES, searchPage } from './search.js';

const INBOX_COLUMNS = `${MESSAGE_COLUMNS}, status, close_reason, assignee_id, status_at`;

/** The WHERE clause of a filter, without the fields in `omit` (the facets leave out their own). */
function where(filter: InboxFilter, omit: ReadonlySet<'site' | 'status'> = new Set()): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const sites = (list: string[]) => {
    // Rows from before messages had cities may hold NULL: they are the "Unknown city" ones.
    const named = list.filter((s) => s !== '');
    const or: string[] = [];
    if (named.length) {
      or.push(`site IN (${named.map(() => '?').join(', ')})`);
      params.push(...named);
    }
    if (list.includes('')) or.push("(site = '' OR site IS NULL)");
    parts.push(or.length ? `(${or.join(' OR ')})` : '0');
  };
  if (filter.scope !== null) sites(filter.scope);
  if (filter.site !== undefined && !omit.has('site')) sites([filter.site]);
  if (filter.status !== undefined && !omit.has('status')) {
    parts.push('status = ?');
    params.push(filter.status);
  }
  if (filter.open) parts.push("status <> 'closed'");
  if (filter.assigneeId !== undefined) {
    if (filter.assigneeId === '') parts.push('assignee_id IS NULL');
    else {
      parts.push('assignee_id = ?');
      params.push(filter.assigneeId);
    }
  }
  if (filter.language !== undefined) {
    parts.push('language = ?');
    params.push(filter.language);
  }
  if (filter.from) {
    parts.push('received_at >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    parts.push('received_at < ?');
    params.push(dayAfter(filter.to));
  }
  if (filter.lookup) {
    const probes: string[] = [];
    for (const [kind, value] of [
      ['email', filter.lookup.emailIndex],
      ['phone', filter.lookup.phoneIndex],
      ['name', filter.lookup.nameIndex],
    ] as const) {
      if (!value) continue;
      probes.push(lookupIds(kind));
      params.push(value);
    }
    parts.push(probes.length ? `id IN (${probes.join(' UNION ')})` : '0');
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** Messages per block of the lookup indexes (migration 8): `id >> LOOKUP_BLOCK_BITS`. */
const LOOKUP_BLOCK_BITS = 8;

/**
 * The ids of the messages whose `<kind>_index` is the bound value: one probe of the lookup index
 * per block of 256 messages, from the oldest stored to the newest (the index leads with the block,
 * so that inserts share its newest pages; see migration 8). CROSS JOIN keeps SQLite from turning
 * the loop around into a scan of the table.
 */
export function lookupIds(kind: 'email' | 'phone' | 'name'): string {
  return `SELECT * FROM (WITH RECURSIVE block(n) AS (
            SELECT (SELECT min(id) FROM messages) >> ${LOOKUP_BLOCK_BITS}
            UNION ALL SELECT n + 1 FROM block WHERE n < (SELECT max(id) FROM messages) >> ${LOOKUP_BLOCK_BITS})
          SELECT m.id FROM block CROSS JOIN messages AS m INDEXED BY messages_${kind}_lookup
           WHERE (m.id >> ${LOOKUP_BLOCK_BITS}) = block.n AND m.${kind}_index = ?)`;
}

/**
 * The ids of the messages holding every one of `count` search tokens (bound in order): for each
 * block of 256 messages, from the oldest stored to the newest, one probe of `message_search` for
 * the first token, then one lookup of each other token for each message found (migration 12).
 * CROSS JOIN keeps SQLite from turning the loop around into a scan of the table.
 */
export function searchIds(count: number): string {
  const others = Array.from({ length: count - 1 }, () => 'AND EXISTS (SELECT 1 FROM message_search AS t WHERE t.block = s.block AND t.token = ? AND t.message_id = s.message_id)');
  return `SELECT * FROM (WITH RECURSIVE block(n) AS (
            SELECT (SELECT min(id) FROM messages) >> ${SEARCH_BLOCK_BITS}
            UNION ALL SELECT n + 1 FROM block WHERE n < (SELECT max(id) FROM messages) >> ${SEARCH_BLOCK_BITS})
          SELECT s.message_id FROM block CROSS JOIN message_search AS s
           WHERE s.block = block.n AND s.token = ? ${others.join(' ')})`;
}

/** The SQLite inbox: the same database and `messages` table as the message store (sqlite-store.ts). */
export function createSqliteInboxStore(db: Database.Database): InboxStore {
  let sealer: MessageSealer | undefined;
  const byId = db.prepare<[string], InboxRow>(`SELECT ${INBOX_COLUMNS} FROM messages WHERE public_id = ?`);
  const notesOf = db.prepare<[number], NoteRow>(`SELECT ${NOTE_COLUMNS} FROM message_notes WHERE message_id = ? ORDER BY id`);
  const setState = db.prepare('UPDATE messages SET status = ?, close_reason = ?, assignee_id = ?, status_at = ? WHERE id = ?');
  const insertNote = db.prepare('INSERT INTO message_notes (public_id, message_id, at, author_id, author_label, body) VALUES (?, ?, ?, ?, ?, ?)');
  const deleteNotes = db.prepare('DELETE FROM message_notes WHERE message_id = ?');
  const deleteTokens = db.prepare(`DELETE FROM message_search WHERE block = @id >> ${SEARCH_BLOCK_BITS} AND message_id = @id`);
  const deleteOutbox = db.prepare('DELETE FROM outbox WHERE message_id = ?');
  const deleteMessage = db.prepare('DELETE FROM messages WHERE id = ?');
  const oldest = db.prepare<[string, number], { id: number; public_id: string; site: string | null; received_at: string }>(
    'SELECT id, public_id, site, received_at FROM messages WHERE received_at < ? ORDER BY received_at, id LIMIT ?',
  );
  const getSetting = db.prepare<[string], { value: string }>('SELECT value FROM inbox_settings WHERE key = ?');
  const putSetting = db.prepare('INSERT INTO inbox_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const clearSetting = db.prepare('DELETE FROM inbox_settings WHERE key = ?');
  // Claimed when the stored day is older (or absent): exactly one caller a day changes the row.
  const claim = db.prepare("INSERT INTO inbox_settings (key, value) VALUES ('purge_day', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE inbox_settings.value < excluded.value");

  // A city's name as its newest message gives it (one step down messages_site).
  const cityName = db.prepare<[string], { city: string }>('SELECT city FROM messages WHERE site = ? ORDER BY id DESC LIMIT 1');
  const cityOf = (site: string) => (site ? (cityName.get(site)?.city ?? '') : '');

  const detail = (row: InboxRow): MessageDetail => ({
    ...toMessage(row, sealer),
    status: row.status as Status,
    closeReason: (row.close_reason as CloseReason | null) ?? null,
    assigneeId: row.assignee_id ?? null,
    statusAt: row.status_at ?? row.received_at,
    notes: notesOf.all(row.id).map((n) => toNote(n, row, sealer)),
  });

  const removeRow = db.transaction((rowid: number) => {
    deleteNotes.run(rowid);
    deleteTokens.run({ id: rowid });
    deleteOutbox.run(rowid);
    deleteMessage.run(rowid);
  });

  return {
    useSealer(s) {
      sealer = s;
    },

    async page(filter, pageNo, pageSize) {
      const list = where(filter);
      const rows = db.prepare<unknown[], InboxRow>(`SELECT ${INBOX_COLUMNS} FROM messages ${list.sql} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...list.params, pageSize, (pageNo - 1) * pageSize);
      // One grouped count gives both facets and the total.
      const facet = where(filter, new Set(['site', 'status']));
      // Grouped by the indexed columns alone (messages_site_status covers them), so 100,000
      // messages are counted from the index; each city's name is then looked up once.
      const counted = db
        .prepare<unknown[], { site: string | null; status: string; n: number }>(`SELECT site, status, count(*) AS n FROM messages ${facet.sql} GROUP BY site, status`)
        .all(...facet.params);
      const groups = counted.map((g) => ({ site: g.site ?? '', city: cityOf(g.site ?? ''), status: g.status, n: g.n }));
      const counts = facets(groups, filter);
      const total = groups.filter((g) => (filter.site === undefined || g.site === filter.site) && (filter.status === undefined || g.status === filter.status)).reduce((n, g) => n + g.n, 0);
      const items: InboxItem[] = rows.map((r) => inboxItem(r, sealer));
      return { items, total, ...counts };
    },

    async search(filter, plan, pageNo, pageSize) {
      // The counts leave the city and status out, as the list's do: the candidates are fetched without them.
      const scope = where({ ...filter, lookup: undefined }, new Set(['site', 'status']));
      const rows = db
        .prepare<unknown[], InboxRow>(
          `SELECT ${INBOX_COLUMNS} FROM messages WHERE id IN (${searchIds(plan.tokens.length)}) ${scope.sql.replace(/^WHERE /, 'AND ')} ORDER BY id DESC LIMIT ?`,
        )
        .all(...plan.tokens, ...scope.params, SEARCH_CANDIDATES + 1);
      const capped = rows.length > SEARCH_CANDIDATES;
      return searchPage(capped ? rows.slice(0, SEARCH_CANDIDATES) : rows, sealer, filter, plan, pageNo, pageSize, capped);
    },

    async get(id) {
      const row = byId.get(id);
      return row && detail(row);
    },

    async update(id, change: InboxChange, at) {
      const row = byId.get(id);
      if (!row) return undefined;
      const next = applied({ status: row.status as Status, closeReason: (row.close_reason as CloseReason | null) ?? null, assigneeId: row.assignee_id ?? null }, change);
      setState.run(next.status, next.closeReason, next.assigneeId, next.statusChanged ? at : (row.status_at ?? null), row.id);
      return detail(byId.get(id)!);
    },

    async addNote(id, note, at): Promise<Note | undefined> {
      const row = byId.get(id);
      if (!row) return undefined;
      if (!sealer || !row.sealed_key) throw new Error(`message ${id} is not sealed: a note is never stored in clear`);
      const noteId = randomUUID();
      const body = sealer.sealNote({ id: row.public_id, site: row.site ?? '', receivedAt: row.received_at }, row.sealed_key, noteId, note.text);
      insertNote.run(noteId, row.id, at, note.authorId, note.authorLabel, body);
      return { id: noteId, at, authorId: note.authorId, authorLabel: note.authorLabel, text: note.text };
    },

    async remove(id): Promise<Removed | undefined> {
      const row = byId.get(id);
      if (!row) return undefined;
      removeRow.immediate(row.id);
      return { id: row.public_id, site: row.site ?? '', receivedAt: row.received_at };
    },

    async purgeBefore(cutoff, limit, first) {
      const rows = oldest.all(cutoff, limit);
      const doomed = rows.map((r) => ({ id: r.public_id, site: r.site ?? '', receivedAt: r.received_at }));
      if (rows.length === 0) return doomed;
      await first(doomed);
      db.transaction(() => {
        for (const r of rows) removeRow(r.id);
      }).immediate();
      return doomed;
    },

    async retentionDays() {
      const v = getSetting.get('retention_days')?.value;
      return v === undefined ? null : Number(v);
    },

    async setRetentionDays(days) {
      if (days === null) clearSetting.run('retention_days');
      else putSetting.run('retention_days', String(days));
    },

    async claimPurge(day) {
      return claim.run(day).changes === 1;
    },
  };
}
