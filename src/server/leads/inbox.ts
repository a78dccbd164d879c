import type { MessageSealer } from './sealing.js';
import type { SearchPage, SearchPlan } from './search.js';
import type { StoredMessage } from './store.js';

/**
 * The front desk's inbox (issue 22, docs/decisions/018-inbox.md): every message with where it is
 * in the clinic's work (new, contacted, booked, closed with a reason), who has it, and the notes of
 * the calls. Both stores implement InboxStore (inbox-sqlite.ts, inbox-pg.ts) and pass
 * inbox.contract.test.ts. Notes are sealed under their message's own key (sealing.ts), so they are
 * as protected as the message and `keys rotate` needs no pass of its own for them.
 */

export { CLOSE_REASONS, STATUSES, type CloseReason, type Status } from '../../config/inbox-states.js';
import type { CloseReason, Status } from '../../config/inbox-states.js';
import type { Lang } from '../../config/languages.js';

/** Retention an owner may choose (30 days to 10 years; null keeps messages until deleted), as the contract says it. */
export { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS } from '../../contract/inbox.js';

/** Which messages an inbox page covers. Every field but `scope` is optional: absent, no filter. */
export interface InboxFilter {
  /** The cities the reader may see (slugs; '' is "Unknown city"); null: every city. Always applied. */
  scope: string[] | null;
  /** One city's slug ('' = the messages of no known site). */
  site?: string;
  status?: Status;
  /** An account id, or '' for the messages nobody has. */
  assigneeId?: string;
  /** Only messages not closed (new, contacted, booked): "My open" (issue 37 item 7). Applied to the counts too. */
  open?: boolean;
  /** Only the messages sent from pages in this language ('es': "Wrote in Spanish", issue 40). */
  language?: Lang;
  /** Received on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Received on or before this UTC day (YYYY-MM-DD). */
  to?: string;
  /** Exact lookup: keyed hashes (sealing.ts) of what was searched; a message matches any one of them. */
  lookup?: { emailIndex?: string; phoneIndex?: string; nameIndex?: string };
}

/** A row of the list (what the front desk needs to pick the next call, nothing more of the patient), as the contract says it. */
export type { InboxItem, Note } from '../../contract/inbox.js';
import type { InboxItem, Note } from '../../contract/inbox.js';

export interface InboxCounts {
  /**
   * Per status, over the filter with every field but `status` applied: with a status chosen, its
   * count is the list's total.
   */
  byStatus: Record<Status, number>;
  /** Per city, over the filter with every field but `site` applied; most messages first. */
  byCity: { site: string; city: string; count: number }[];
}

export interface InboxPage extends InboxCounts {
  items: InboxItem[];
  /** Messages the whole filter covers. */
  total: number;
}

/** One message opened in full, with its state and notes, oldest note first. */
export interface MessageDetail extends StoredMessage {
  status: Status;
  closeReason: CloseReason | null;
  assigneeId: string | null;
  /** When the status last changed (the time received, for a new message). */
  statusAt: string;
  notes: Note[];
}

export interface InboxChange {
  status?: Status;
  /** With status `closed`: required. Any other status clears it. */
  closeReason?: CloseReason | null;
  /** An account id, or null to take it off whoever had it. */
  assigneeId?: string | null;
}

/** What a deletion leaves for the audit trail: never content. */
export interface Removed {
  id: string;
  site: string;
  receivedAt: string;
}

export interface InboxStore {
  /** From now on, open sealed words and seal notes with `sealer` (set with the message store's). */
  useSealer(sealer: MessageSealer): void;
  /** Newest first; `page` counts from 1. A `pageSize` of 0 gives the counts alone, opening no message. */
  page(filter: InboxFilter, page: number, pageSize: number): Promise<InboxPage>;
  /**
   * The messages within `filter` that `plan` finds (leads/search.ts): candidates by its keyed
   * tokens, each opened and checked; exact matches first, then newest; counts of the matches.
   */
  search(filter: InboxFilter, plan: SearchPlan, page: number, pageSize: number): Promise<SearchPage>;
  /** One message in full, or undefined when no message has this id. */
  get(id: string): Promise<MessageDetail | undefined>;
  /** Changes status, reason or assignee (`at`: when); undefined when no message has this id. */
  update(id: string, change: InboxChange, at: string): Promise<MessageDetail | undefined>;
  /** Adds a note (sealed); undefined when no message has this id. */
  addNote(id: string, note: { authorId: string; authorLabel: string; text: string }, at: string): Promise<Note | undefined>;
  /** Deletes one message with its notes and its pending notification. */
  remove(id: string): Promise<Removed | undefined>;
  /**
   * Deletes up to `limit` messages received before `cutoff` (ISO time), oldest first, answering
   * what it deleted. `first` is given them before they are deleted (the audit records: a crash in
   * between leaves a record of a message not yet deleted, never a deletion without its record).
   */
  purgeBefore(cutoff: string, limit: number, first: (doomed: Removed[]) => Promise<void>): Promise<Removed[]>;
  /** Days messages are kept; null: until deleted (the default). */
  retentionDays(): Promise<number | null>;
  setRetentionDays(days: number | null): Promise<void>;
  /**
   * Claims the purge of `day` (YYYY-MM-DD) for this server: true for exactly one caller of all
   * servers sharing the store, once a day.
   */
  claimPurge(day: string): Promise<boolean>;
}

/** The status and reason a change leaves (a status other than closed clears the reason). */
export function applied(current: { status: Status; closeReason: CloseReason | null; assigneeId: string | null }, change: InboxChange) {
  const status = change.status ?? current.status;
  const closeReason = status === 'closed' ? (change.closeReason ?? current.closeReason) : null;
  const assigneeId = change.assigneeId === undefined ? current.assigneeId : change.assigneeId;
  return { status, closeReason, assigneeId, statusChanged: status !== current.status || closeReason !== current.closeReason };
}

/** The first day after `day` (YYYY-MM-DD), as the ISO time a `to` filter stops before. */
export function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** Counts per status with every status present (0 when none). */
export function zeroStatuses(): Record<Status, number> {
  return { new: 0, contacted: 0, booked: 0, closed: 0 };
}

/**
 * Both facets from one grouped count (site, city, status, n) over the filter without its `site`
 * and `status`: the per-status counts keep the chosen city, the per-city counts keep the chosen status.
 */
export function facets(groups: { site: string; city: string; status: string; n: number }[], filter: Pick<InboxFilter, 'site' | 'status'>): InboxCounts {
  const byStatus = zeroStatuses();
  const cities = new Map<string, { site: string; city: string; count: number }>();
  for (const g of groups) {
    if ((filter.site === undefined || g.site === filter.site) && g.status in byStatus) byStatus[g.status as Status] += g.n;
    if (filter.status === undefined || g.status === filter.status) {
      const c = cities.get(g.site) ?? { site: g.site, city: g.city, count: 0 };
      c.count += g.n;
      if (!c.city && g.city) c.city = g.city;
      cities.set(g.site, c);
    }
  }
  const byCity = [...cities.values()].filter((c) => c.count > 0).sort((a, b) => b.count - a.count || a.site.localeCompare(b.site));
  return { byStatus, byCity };
}
