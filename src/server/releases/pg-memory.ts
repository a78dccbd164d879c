import type pg from 'pg';
import { inTransaction } from '../pg/connect.js';
import type { ChangeFeed } from '../pg/notify.js';
import { isSiteName } from '../bundle/names.js';
import type { ReleaseMeta } from './store.js';

/**
 * The PostgreSQL release store's memory (pg-release-store.ts): the live release of every site, read from
 * the database at open and after each change, so pages are served without asking it.
 */

/** A live release in memory: its metadata and its files by name, each a SHA-256 of shared bytes. */
export interface Live {
  meta: ReleaseMeta;
  files: Map<string, string>;
}
/** A live release as read: `bytes` holds every hash its files name (held, so no eviction can lose one). */
export interface Loaded extends Live {
  bytes: Map<string, Uint8Array>;
}

/**
 * The live sites of every server in this process's memory: each live release's files by name, the
 * bytes shared by hash (a hundred sites with the same fonts hold them once, counted by reference).
 * Changes arrive from several places that may race (a deploy here, reloads after notifications, a
 * resync); each takes a ticket from one clock when it starts, and a site keeps the newest ticket's
 * result only, so a slow reload never puts back what a later one replaced.
 */
export function liveMemory() {
  const sites = new Map<string, Live>();
  const blobs = new Map<string, { bytes: Uint8Array; refs: number }>();
  const stamps = new Map<string, number>();
  let clock = 0;
  return {
    sites,
    ticket: () => ++clock,
    now: () => clock,
    bytes: (hash: string) => blobs.get(hash)?.bytes,
    /** Puts `next` (undefined: offline) as `site`'s live release unless a newer ticket did; true when the live release changed. */
    set(site: string, ticket: number, next: Loaded | undefined): boolean {
      if ((stamps.get(site) ?? 0) > ticket) return false;
      stamps.set(site, ticket);
      const prev = sites.get(site);
      for (const hash of next?.files.values() ?? []) {
        const b = blobs.get(hash);
        if (b) b.refs++;
        else blobs.set(hash, { bytes: next!.bytes.get(hash)!, refs: 1 });
      }
      for (const hash of prev?.files.values() ?? []) {
        const b = blobs.get(hash)!;
        if (--b.refs === 0) blobs.delete(hash);
      }
      if (next) sites.set(site, { meta: next.meta, files: next.files });
      else sites.delete(site);
      return prev?.meta.id !== next?.meta.id;
    },
  };
}

export type LiveMemory = ReturnType<typeof liveMemory>;
/** What a read of live sites found: the sites live now, and the releases read in full. */
export interface LiveRead {
  listed: Set<string>;
  loaded: Map<string, Loaded>;
}

/**
 * Reads live sites in one snapshot: which are live, and for `sites` (every one when omitted) the
 * release and its bytes. `changedOnly` skips the sites whose live release `mem` already holds.
 */
export async function fetchLive(c: pg.PoolClient, mem: LiveMemory, sites?: string[], changedOnly = false): Promise<LiveRead> {
  const { rows } = await c.query<{ site: string; release_id: string }>(
    `SELECT site, release_id FROM live_sites${sites ? ' WHERE site = ANY($1)' : ''}`,
    sites ? [sites] : [],
  );
  const want = rows.filter((r) => !changedOnly || mem.sites.get(r.site)?.meta.id !== r.release_id).map((r) => r.site);
  const loaded = new Map<string, Loaded>();
  if (want.length) {
    const bytes = new Map<string, Uint8Array>();
    const metas = await c.query<{ site: string; id: string; meta: ReleaseMeta }>(
      'SELECT r.site, r.id, r.meta FROM live_sites l JOIN releases r ON r.site = l.site AND r.id = l.release_id WHERE l.site = ANY($1)',
      [want],
    );
    for (const r of metas.rows) loaded.set(r.site, { meta: { ...r.meta, id: r.id }, files: new Map(), bytes });
    const files = await c.query<{ site: string; name: string; hash: string }>(
      'SELECT f.site, f.name, f.hash FROM live_sites l JOIN release_files f ON f.site = l.site AND f.release_id = l.release_id WHERE l.site = ANY($1)',
      [want],
    );
    const missing = new Set<string>();
    for (const f of files.rows) {
      loaded.get(f.site)!.files.set(f.name, f.hash);
      const held = mem.bytes(f.hash);
      if (held) bytes.set(f.hash, held);
      else missing.add(f.hash);
    }
    // A few blobs a query: a site's files may be megabytes each.
    const all = [...missing];
    for (let i = 0; i < all.length; i += 50) {
      const got = await c.query<{ hash: string; bytes: Buffer }>('SELECT hash, bytes FROM blobs WHERE hash = ANY($1)', [all.slice(i, i + 50)]);
      for (const b of got.rows) bytes.set(b.hash, b.bytes);
    }
  }
  return { listed: new Set(rows.map((r) => r.site)), loaded };
}

