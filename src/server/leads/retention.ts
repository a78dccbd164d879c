import type { Logger } from '../log/logger.js';
import type { InboxStore } from './inbox.js';
import { repeatInBackground } from '../workers/repeat.js';

/**
 * Retention (issue 22): with a retention set by an owner, once a day one server (of however many
 * share the store: InboxStore.claimPurge) deletes the messages received before it, a batch at a
 * time, and leaves one audit record per message: its id, city and day, never its content.
 */

/** Messages deleted per statement: a purge of a year's messages never holds the database for long. */
const BATCH = 500;
/** How often a server looks whether today's purge is still to do. */
export const PURGE_CHECK_MS = 60 * 60 * 1000;

/**
 * Where each purged message is recorded: the audit trail (audit/trail.ts), named by its shape so
 * that leads does not import audit (audit's CSV uses leads' csvCell).
 */
export interface PurgeRecorder {
  record(entry: { actorId: string; actorLabel: string; address: string; action: string; object: string; city: string; outcome: number }): Promise<void>;
}

export interface PurgeDeps {
  inbox: InboxStore;
  audit: PurgeRecorder;
  now: () => Date;
  logger?: Logger;
}

/**
 * Today's purge, if retention is set and no server has run it today: answers how many messages it
 * deleted (0 when there was nothing to do or another server has it).
 */
export async function purgeExpired(d: PurgeDeps): Promise<number> {
  const days = await d.inbox.retentionDays();
  if (days === null) return 0;
  const now = d.now();
  if (!(await d.inbox.claimPurge(now.toISOString().slice(0, 10)))) return 0;
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const removed = await d.inbox.purgeBefore(cutoff, BATCH, async (doomed) => {
      for (const r of doomed) {
        await d.audit.record({ actorId: '', actorLabel: 'retention', address: '', action: 'message.purge', object: `message=${r.id} received=${r.receivedAt.slice(0, 10)} retention=${days}d`, city: r.site, outcome: 200 });
      }
    });
    purged += removed.length;
    if (removed.length < BATCH) break;
    // Other requests go on between batches.
    await new Promise((r) => setImmediate(r));
  }
  d.logger?.info('messages.purged', { count: purged, retentionDays: days, before: cutoff });
  return purged;
}

/** Runs purgeExpired now and every PURGE_CHECK_MS; the timer never keeps the process alive. Answers a stop. */
export function schedulePurge(d: PurgeDeps & { everyMs?: number }): () => void {
  const stop = repeatInBackground(
    () => purgeExpired(d).catch((err: unknown) => d.logger?.error('messages.purge_failed', { error: (err as Error).message })),
    d.everyMs ?? PURGE_CHECK_MS,
  );
  return () => void stop();
}
