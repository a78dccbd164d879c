import type Database from 'better-sqlite3';
import { toOutboxItem, type DueRow, type OutboxItem, type OutboxStore } from './outbox.js';

/**
 * The outbox table behind the mail worker. Rows are leased before sending (lease_until) so a
 * second process on the same file cannot send the same notification at the same time; a row is
 * marked sent only after the SMTP server accepted it.
 */
export function createOutboxStore(db: Database.Database): OutboxStore {
  const due = db.prepare<[number, number, number], DueRow>(
    `SELECT o.id, m.public_id, coalesce(m.site, '') AS site, m.city, m.received_at, o.attempts, m.language
       FROM outbox o JOIN messages m ON m.id = o.message_id
      WHERE o.sent_at IS NULL AND o.next_attempt_at IS NOT NULL AND o.next_attempt_at <= ?
        AND (o.lease_until IS NULL OR o.lease_until <= ?)
      ORDER BY o.next_attempt_at LIMIT ?`,
  );
  const lease = db.prepare('UPDATE outbox SET lease_until = ? WHERE id = ?');
  const sent = db.prepare('UPDATE outbox SET sent_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?');
  const failed = db.prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  // A row another worker has leased is due when its lease ends, not before.
  const next = db.prepare<[], { t: number | null }>('SELECT min(max(next_attempt_at, coalesce(lease_until, 0))) AS t FROM outbox WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL');
  const counts = db.prepare<[], { pending: number; sent: number; failed: number }>(
    `SELECT coalesce(sum(sent_at IS NULL AND next_attempt_at IS NOT NULL), 0) AS pending,
            coalesce(sum(sent_at IS NOT NULL), 0) AS sent,
            coalesce(sum(sent_at IS NULL AND next_attempt_at IS NULL), 0) AS failed
       FROM outbox`,
  );

  const claim = db.transaction((nowMs: number, limit: number, leaseMs: number): OutboxItem[] => {
    const rows = due.all(nowMs, nowMs, limit);
    for (const r of rows) lease.run(nowMs + leaseMs, r.id);
    return rows.map(toOutboxItem);
  });

  return {
    claimDue: async (nowMs, limit, leaseMs) => claim.immediate(nowMs, limit, leaseMs),
    markSent: async (id, nowMs) => void sent.run(nowMs, id),
    // Only a short reason is kept: SMTP replies can quote addresses, never the message itself.
    markFailed: async (id, attempts, nextAt, reason) => void failed.run(attempts, nextAt, reason.slice(0, 300), id),
    nextDue: async () => next.get()?.t ?? null,
    counts: async () => counts.get() ?? { pending: 0, sent: 0, failed: 0 },
    oldestPendingAt: async () =>
      db
        .prepare<[], { at: string | null }>('SELECT min(m.received_at) AS at FROM outbox o JOIN messages m ON m.id = o.message_id WHERE o.sent_at IS NULL AND o.next_attempt_at IS NOT NULL')
        .get()?.at ?? null,
  };
}
