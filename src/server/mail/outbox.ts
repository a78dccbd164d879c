import type { Lang } from '../../config/languages.js';

/**
 * The outbox (docs/decisions/015-postgresql.md): a notification is queued in the same transaction
 * as the message it announces (leads/), and the mail worker sends it from here.
 */

/** A notification waiting to be sent. */
export interface OutboxItem {
  id: number;
  /** Public id of the message it announces; also the base of the idempotent Message-ID. */
  messageId: string;
  /** City slug and city of the site the message came from ('' when unknown). */
  site: string;
  city: string;
  receivedAt: string;
  attempts: number;
  /** The language of the page the message was sent from ('en', 'es'): the email names it, never the words. */
  language: Lang;
}

/** The mail worker's view of the outbox table. */
export interface OutboxStore {
  /** Leases up to `limit` due items for `leaseMs`, so two workers never send the same one at once. */
  claimDue(nowMs: number, limit: number, leaseMs: number): Promise<OutboxItem[]>;
  markSent(id: number, nowMs: number): Promise<void>;
  /** Records a failed attempt; `nextAttemptAt` null gives up on the item. */
  markFailed(id: number, attempts: number, nextAttemptAt: number | null, reason: string): Promise<void>;
  /** Earliest next attempt of an unsent item (epoch ms), or null when nothing is waiting. */
  nextDue(): Promise<number | null>;
  /** Counts for tests and health checks. */
  counts(): Promise<{ pending: number; sent: number; failed: number }>;
  /** When the oldest message still waiting for its notification was received (ISO), or null when none waits. */
  oldestPendingAt(): Promise<string | null>;
}

/** A due row of the outbox joined to its message, as both stores read it (sqlite-outbox.ts and pg-outbox.ts). */
export interface DueRow {
  id: number;
  public_id: string;
  site: string;
  city: string;
  received_at: string;
  attempts: number;
  language: string;
}

/** The mail worker's view of a due row. */
export const toOutboxItem = (r: DueRow): OutboxItem => ({
  id: r.id,
  messageId: r.public_id,
  site: r.site,
  city: r.city,
  receivedAt: r.received_at,
  attempts: r.attempts,
  language: r.language === 'es' ? 'es' : 'en',
});
