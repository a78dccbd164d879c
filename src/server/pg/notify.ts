import pg from 'pg';
import { NOTIFY_CHANNEL } from './connect.js';

/**
 * How the servers of a group hear of each other's changes (docs/decisions/015-postgresql.md). A
 * store that changes something other servers keep in memory runs
 * `SELECT pg_notify('clinic_gen', <json>)` inside the transaction that changes it, so the
 * notification is delivered at commit, never for a change that rolled back. Every server keeps
 * one connection LISTENing; when that connection is lost (PostgreSQL restarting, a network cut)
 * it reconnects by itself with backoff, and then tells its subscribers to `resync`: whatever was
 * notified meanwhile was missed, so each reloads what it keeps.
 *
 * The same connection holds this server's instance lock (a session advisory lock on its instance
 * id) for as long as the process lives: another server finding a redeploy-all `running` tests
 * that lock to tell a live owner from a dead one (cities/pg-runs.ts).
 */
export type Change =
  | { kind: 'release'; site: string }
  | { kind: 'cities' }
  | { kind: 'upload'; name: string }
  /** The live inbox (leads/inbox-events.ts): a message's id, city and what changed, sent by server `from`; never content. */
  | { kind: 'inbox'; change: string; id: string; site: string; by: string; from: string };
export type FeedEvent = Change | { kind: 'resync' };

export interface ChangeFeed {
  /** Calls `listener` for each change another server (or this one) committed, and `resync` after a reconnect. */
  subscribe(listener: (event: FeedEvent) => void): () => void;
  /** Whether the listening connection is up and answered its last ping (readiness). */
  connected(): boolean;
  /** Whether this server holds its instance lock now (taken again after a reconnect, without waiting). */
  holdsInstanceLock(): boolean;
  /** Stops listening and releases the instance lock. */
  close(): Promise<void>;
}

/** The SQL key of a server's instance lock: a live server holds it, a dead one's is free. */
export const INSTANCE_LOCK_SQL = "hashtextextended('clinic-gen-server:' || $1, 0)";

/** The `pg_notify` call a store runs inside its transaction. */
export const NOTIFY_SQL = 'SELECT pg_notify($1, $2)';
export const notifyParams = (change: Change): [string, string] => [NOTIFY_CHANNEL, JSON.stringify(change)];

export interface ChangeFeedOptions {
  /** This server's instance id (a random UUID), whose lock this connection holds. */
  instance: string;
  /** Told of lost connections and reconnects. */
  onStatus?: (status: 'lost' | 'reconnected', err?: unknown) => void;
  /** Backoff of reconnection attempts (ms). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How often the connection is pinged (ms); a failed ping counts as a lost connection. */
  pingMs?: number;
}

function parse(payload: string | undefined): Change | undefined {
  try {
    const v = JSON.parse(payload ?? '') as Partial<Change> | null;
    if (v?.kind === 'cities') return { kind: 'cities' };
    if (v?.kind === 'release' && typeof (v as { site?: unknown }).site === 'string') return { kind: 'release', site: (v as { site: string }).site };
    if (v?.kind === 'upload' && typeof (v as { name?: unknown }).name === 'string') return { kind: 'upload', name: (v as { name: string }).name };
    if (v?.kind === 'inbox') {
      const { change, id, site, by, from } = v as Record<string, unknown>;
      if ([change, id, site, by, from].every((x) => typeof x === 'string')) return { kind: 'inbox', change: change as string, id: id as string, site: site as string, by: by as string, from: from as string };
    }
  } catch {
    // A payload this version does not read (a newer server's): ignored.
  }
  return undefined;
}

/** Connects, LISTENs and takes the instance lock; rejects when the first connection fails. */
export async function openChangeFeed(url: string, o: ChangeFeedOptions): Promise<ChangeFeed> {
  const listeners = new Set<(event: FeedEvent) => void>();
  const first = o.firstDelayMs ?? 100;
  const max = o.maxDelayMs ?? 2_000;
  const pingMs = o.pingMs ?? 1_000;
  let client: pg.Client | undefined;
  let up = false;
  let locked = false;
  let pinging = false;
  /** Pings the current connection; set once it is up. */
  let pingOnce: (() => Promise<void>) | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = first;

  const emit = (event: FeedEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch {
        // One subscriber's failure must not keep the others from hearing.
      }
    }
  };

  /**
   * Ends a client whatever state it is in, without an 'error' event ending the process, and
   * without waiting more than a moment: over a silently dead network a polite end would wait for
   * a close that never comes, and hold up the server's shutdown.
   */
  const dispose = async (c: pg.Client) => {
    c.removeAllListeners('error');
    c.on('error', () => undefined);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        resolve();
      }, 2_000);
      timer.unref();
    });
    await Promise.race([c.end().catch(() => undefined), gaveUp]);
    clearTimeout(timer);
  };

  /** Takes the instance lock without waiting: a previous session of ours may still hold it until the server notices it is gone. */
  const tryLock = async (c: pg.Client) => {
    const { rows } = await c.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS ok`, [o.instance]);
    locked = rows[0]?.ok === true;
  };

  const connect = async (): Promise<void> => {
    // keepAlive with a short first probe, and a query timeout: a network cut without a reset must
    // be noticed in seconds, not after the system's two hours.
    const c = new pg.Client({
      connectionString: url,
      application_name: 'clinic-gen-listen',
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
    });
    c.on('notification', (n) => {
      if (n.channel !== NOTIFY_CHANNEL) return;
      const change = parse(n.payload);
      if (change) emit(change);
    });
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = undefined;
      pingOnce = undefined;
      up = false;
      locked = false;
      void dispose(c);
      if (closed) return;
      o.onStatus?.('lost', err);
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
      await tryLock(c);
    } catch (err) {
      await dispose(c);
      throw err;
    }
    if (closed) {
      await dispose(c);
      return;
    }
    client = c;
    up = true;
    delay = first;
    // The ping is readiness's probe too: the database answered within the last second or two.
    // A ping that fails or times out counts as a lost connection. Until the instance lock is
    // ours (see tryLock), each ping asks for it again.
    pingOnce = async () => {
      try {
        if (locked) await c.query('SELECT 1');
        else await tryLock(c);
      } catch (err) {
        lost(err);
      }
    };
  };

  const ping = setInterval(() => {
    if (!pingOnce || !client || pinging) return;
    pinging = true;
    void pingOnce().finally(() => (pinging = false));
  }, pingMs);
  ping.unref();

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().then(
        () => {
          if (!up) return;
          o.onStatus?.('reconnected');
          emit({ kind: 'resync' });
        },
        () => {
          delay = Math.min(delay * 2, max);
          if (!closed) schedule();
        },
      );
    }, delay);
    timer.unref();
  };

  try {
    await connect();
  } catch (err) {
    clearInterval(ping);
    throw err;
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connected: () => up,
    holdsInstanceLock: () => locked,
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(ping);
      const c = client;
      client = undefined;
      up = false;
      locked = false;
      if (c) await dispose(c);
    },
  };
}
