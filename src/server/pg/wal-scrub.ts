import type pg from 'pg';

/**
 * PostgreSQL's copies of the messages an earlier release kept in clear, after they were sealed
 * in place (issue 38 item 3, docs/serving.md#upgrading).
 *
 * The table's files are rewritten by VACUUM FULL; what is left is the WAL written before and
 * during the sealing (the dump's load, each page's image before its update). A checkpoint
 * releases those segments, but with PostgreSQL's default `wal_recycle = on` it renames them for
 * reuse, contents and all, and they keep the old rows until PostgreSQL writes over them. The
 * scrub does that on purpose: a switch to a new segment, a checkpoint (every segment before it
 * released), then segment switches until the insert position is past the last file the
 * checkpoint left in pg_wal (each switch fills the rest of its segment with zeros), and a last
 * checkpoint. It needs what only a superuser has by default (CHECKPOINT, pg_switch_wal(),
 * pg_ls_waldir()), so a server connected as the clinic's own role records what remains in
 * store_meta; `clinic-gen plaintext scrub`, run with a superuser's URL, does it and clears the record.
 */

/** store_meta's key for the record of plain text left in the WAL. */
export const PLAINTEXT_WAL = 'plaintext_wal';

export interface PlaintextInWal {
  /** Messages sealed by the upgrade: their text in clear is in WAL written before `before`. */
  messages: number;
  /** The WAL insert position once they were sealed and the table rewritten. */
  before: string;
  /** When (ISO time). */
  since: string;
}

type Queryable = Pick<pg.Pool, 'query'>;

/** The record, when plain text may remain in the WAL. */
export async function plaintextInWal(db: Queryable): Promise<PlaintextInWal | undefined> {
  const raw = (await db.query<{ value: string }>('SELECT value FROM store_meta WHERE key = $1', [PLAINTEXT_WAL])).rows[0]?.value;
  if (raw === undefined) return undefined;
  const v = JSON.parse(raw) as Partial<PlaintextInWal>;
  return { messages: Number(v.messages) || 0, before: String(v.before ?? ''), since: String(v.since ?? '') };
}

/** Records (or extends) what remains: another upgrade's messages add to the count. */
export async function recordPlaintextInWal(db: Queryable, o: { messages: number; now: Date }): Promise<PlaintextInWal> {
  const earlier = await plaintextInWal(db);
  const before = (await db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn;
  const state: PlaintextInWal = { messages: (earlier?.messages ?? 0) + o.messages, before, since: earlier?.since ?? o.now.toISOString() };
  await db.query('INSERT INTO store_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [PLAINTEXT_WAL, JSON.stringify(state)]);
  return state;
}

/** The one command a superuser runs when the server could not scrub the WAL itself. */
export const SCRUB_COMMAND = 'DATABASE_URL=<a superuser’s URL for this database> clinic-gen plaintext scrub';

export type ScrubResult = { ok: true; segments: number; cleared?: PlaintextInWal } | { ok: false; reason: string };

/** Segment files of pg_wal, by name. */
const SEGMENT = '^[0-9A-F]{24}$';
/** A segment's place in the WAL, whatever its timeline: its name less the timeline's 8 digits (fixed-width hex sorts as numbers). */
const place = (name: string) => name.slice(8);
/** Segment switches at most, whatever pg_wal holds (1,024 segments: 16 GB at the default size). */
const MAX_SWITCHES = 1024;

/**
 * Writes over every WAL segment that may hold rows from before now, then clears the record.
 * Throws PostgreSQL's own error (42501) when the role lacks the rights; answers `ok: false` when
 * PostgreSQL keeps old segments for another reason (a replication slot, wal_keep_size, archiving).
 */
export async function scrubWal(db: Queryable): Promise<ScrubResult> {
  const q = async <T extends pg.QueryResultRow>(sql: string) => (await db.query<T>(sql)).rows;
  const recorded = await plaintextInWal(db).catch(() => undefined);
  // Statistics sampled from the rows before they were sealed (their dead rows; a superuser's or the owner's).
  await q('VACUUM FULL pg_catalog.pg_statistic');
  const now = (await q<{ f: string }>('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS f'))[0]!.f;
  const oldest = recorded?.before ? (await db.query<{ f: string }>('SELECT pg_walfile_name($1::pg_lsn) AS f', [recorded.before])).rows[0]!.f : now;
  await q('SELECT pg_switch_wal()');
  await q('CHECKPOINT');
  // Every file there now, the renamed ones included, is written over once the insert position passes the last.
  const files = (await q<{ name: string }>(`SELECT name FROM pg_ls_waldir() WHERE name ~ '${SEGMENT}' ORDER BY name`)).map((r) => r.name);
  const last = files.map(place).sort().at(-1) ?? place(now);
  let segments = 0;
  const insertPlace = async () => place((await q<{ f: string }>('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS f'))[0]!.f);
  while ((await insertPlace()) <= last && segments < MAX_SWITCHES) {
    // A record first: a switch out of a segment nothing was written to since the last one does nothing.
    await q("SELECT pg_logical_emit_message(false, 'clinic-gen', 'scrub')");
    await q('SELECT pg_switch_wal()');
    segments++;
  }
  if ((await insertPlace()) <= last) return { ok: false, reason: `pg_wal still holds segments up to ${last} after ${MAX_SWITCHES} switches` };
  await q('CHECKPOINT');
  // A segment from before the scrub still under its own name was kept, not released: say by what.
  const kept = (await q<{ name: string }>(`SELECT name FROM pg_ls_waldir() WHERE name ~ '${SEGMENT}' ORDER BY name`)).map((r) => r.name).filter((n) => place(n) <= place(oldest));
  if (kept.length > 0) {
    const slots = (await q<{ slot_name: string }>('SELECT slot_name FROM pg_replication_slots')).map((r) => r.slot_name);
    const keep = (await q<{ v: string }>("SELECT current_setting('wal_keep_size') AS v"))[0]!.v;
    const archive = (await q<{ v: string }>("SELECT current_setting('archive_mode') AS v"))[0]!.v;
    return {
      ok: false,
      reason:
        `PostgreSQL keeps ${kept.length} WAL segment(s) written before the scrub (${kept[0]}${kept.length > 1 ? ` to ${kept.at(-1)}` : ''}), ` +
        `held by ${[slots.length ? `replication slot(s) ${slots.join(', ')}` : '', keep !== '0' ? `wal_keep_size = ${keep}` : '', archive !== 'off' ? 'WAL archiving (archive_mode)' : ''].filter(Boolean).join(', ') || 'a setting of this cluster'}: ` +
        'once they are released, run this again; the replicas and archives they reached hold the messages in clear too',
    };
  }
  await db.query('DELETE FROM store_meta WHERE key = $1', [PLAINTEXT_WAL]);
  return { ok: true, segments, ...(recorded ? { cleared: recorded } : {}) };
}
