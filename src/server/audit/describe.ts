import { messageRef } from '../../config/message-ref.js';
import type { z } from 'zod';
import type { auditRecord } from '../../contract/audit.js';
import { auditWords, type AuditSubject } from '../../texts/audit.js';
import type { AuditRecord } from './store.js';

/**
 * A record as a person reads it (issue 37 item 8): who by name, the city by name, the messages by
 * their short reference, and the action in words, beside the codes it was written with. Names are
 * looked up when the trail is read, so a record shows the account's name as it is now; the record
 * itself keeps what it was written with and its MAC.
 */

/** Where the trail finds names: the accounts and tokens, and the cities the server knows. */
export interface AuditNames {
  /** Account id -> name, and `token:<id>` -> the token's name. */
  people(): Promise<ReadonlyMap<string, string>>;
  /** A city's name by slug, when the server knows the city (saved, deployed or the home clinic). */
  city(slug: string): Promise<string | undefined>;
}

export type DescribedRecord = z.output<typeof auditRecord>;

/** A slug in words when its city is gone: `wesley-chapel` -> `Wesley Chapel`. */
export const slugWords = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\p{L}/gu, (ch) => ch.toUpperCase());

/** The message ids a record's object names: `message=<id>`, `messages=<id>,<id>`, `/api/inbox/<id>`. */
export function messageIds(object: string): string[] {
  const ids = new Set<string>();
  const id = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  for (const m of object.matchAll(new RegExp(`\\bmessages?=(${id}(?:,${id})*)`, 'gi'))) for (const one of m[1]!.split(',')) ids.add(one.toLowerCase());
  for (const m of object.matchAll(new RegExp(`/api/inbox/(${id})\\b`, 'gi'))) ids.add(m[1]!.toLowerCase());
  return [...ids];
}

/** A `key=value` of the object (values end at a space, `&` or `,`), or undefined. */
const valueOf = (object: string, key: string) => new RegExp(`(?:^|[\\s?&])${key}=([^\\s&,]+)`).exec(object)?.[1];

/** What a record names, read from its object, with the people's and the city's names. */
export function subjectOf(r: AuditRecord, people: ReadonlyMap<string, string>, cityName: string): AuditSubject {
  const o = r.object;
  const ids = messageIds(o);
  const counted = valueOf(o, 'count') ?? valueOf(o, 'messages');
  const count = counted !== undefined && /^\d+$/.test(counted) ? Number(counted) : ids.length > 1 ? ids.length : undefined;
  const accountId = valueOf(o, 'account') ?? /\/api\/accounts\/([^/?\s]+)/.exec(o)?.[1] ?? valueOf(o, 'assignee');
  const account = accountId === undefined ? undefined : accountId === 'none' ? 'nobody' : people.get(accountId);
  return {
    city: cityName,
    count,
    account,
    status: r.action === 'message.status' ? valueOf(o, 'status') : undefined,
    reason: r.action === 'message.status' ? valueOf(o, 'reason') : undefined,
    days: valueOf(o, 'days'),
  };
}

/** Who a record's actor is, by name. */
export function personOf(r: Pick<AuditRecord, 'actorId' | 'actorLabel'>, people: ReadonlyMap<string, string>): string {
  return people.get(r.actorId) || r.actorLabel || 'Someone unknown';
}

/**
 * Reads records for people: looks each name up once for the whole batch (the people once, each city
 * once), so a page of 200 records costs the same lookups as one.
 */
export async function describer(names: AuditNames): Promise<{ people: ReadonlyMap<string, string>; cityName: (slug: string) => Promise<string>; describe: (records: AuditRecord[]) => Promise<DescribedRecord[]> }> {
  const people = await names.people();
  const cities = new Map<string, Promise<string>>();
  const cityName = (slug: string) => {
    if (!slug) return Promise.resolve('');
    let name = cities.get(slug);
    if (!name) {
      name = names.city(slug).then((n) => n || slugWords(slug));
      cities.set(slug, name);
    }
    return name;
  };
  return {
    people,
    cityName,
    describe: (records) =>
      Promise.all(
        records.map(async (r) => {
          const city = await cityName(r.city);
          return {
            seq: r.seq,
            at: r.at,
            actor: r.actorId,
            actorName: r.actorLabel || '(unknown)',
            person: personOf(r, people),
            address: r.address,
            action: r.action,
            words: auditWords(r.action, subjectOf(r, people, city), r.outcome),
            object: r.object,
            city: r.city,
            cityName: city,
            messages: messageIds(r.object).map(messageRef),
            outcome: r.outcome,
          };
        }),
      ),
  };
}

/**
 * The names of a server's trail: its accounts and API tokens (`token:<id>`), and its cities by the
 * site directory (saved, deployed, the home clinic). Structural, so the trail imports no other feature.
 */
export function auditNames(
  accounts: { list(): Promise<readonly { id: string; name: string }[]>; listTokens(): Promise<readonly { id: string; name: string }[]> },
  sites: { site(slug: string): Promise<{ city: string } | undefined> },
): AuditNames {
  return {
    people: async () => {
      const [people, tokens] = await Promise.all([accounts.list(), accounts.listTokens()]);
      return new Map([...people.filter((a) => a.name).map((a) => [a.id, a.name] as const), ...tokens.map((t) => [`token:${t.id}`, `${t.name} (API token)`] as const)]);
    },
    city: async (slug) => (await sites.site(slug))?.city || undefined,
  };
}