const READ_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
/** Backoff of the resync after a failed reload (ms). */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * This process's memory of the live sites, kept current (pg-release-store.ts serves from it): read
 * whole at open, one site reloaded on its `release` notification, every site on `resync` (the feed
 * reconnected), and a failed reload retried as a resync with backoff. `settle` puts what this
 * process itself committed in at once. `onChange` hears each site whose live release changed.
 */
export async function openLiveMirror(pool: pg.Pool, feed: ChangeFeed, onChange?: (site: string) => void) {
  const mem = liveMemory();
  /** The ticket of the latest reload asked for, by site, and of the latest resync: see `settle`. */
  const asked = new Map<string, number>();
  let resyncAsked = 0;
  let closed = false;
  /** A resync waiting to try again after a failed reload or resync, and its next delay. */
  let retry: NodeJS.Timeout | undefined;
  let retryMs = RETRY_FIRST_MS;

  /**
   * A reload or resync that failed (the database busy or unreachable) leaves memory as it was and
   * tries a whole resync again, with backoff, until one succeeds: the notification it answered
   * will not come again, so waiting for the next one could serve an old release indefinitely.
   */
  const retryLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void resync();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const changed = (site: string) => {
    try {
      onChange?.(site);
    } catch {
      // The listener's failure is its own: the change is committed and in memory.
    }
  };

  /** Applies what a read found, as of `ticket`: loaded sites replaced, listed ones left, the rest of `scope` dropped. */
  function apply(ticket: number, scope: Iterable<string>, r: LiveRead): void {
    if (closed) return;
    for (const site of [...scope]) if (!r.listed.has(site) && mem.set(site, ticket, undefined)) changed(site);
    for (const [site, l] of r.loaded) if (mem.set(site, ticket, l)) changed(site);
  }

  /** Reloads one site from the database; a failure leaves memory as it was and resyncs later (retryLater). */
  async function reload(site: string): Promise<void> {
    const ticket = mem.ticket();
    asked.set(site, ticket);
    try {
      apply(ticket, [site], await inTransaction(pool, (c) => fetchLive(c, mem, [site], true), READ_SNAPSHOT));
    } catch {
      // Database unreachable or busy: keep serving what memory holds.
      retryLater();
    }
  }

  /** Reloads every live site whose live release changed, and drops the ones gone. */
  async function resync(): Promise<void> {
    const ticket = mem.ticket();
    resyncAsked = ticket;
    try {
      const r = await inTransaction(pool, (c) => fetchLive(c, mem, undefined, true), READ_SNAPSHOT);
      apply(ticket, mem.sites.keys(), r);
      retryMs = RETRY_FIRST_MS;
    } catch {
      // As for reload.
      retryLater();
    }
  }

  /**
   * Puts what this process committed into memory. A reload asked for while the change was in flight
   * may have read the state before it, or a later one this now covers: it is asked for again.
   */
  function settle(site: string, since: number, next: Loaded | undefined): void {
    if (closed) return;
    if (mem.set(site, mem.ticket(), next)) changed(site);
    if ((asked.get(site) ?? 0) > since || resyncAsked > since) void reload(site);
  }

  const unsubscribe = feed.subscribe((event) => {
    if (closed) return;
    if (event.kind === 'release' && isSiteName(event.site)) void reload(event.site);
    else if (event.kind === 'resync') void resync();
  });
  try {
    const ticket = mem.ticket();
    apply(ticket, [], await inTransaction(pool, (c) => fetchLive(c, mem), READ_SNAPSHOT));
  } catch (err) {
    unsubscribe();
    throw err;
  }

  return {
    mem,
    settle,
    /** Stops listening; the pool and the feed are the caller's. */
    close() {
      closed = true;
      clearTimeout(retry);
      unsubscribe();
    },
  };
}
