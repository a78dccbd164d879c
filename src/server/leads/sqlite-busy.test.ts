import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fromAddress, memoryStore, testApp } from '../../../test/helpers/server-app.js';
import { createBatcher } from '../sqlite/batcher.js';
import { BUSY_RETRY, StoreBusyError } from '../sqlite/busy.js';
import type { ServerStore } from '../server-store.js';
import { openSqliteStore } from '../sqlite-server-store.js';
import type { NewMessage } from './store.js';

/**
 * A database locked by another connection is waited for on timers, never by blocking the event
 * loop (SQLite's busy timeout froze every request for 5 s). The lock is held here by a second
 * connection, as another process or an operator's sqlite3 shell would hold it.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function lockedStore(): { store: ServerStore; lock: Database.Database; release(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-busy-'));
  const store = openSqliteStore(dir);
  const lock = new Database(store.location);
  lock.exec('BEGIN IMMEDIATE');
  let held = true;
  const release = () => {
    if (held) lock.exec('COMMIT');
    held = false;
  };
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close(), () => lock.close(), release);
  return { store, lock, release };
}

const message = (n: number): NewMessage => ({
  firstName: 'Ana',
  lastName: 'Núñez',
  email: `ana${n}@example.com`,
  phone: '',
  service: 'TRT Therapy',
  message: `Message ${n}`,
  site: 'tampa',
  city: 'Tampa',
  page: 'contact/',
  origin: 'https://tampa.example.com',
  referer: '',
  registered: true,
  receivedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
});

/** The longest gap between ticks of a 5 ms timer while `work` runs: how long the event loop was blocked. */
async function worstGapDuring<T>(work: Promise<T>): Promise<{ value: T; gapMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 5);
  try {
    return { value: await work, gapMs };
  } finally {
    clearInterval(timer);
  }
}

describe('a database locked by another connection', () => {
  it('stores a message once the lock is released, with the event loop free meanwhile', async () => {
    const { store, release } = lockedStore();
    const released = new Promise<number>((resolve) =>
      setTimeout(() => {
        release();
        resolve(performance.now());
      }, 400),
    );
    const { value: saved, gapMs } = await worstGapDuring(store.messages.add(message(1)));
    const done = performance.now();
    expect(saved).toEqual({ id: expect.any(String), duplicate: false });
    expect(done).toBeGreaterThanOrEqual(await released);
    expect(gapMs).toBeLessThan(50);
    expect((await store.messages.list(1, 10)).messages.map((m) => m.email)).toEqual(['ana1@example.com']);
  });

  it('still reads while another connection writes (WAL), without waiting', async () => {
    const { store, lock } = lockedStore();
    lock.exec('CREATE TABLE other_tool (x); INSERT INTO other_tool VALUES (1)');
    const start = performance.now();
    expect((await store.messages.list(1, 10)).total).toBe(0);
    expect(performance.now() - start).toBeLessThan(50);
  });

  it('fails what is queued at once on shutdown, rather than waiting or losing it silently', async () => {
    const { store } = lockedStore();
    const pending = store.messages.add(message(2));
    await new Promise((r) => setTimeout(r, 30));
    store.close();
    await expect(pending).rejects.toBeInstanceOf(StoreBusyError);
  });
});

describe('createBatcher with a locked database', () => {
  const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

  it('tries again with backoff until the lock is gone', async () => {
    let attempts = 0;
    const batcher = createBatcher<number, number>((items) => {
      if (++attempts < 4) throw busy;
      return items.map((n) => n * 2);
    });
    await expect(Promise.all([batcher.submit(1), batcher.submit(2)])).resolves.toEqual([2, 4]);
    expect(attempts).toBe(4);
  });

  it('fails an item with StoreBusyError once it waited its budget', async () => {
    let attempts = 0;
    const batcher = createBatcher<number, number>(
      () => {
        attempts++;
        throw busy;
      },
      256,
      { ...BUSY_RETRY, budgetMs: 120 },
    );
    const start = performance.now();
    const error = await batcher.submit(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreBusyError);
    expect(performance.now() - start).toBeGreaterThanOrEqual(120);
    // Backoff, not a spin: 5, 10, 20, 40, 80 ms apart.
    expect(attempts).toBeLessThan(10);
  });

  it('fails a batch at once on any other error', async () => {
    const batcher = createBatcher<number, number>(() => {
      throw new Error('disk I/O error');
    });
    await expect(batcher.submit(1)).rejects.toThrow('disk I/O error');
  });
});

describe('the server with a busy store', () => {
  it('answers a read the lock refused with 503, Retry-After and the one failure shape', async () => {
    const store = memoryStore();
    store.list = () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    const res = await testApp({ messages: store }).request('/api/messages', {}, fromAddress('127.0.0.1'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      success: false,
      error: 'The server is busy: nothing was changed. Please try again in a few seconds.',
      message: 'The server is busy: nothing was changed. Please try again in a few seconds.',
    });
  });
});
