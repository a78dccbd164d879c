import type pg from 'pg';
import { toOutboxItem, type DueRow, type OutboxItem, type OutboxStore } from './outbox.js';
import { guarded } from '../pg/connect.js';

/**
 * Leases due rows in one statement. FOR UPDATE SKIP LOCKED: a row another server is leasing right
 * now is passed over rather than waited for, and a row it leased a moment ago fails the re-check of
 * the lease (READ COMMITTED re-reads a locked row's newest version), so two servers never claim
 * the same notification.
 */
const CLAIM = `
  WITH leased AS (
    UPDATE outbox SET lease_until = $3
     WHERE id IN (SELECT id FROM outbox
                   WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL AND next_attempt_at <= $1
                     AND (lease_until IS NULL OR lease_until <= $1)
                   ORDER BY next_attempt_at LIMIT $2
                   FOR UPDATE SKIP LOCKED)
    RETURNING id, message_id, attempts, next_attempt_at)
  SELECT l.id, m.public_id, m.site, m.city, m.received_at, l.attempts, m.language
    FROM leased l JOIN messages m ON m.id = l.message_id
   ORDER BY l.next_attempt_at, l.id`;

/**
 * The outbox table on PostgreSQL, shared by every server's mail worker: rows are leased before
 * sending (lease_until) and marked sent only after the SMTP server accepted them, as in the SQLite
 * outbox (mail/sqlite-outbox.ts). Connection failures reject with StoreUnavailableError.
 */
export function createPgOutboxStore(pool: pg.Pool): OutboxStore {
  return {
    claimDue: (nowMs, limit, leaseMs) =>
      guarded(async (): Promise<OutboxItem[]> => {
        const res = await pool.query<DueRow>(CLAIM, [nowMs, limit, nowMs + leaseMs]);
        return res.rows.map(toOutboxItem);
      }),
    markSent: (id, nowMs) =>
      guarded(async () => {
        await pool.query('UPDATE outbox SET sent_at = $1, lease_until = NULL, last_error = NULL WHERE id = $2', [nowMs, id]);
      }),
    // Only a short reason is kept: SMTP replies can quote addresses, never the message itself.
    markFailed: (id, attempts, nextAt, reason) =>
      guarded(async () => {
        await pool.query('UPDATE outbox SET attempts = $1, next_attempt_at = $2, lease_until = NULL, last_error = $3 WHERE id = $4', [attempts, nextAt, reason.slice(0, 300), id]);
      }),
    nextDue: () =>
      guarded(async () => {
        const res = await pool.query<{ t: number | null }>('SELECT min(GREATEST(next_attempt_at, coalesce(lease_until, 0))) AS t FROM outbox WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL');
        return res.rows[0]?.t ?? null;
      }),
    counts: () =>
      guarded(async () => {
        const res = await pool.query<{ pending: number; sent: number; failed: number }>(
          `SELECT count(*) FILTER (WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL) AS pending,
                  count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent,
                  count(*) FILTER (WHERE sent_at IS NULL AND next_attempt_at IS NULL) AS failed
             FROM outbox`,
        );
        return res.rows[0] ?? { pending: 0, sent: 0, failed: 0 };
      }),
    oldestPendingAt: () =>
      guarded(async () => {
        const res = await pool.query<{ at: string | null }>(
          'SELECT min(m.received_at) AS at FROM outbox o JOIN messages m ON m.id = o.message_id WHERE o.sent_at IS NULL AND o.next_attempt_at IS NOT NULL',
        );
        return res.rows[0]?.at ?? null;
      }),
  };
}
