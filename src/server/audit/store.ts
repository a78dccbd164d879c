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
}

export interface AuditStore {
  /** Appends one record after the last; `mac` is given the previous record's MAC ('' for the first) and the new seq. Appends never interleave. */
  append(entry: AuditEntry, mac: (previous: string, seq: number) => string): Promise<AuditRecord>;
  /** Newest first. */
  page(filter: AuditFilter, page: number, pageSize: number): Promise<{ records: AuditRecord[]; total: number }>;
  /** Every record matching, oldest first, in chunks (CSV export, verify). */
  each(filter: AuditFilter, chunk?: number): AsyncIterable<AuditRecord[]>;
  /** The action names, actors and cities that occur, for the admin's filters. */
  facets(): Promise<{ actions: string[]; actors: { id: string; label: string }[]; cities: string[] }>;
}

/** The MAC of one record: HMAC-SHA256 over the previous MAC and every field, each on its own line (fields are single-line). */
export function recordMac(key: Buffer, previous: string, seq: number, e: AuditEntry): string {
  const fields = [previous, String(seq), e.at, e.actorId, e.actorLabel, e.address, e.action, e.object, e.city, String(e.outcome)];
  return createHmac('sha256', key).update(fields.map((f) => JSON.stringify(f)).join('\n')).digest('hex');
}

/** The first record whose MAC does not match (changed, removed, inserted), or undefined when the chain is whole. */
export async function verifyChain(key: Buffer, records: AsyncIterable<AuditRecord[]>): Promise<{ ok: true; count: number } | { ok: false; count: number; seq: number; reason: string }> {
  let previous = '';
  let expected = 1;
  let count = 0;
  for await (const chunk of records) {
    for (const r of chunk) {
      if (r.seq !== expected) return { ok: false, count, seq: expected, reason: `record ${expected} is missing (the next is ${r.seq})` };
      if (recordMac(key, previous, r.seq, r) !== r.mac) return { ok: false, count, seq: r.seq, reason: `record ${r.seq} does not match its MAC: it, or the one before, was changed` };
      previous = r.mac;
      expected++;
      count++;
    }
  }
  return { ok: true, count };
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
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
