import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pgPreviewStore } from '../previews/pg-store.js';
import { createPgCityStore } from '../cities/pg-store.js';
import { openPgReleaseStore } from '../releases/pg-store.js';
import { pgRateCounters } from '../rate-limits/pg-store.js';
import { errorFields, type Logger } from '../log/logger.js';
import { createPool, migratePg, redactUrl } from '../pg/connect.js';
import { NOTIFY_SQL, notifyParams, openChangeFeed } from '../pg/notify.js';
import type { InboxRelay } from '../leads/inbox-events.js';
import { INBOX_CHANGE_KINDS } from '../../contract/inbox-events.js';
import type { ReleaseSettings, ServerStore } from './server-store.js';
import { createPgRefusalStore } from '../leads/pg-refusals.js';
import { createPgMessageStore } from '../leads/pg-store.js';
import { createPgInboxStore } from '../leads/inbox-pg.js';
import { createPgOutboxStore } from '../mail/pg-outbox.js';
import { pgUploadStore } from '../uploads/pg-store.js';
import { createPgAccountStore } from '../auth/index.js';
import { createPgAuditStore } from '../audit/index.js';
import { createPgBrandStore, importBrandFile } from '../brand/index.js';
import type { KeyRing } from '../crypto/data-key.js';
import { checkKeyId, META } from '../crypto/server-keys.js';
import { peekPgMeta, pgMeta } from '../pg/meta.js';
import { pgRewrapStore } from '../pg/rewrap.js';
import { plaintextInWal, recordPlaintextInWal, SCRUB_COMMAND, scrubWal, type ScrubResult } from '../pg/wal-scrub.js';

export interface OpenPgStoreOptions {
  url: string;
  /** Connections of the main pool (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** The data folder: only the image caches live there with PostgreSQL (`<data>/cache`). */
  dataDir: string;
  /** Queue a notification in the outbox with every message (mail is configured). */
  notify: boolean;
  logger: Logger;
  /** Release store settings (kept releases, the test hook before the switch). */
  releases?: ReleaseSettings;
  /** The data key: a database written under another key is refused before anything is written. */
  keys?: KeyRing;
}

/**
 * Opens every store on PostgreSQL (docs/decisions/015-postgresql.md): migrates under the advisory
 * lock, starts listening for the other servers' changes (which also holds this server's instance
 * lock), interrupts the redeploy runs of servers that are gone, and loads the live deployments
 * into memory. A failure at any step closes what was opened and rejects: the server does not start.
 */
