import type { NewMessage, StoredMessage } from '../../config/contact.js';
import type { MessageSealer } from './sealing.js';

export type { NewMessage, StoredMessage };

/**
 * What `add` did: stored it, or found the Idempotency-Key already used (`duplicate`, the same id
 * back), or found the key used for a different message (`conflict`: nothing stored).
 */
export type AddResult = { id: string; duplicate: boolean } | { conflict: true };

export interface MessagePage {
  messages: StoredMessage[];
  total: number;
}

/** Which messages a list or an export covers; no field, every message. */
export interface MessageFilter {
  /** Only the messages filed under this city slug ('' = the ones of no known site). */
  site?: string;
}

/** Messages per site, for the admin's count per city. */
export interface SiteCount {
  site: string;
  city: string;
  last7Days: number;
  last30Days: number;
  total: number;
}

/** Storage of contact messages, as the routes see it. */
export interface MessageStore {
  /** Resolves once the message is committed to disk (fsync), never earlier. */
  add(message: NewMessage, idempotencyKey?: string): Promise<AddResult>;
  /** Newest first; `page` counts from 1; `total` counts what the filter covers. */
  list(page: number, pageSize: number, filter?: MessageFilter): Promise<MessagePage>;
  /**
   * Every message the filter covers, oldest first, for the CSV export. Read lazily in small chunks,
   * so 40,000 messages are never in memory at once.
   */
  all(filter?: MessageFilter): AsyncIterable<StoredMessage>;
  /** Count per site, received in the 7 and 30 days before `now` and in all; most messages first. */
  countBySite(now: Date): Promise<SiteCount[]>;
  /** From now on, seal what patients wrote (leads/sealing.ts) and open it on reading. Stores in tests may lack it. */
  useSealer?(sealer: MessageSealer): void;
  /** Seals every message still stored in clear (a store upgraded from before sealing); answers how many. Resumable: a batch at a time. */
  sealStored?(batch?: number): Promise<number>;
  /** How many messages are still stored in clear (by a release before sealing), for the upgrade's acknowledgement (store/upgrade.ts). */
  countStoredPlain?(): Promise<number>;
  /**
   * Stores the search tokens (leads/search.ts) of every sealed message that has none yet (stored
   * before they existed, or sealed by sealStored), opening each: how many it indexed, and how many
   * did not open (marked, not tried again). Resumable: a batch a transaction.
   */
  indexStored?(batch?: number): Promise<{ indexed: number; unopened: number }>;
}
