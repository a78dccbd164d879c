import { errorFields, type Logger } from '../log/logger.js';
import type { OutboxStore } from './outbox.js';
import { buildNotification, type NotificationSettings } from './notification.js';
import type { Mailer } from './smtp.js';

/**
 * Sends the outbox in the background, never in the visitor's request. At-least-once with an
 * idempotent Message-ID: a row is marked sent only after the SMTP server accepted it, so a crash in
 * between resends the same email (same Message-ID) rather than losing it. Failures back off
 * exponentially with jitter and give up after `maxAttempts`, leaving the row for the operator. A
 * failure to mark a row sent is not a failed send: it is tried again briefly, never rescheduled.
 */
export interface MailWorkerOptions {
  outbox: OutboxStore;
  mailer: Mailer;
  settings: NotificationSettings;
  logger: Logger;
  now?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** How long a claimed row stays reserved for this worker. */
  leaseMs?: number;
  /** Poll interval when nothing is due (another process may have queued mail). */
  idlePollMs?: number;
  /** Wait before trying `markSent` again after it failed (doubled each try). */
  markSentRetryMs?: number;
}

/** Tries of `markSent` after a send the SMTP server accepted, before the pass gives up on the row. */
const MARK_SENT_TRIES = 3;

export interface MailWorker {
  start(): void;
  /** A message was stored: look at the outbox now rather than at the next poll. */
  kick(): void;
  /** Waits for a send in progress, then stops. */
  stop(): Promise<void>;
  /** One pass over what is due; resolves to the number of emails sent. For tests. */
  runOnce(): Promise<number>;
}

/**
 * Notifications claimed per lease. One: a lease then covers one send, which with the SMTP timeouts
 * takes well under the lease even against a slow mail server. A batch sent one after another
 * could outlast its lease, and another server would claim and send the rest as well.
 */
const CLAIM_AT_ONCE = 1;

/** Creates the worker; call start() once the server listens and stop() before closing the store. */
export function createMailWorker(o: MailWorkerOptions): MailWorker {
  const now = o.now ?? Date.now;
  const base = o.baseDelayMs ?? 5_000;
  const maxDelay = o.maxDelayMs ?? 30 * 60_000;
  const maxAttempts = o.maxAttempts ?? 12;
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  const idle = o.idlePollMs ?? 60_000;
  const markSentRetry = o.markSentRetryMs ?? 200;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;
  /** stop() was called: a pass in progress ends after the email it is sending (runOnce alone never sets it). */
  let stopping = false;

  const backoff = (attempts: number) => Math.min(maxDelay, base * 2 ** (attempts - 1)) * (0.8 + Math.random() * 0.4);

  /**
   * Records a send the SMTP server accepted, trying a few times: a failure here is the store's, not
   * the email's, so it must never reschedule it. Returns the last error when every try failed.
   */
  async function markSent(id: number): Promise<unknown> {
    let last: unknown;
    for (let tryNo = 1; tryNo <= MARK_SENT_TRIES; tryNo++) {
      try {
        await o.outbox.markSent(id, now());
        return undefined;
      } catch (err) {
        last = err ?? new Error('markSent failed');
      }
      if (tryNo < MARK_SENT_TRIES) await new Promise((r) => setTimeout(r, markSentRetry * 2 ** (tryNo - 1)));
    }
    return last;
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const items = await o.outbox.claimDue(now(), CLAIM_AT_ONCE, leaseMs);
      for (const item of items) {
        try {
          await o.mailer.send(buildNotification(item, o.settings));
        } catch (err) {
          const attempts = item.attempts + 1;
          const giveUp = attempts >= maxAttempts;
          const reason = err instanceof Error ? err.message : String(err);
          await o.outbox.markFailed(item.id, attempts, giveUp ? null : Math.round(now() + backoff(attempts)), reason);
          o.logger[giveUp ? 'error' : 'warn'](giveUp ? 'mail.gave_up' : 'mail.retry', { outboxId: item.id, attempts, ...errorFields(err) });
          continue;
        }
        sent++;
        const failed = await markSent(item.id);
        if (failed !== undefined) {
          // Sent but not recorded: the row stays leased until its lease runs out, then is sent again
          // with the same Message-ID (receivers can tell). The store is failing: stop the pass here
          // rather than send more mail it cannot record.
          o.logger.error('mail.mark_sent_failed', { outboxId: item.id, ...errorFields(failed) });
          return sent;
        }
      }
      if (items.length < CLAIM_AT_ONCE || stopping) return sent;
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, delayMs));
    timer.unref();
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      try {
        sent = await pass();
      } catch (err) {
        o.logger.error('mail.worker_failed', errorFields(err));
      }
      // Read while still `running`, so a kick meanwhile sets `again` rather than being overwritten.
      let due: number | null = null;
      if (!stopped && !again) {
        try {
          due = await o.outbox.nextDue();
        } catch (err) {
          o.logger.error('mail.worker_failed', errorFields(err));
        }
      }
      return { sent, due };
    })().then(({ sent, due }) => {
      running = undefined;
      if (stopped) return sent;
      if (again) {
        again = false;
        schedule(0);
        return sent;
      }
      // Leased rows of another worker look due; a floor keeps this from spinning on them.
      schedule(due === null ? idle : Math.min(idle, Math.max(250, due - now())));
      return sent;
    });
    return running;
  }

  return {
    start() {
      stopped = false;
      stopping = false;
      schedule(0);
    },
    kick: () => (stopped ? undefined : schedule(0)),
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      o.mailer.close();
    },
    runOnce: () => run(),
  };
}