export async function openPgStore(o: OpenPgStoreOptions): Promise<ServerStore> {
  const where = redactUrl(o.url);
  const instance = randomUUID();
  const pool = createPool(o.url, { size: o.poolSize, applicationName: 'clinic-gen' });
  // Rate counts need no fsync: losing the last minute's counts in a crash of the database is harmless.
  const counterPool = createPool(o.url, { size: Math.max(2, Math.ceil(o.poolSize / 4)), applicationName: 'clinic-gen-counters', options: '-c synchronous_commit=off' });
  const opened: { close(): unknown }[] = [];
  const endPools = async () => {
    for (const p of [pool, counterPool]) await p.end().catch(() => undefined);
  };
  try {
    if (o.keys) checkKeyId(await peekPgMeta(pool, META.dataKeyId), o.keys);
    await migratePg(pool, where);
    const feed = await openChangeFeed(o.url, {
      instance,
      onStatus: (status, err) =>
        status === 'lost'
          ? o.logger.warn('database.listen_lost', { note: 'reconnecting; changes made by other servers meanwhile are reloaded on reconnect', ...(err ? errorFields(err) : {}) })
          : o.logger.info('database.listen_reconnected', {}),
    });
    opened.push(feed);
    const listeners = new Set<(kind: 'deployments' | 'cities') => void>();
    const tell = (kind: 'deployments' | 'cities') => {
      for (const l of listeners) l(kind);
    };
    feed.subscribe((event) => {
      if (event.kind === 'cities' || event.kind === 'resync') tell('cities');
    });
    // A brand.yaml of the release before, in this server's data folder, is imported when the
    // database has no brand yet (the first server to start wins).
    const brand = createPgBrandStore(pool);
    await importBrandFile(brand, o.dataDir);
    const cities = createPgCityStore(pool, { owner: instance });
    const interruptedRuns = await cities.redeploys.recover(new Date().toISOString());
    const releases = await openPgReleaseStore(pool, { feed, keep: o.releases?.keep, beforeSwitch: o.releases?.beforeSwitch, onChange: () => tell('deployments') });
    opened.push(releases);
    const messages = createPgMessageStore(pool, { notify: o.notify });
    const inbox = createPgInboxStore(pool);
    // One sealer for both views of the messages: what the one seals, the other opens.
    const useSealer = messages.useSealer!.bind(messages);
    messages.useSealer = (s) => {
      useSealer(s);
      inbox.useSealer(s);
    };
    // The live inbox's notices (leads/inbox-events.ts): sent once the change committed, heard by every server.
    const inboxRelay: InboxRelay = {
      publish: async (n) => void (await pool.query(NOTIFY_SQL, notifyParams({ kind: 'inbox', change: n.kind, id: n.id, site: n.site, by: n.by, from: n.from }))),
      subscribe: (listener) =>
        feed.subscribe((event) => {
          if (event.kind === 'resync') listener({ kind: 'resync' });
          else if (event.kind === 'inbox' && (INBOX_CHANGE_KINDS as readonly string[]).includes(event.change))
            listener({ kind: event.change as (typeof INBOX_CHANGE_KINDS)[number], id: event.id, site: event.site, by: event.by, from: event.from });
        }),
    };
    let closing: Promise<void> | undefined;
    return {
      kind: 'postgres',
      location: where,
      accounts: createPgAccountStore(pool),
      audit: createPgAuditStore(pool),
      meta: pgMeta(pool),
      sealedValues: pgRewrapStore(pool),
      messages,
      inbox,
      refusals: createPgRefusalStore(pool),
      outbox: createPgOutboxStore(pool),
      brand,
      cities,
      releases,
      uploads: pgUploadStore(pool, join(o.dataDir, 'cache', 'uploads')),
      previews: pgPreviewStore(pool),
      counters: pgRateCounters(counterPool),
      interruptedRuns,
      // The listening connection is pinged every second (pg/notify.ts): up and answering means
      // the database answers, and that this server hears the others' changes.
      writable: () => feed.connected(),
      onRemoteChange: (listener) => void listeners.add(listener),
      inboxRelay,
      compact: async ({ sealed }) => {
        await messages.flush();
        // New files for both tables (the old ones are emptied now and unlinked at the next
        // checkpoint), and new statistics: ANALYZE had sampled the old rows' values into pg_statistic.
        await pool.query('VACUUM (FULL, ANALYZE) messages');
        await pool.query('VACUUM (FULL, ANALYZE) message_notes');
        // What PostgreSQL itself still holds of the old rows (pg/wal-scrub.ts): written over here
        // when this role may (a superuser), else recorded for /readyz, the metric and
        // `clinic-gen plaintext check`, with the one command a superuser runs.
        let scrub: ScrubResult;
        try {
          scrub = await scrubWal(pool);
        } catch (err) {
          if ((err as { code?: unknown }).code !== '42501') throw err;
          scrub = { ok: false, reason: `this server's database role may not run CHECKPOINT and pg_switch_wal() (${(err as Error).message})` };
        }
        if (scrub.ok) {
          o.logger.info('database.wal_scrubbed', { segments: scrub.segments, note: 'PostgreSQL’s WAL segments written before the messages were sealed are written over' });
          return;
        }
        const left = await recordPlaintextInWal(pool, { messages: sealed, now: new Date() });
        o.logger.warn('database.plaintext_remaining', {
          messages: left.messages,
          note:
            `PostgreSQL's WAL still holds the ${left.messages} messages sealed just now in clear: ${scrub.reason}. ` +
            `Run as a superuser, once: ${SCRUB_COMMAND} (docs/serving.md#upgrading). /readyz and clinicgen_plaintext_messages report it until then; ` +
            'backups and WAL archives taken before still hold them in clear: replace them',
        });
      },
      plaintextRemaining: async () => (await plaintextInWal(pool))?.messages ?? 0,
      close: () =>
        (closing ??= (async () => {
          await messages.flush().catch(() => undefined);
          releases.close();
          await feed.close();
          await endPools();
        })()),
    };
  } catch (err) {
    for (const x of opened.reverse()) await Promise.resolve(x.close()).catch(() => undefined);
    await endPools();
    throw err;
  }
}

