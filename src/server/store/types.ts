import type { ContactMessage } from '../../config/contact.js';

/** A validated contact message plus where and when it arrived. */
export interface NewMessage extends ContactMessage {
  /** The site it came from: the Origin header, or this server's origin for posts without one. */
  site: string;
  /** ISO 8601 time the server received it. */
  receivedAt: string;
}

export interface StoredMessage extends NewMessage {
  /** Public id (a UUID); row numbers stay internal so the count of messages is not exposed. */
  id: string;
}

export interface AddResult {
  id: string;
  /** True when the Idempotency-Key was seen before: nothing new was stored. */
  duplicate: boolean;
}

export interface MessagePage {
  messages: StoredMessage[];
  total: number;
}

/** Storage of contact messages, as the routes see it. */
export interface MessageStore {
  /** Resolves once the message is committed to disk (fsync), never earlier. */
  add(message: NewMessage, idempotencyKey?: string): Promise<AddResult>;
  /** Newest first; `page` counts from 1. */
  list(page: number, pageSize: number): MessagePage;
  /** Every message, oldest first, for the CSV export. */
  all(): Iterable<StoredMessage>;
}

/** A notification waiting to be sent. */
export interface OutboxItem {
  id: number;
  /** Public id of the message it announces; also the base of the idempotent Message-ID. */
  messageId: string;
  site: string;
  receivedAt: string;
  attempts: number;
}

/** The mail worker's view of the outbox table. */
export interface OutboxStore {
  /** Leases up to `limit` due items for `leaseMs`, so two workers never send the same one at once. */
  claimDue(nowMs: number, limit: number, leaseMs: number): OutboxItem[];
  markSent(id: number, nowMs: number): void;
  /** Records a failed attempt; `nextAttemptAt` null gives up on the item. */
  markFailed(id: number, attempts: number, nextAttemptAt: number | null, reason: string): void;
  /** Earliest next attempt of an unsent item (epoch ms), or null when nothing is waiting. */
  nextDue(): number | null;
  /** Counts for tests and health checks. */
  counts(): { pending: number; sent: number; failed: number };
}
