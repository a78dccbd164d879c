import { createHmac } from 'node:crypto';

/**
 * The audit trail (docs/decisions/017-staff-accounts.md): append-only records of who did what to
 * what, from where and with what outcome, never a patient's text. Each record's MAC covers its
 * fields and the MAC of the record before it, under a key the database alone does not give.
 */
export interface AuditEntry {
  at: string;
  /** An account id, `token:<id>` for an API token, or '' when nobody is known (a failed sign-in for no account). */
  actorId: string;
  /** Who that was at the time: the account's email, the token's name. */
  actorLabel: string;
  address: string;
  /** `session.sign_in`, `message.list`, `city.save`, ... (auth/permissions.ts names them). */
  action: string;
  /** The object ids: route parameters and filters, never a request body. */
  object: string;
  /** The city a record concerns, when one does ('' otherwise): the trail's city filter. */
  city: string;
  /** The HTTP status the action ended with. */
  outcome: number;
}

export interface AuditRecord extends AuditEntry {
  seq: number;
  mac: string;
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  city?: string;
  /** ISO dates (YYYY-MM-DD), inclusive. */
  from?: string;
  to?: string;
  /** Only records 1 to this one: the part of the trail that verifies (trusted.ts). */
  through?: number;
  /** Only records after this one (a walk resumed after a part already verified). */
  after?: number;
}

/** The newest record's sequence and MAC: what the server logs at start, at stop and every N records (head.ts). */
export interface AuditHead {
  seq: number;
  mac: string;
}

export interface AuditStore {
  /** Appends one record after the last; `mac` is given the previous record's MAC ('' for the first) and the new seq. Appends never interleave. */
  append(entry: AuditEntry, mac: (previous: string, seq: number) => string): Promise<AuditRecord>;
  /** Newest first. */
  page(filter: AuditFilter, page: number, pageSize: number): Promise<{ records: AuditRecord[]; total: number }>;
  /**
   * Every record matching, oldest first (by seq, which is SQLite's rowid), in chunks (CSV export,
   * verify): every row whatever its seq, 0 and below included, never a walk that starts at 1.
   */
  each(filter: AuditFilter, chunk?: number): AsyncIterable<AuditRecord[]>;
  /** The action names, actors and cities that occur (in records 1 to `through` when given), for the admin's filters. */
  facets(through?: number): Promise<{ actions: string[]; actors: { id: string; label: string }[]; cities: string[] }>;
  /** The record with the highest seq, or undefined for an empty trail. */
  head(): Promise<AuditHead | undefined>;
  /**
   * A stamp that changes when a record with seq up to `through` (or any of seq 0 or below) is
   * changed, removed or added, or written by another connection (SQLite): while it holds, a part
   * of the trail already verified need not be read again (trusted.ts).
   */
  stamp(through: number): Promise<string>;
}

/** The MAC of one record: HMAC-SHA256 over the previous MAC and every field, each on its own line (fields are single-line). */
export function recordMac(key: Buffer, previous: string, seq: number, e: AuditEntry): string {
  const fields = [previous, String(seq), e.at, e.actorId, e.actorLabel, e.address, e.action, e.object, e.city, String(e.outcome)];
  return createHmac('sha256', key).update(fields.map((f) => JSON.stringify(f)).join('\n')).digest('hex');
}

/** Why the trail is not whole: the first record at fault, named, and how many records before it verify. */
export interface ChainBreak {
  ok: false;
  /** Records 1 to `count` verify. */
  count: number;
  /** The first record at fault (for a missing one, its number). */
  seq: number;
  reason: string;
}

/**
 * Walks records oldest first and names the first at fault: one numbered 0 or below (the server
 * numbers from 1, so it was written by hand), a gap (records removed, or one inserted past the
 * next number), a MAC that does not match (changed, or inserted with a MAC made without the key).
 * A record below 1 stands outside the chain: it is named, and records 1 to `count` still verify.
 * With `head` (a head the server logged: its MAC whole or its first hex digits), a trail that
 * stops before it, or holds another record at its number, was cut short. `start` resumes after a
 * part already verified (trusted.ts).
 */
export async function verifyChain(
  key: Buffer,
  records: AsyncIterable<AuditRecord[]>,
  o: { start?: { count: number; mac: string }; head?: AuditHead } = {},
): Promise<{ ok: true; count: number; head?: AuditHead } | ChainBreak> {
  let previous = o.start?.mac ?? '';
  let count = o.start?.count ?? 0;
  const head = o.head;
  let headReached = head === undefined || head.seq <= count;
  let outside: ChainBreak | undefined;
  /** The first fault: a record below 1 when there is one (it comes first in order), with this one after it. */
  const fault = (seq: number, reason: string): ChainBreak =>
    outside ? { ...outside, count, reason: `${outside.reason}; and ${reason}` } : { ok: false, count, seq, reason };
  for await (const chunk of records) {
    for (const r of chunk) {
      const expected = count + 1;
      if (r.seq < 1) {
        outside ??= { ok: false, count, seq: r.seq, reason: `record ${r.seq} has a sequence below 1: the server numbers records from 1, so it was inserted by hand` };
        continue;
      }
      if (r.seq > expected) {
        const missing = r.seq - 1 === expected ? `record ${expected} is missing` : `records ${expected} to ${r.seq - 1} are missing`;
        return fault(expected, `${missing} before record ${r.seq}: removed, or record ${r.seq} was inserted out of sequence`);
      }
      if (r.seq < expected) continue; // resumed: already verified
      if (recordMac(key, previous, r.seq, r) !== r.mac) return fault(r.seq, `record ${r.seq} does not match its MAC: it was changed or inserted, or the one before it was`);
      if (head && r.seq === head.seq) {
        if (!r.mac.toLowerCase().startsWith(head.mac.toLowerCase()))
          return fault(r.seq, `the trail was cut short: record ${r.seq}'s MAC is ${r.mac.slice(0, 16)}..., the head says ${head.mac.slice(0, 16)}...: records up to ${r.seq} were removed and others written in their place (or the head was copied wrong)`);
        headReached = true;
      }
      previous = r.mac;
      count++;
    }
  }
  if (!headReached) {
    const missing = count + 1 === head!.seq ? `record ${head!.seq} is` : `records ${count + 1} to ${head!.seq} are`;
    return fault(count + 1, `the trail was cut short: it ends at record ${count}, and the head given is record ${head!.seq} (${missing} missing)`);
  }
  if (outside) return { ...outside, count };
  return count === 0 ? { ok: true, count } : { ok: true, count, head: { seq: count, mac: previous } };
}

export interface AuditRow {
  seq: number;
  at: string;
  actor_id: string;
  actor_label: string;
  address: string;
  action: string;
  object: string;
  city: string;
  outcome: number;
  mac: string;
}

export function recordOf(r: AuditRow): AuditRecord {
  return {
    seq: Number(r.seq),
    at: r.at,
    actorId: r.actor_id,
    actorLabel: r.actor_label,
    address: r.address,
    action: r.action,
    object: r.object,
    city: r.city,
    outcome: Number(r.outcome),
    mac: r.mac,
  };
}

/** The WHERE clause of a filter, with `?` or `$n` placeholders. */
export function filterSql(f: AuditFilter, placeholder: (n: number) => string): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    parts.push(sql.replace('?', placeholder(params.length)));
  };
  if (f.actorId) add('actor_id = ?', f.actorId);
  if (f.action) add('action = ?', f.action);
  if (f.city) add('city = ?', f.city);
  if (f.from) add('at >= ?', f.from);
  // `to` is a whole day: every time on it sorts before the next day's date.
  if (f.to) add('at < ?', nextDay(f.to));
  if (f.through !== undefined) {
    add('seq >= ?', 1);
    add('seq <= ?', f.through);
  }
  if (f.after !== undefined) add('seq > ?', f.after);
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
