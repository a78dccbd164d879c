import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfigFile } from '../../src/config/load.js';
import { createApp } from '../../src/server/app.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { createSealer } from '../../src/server/leads/sealing.js';
import type { NewMessage } from '../../src/server/leads/store.js';
import type { ServerStore } from '../../src/server/store/server-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite-server-store.js';
import { benchOwner, benchSecrets } from './owner.js';

/**
 * Issue 22's inbox budgets, through the real routes (guard, audit record, store, opening the sealed
 * words) with app.request, on the SQLite store of a data folder holding `count` sealed messages
 * across 20 cities: the first page of 50 <= 50 ms, a search by exact email <= 20 ms.
 */
export const INBOX_BUDGETS = { firstPageMs: 50, searchMs: 20 } as const;

const CITIES = Array.from({ length: 20 }, (_, i) => `city-${String(i + 1).padStart(2, '0')}`);
const STATUSES = ['new', 'contacted', 'booked', 'closed'] as const;

export interface InboxBenchResult {
  messages: number;
  fillMs: number;
  firstPage: { p50: number; p95: number };
  cityPage: { p50: number; p95: number };
  search: { p50: number; p95: number };
}

const pct = (xs: number[], p: number) => +[...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(1);

export async function benchInbox(o: { dir?: string; count?: number; runs?: number; configPath?: string }): Promise<InboxBenchResult> {
  const count = o.count ?? 100_000;
  const runs = o.runs ?? 30;
  const loaded = await loadConfigFile(o.configPath ?? 'configs/wesley-chapel.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const dataDir = mkdtempSync(path.join(o.dir ?? tmpdir(), 'clinic-inbox-bench-'));
  let stores: ServerStore | undefined;
  try {
    const settings = resolveServerConfig({ flags: { dataDir }, env: {} });
    if (!settings.ok) throw new Error(settings.errors.join('\n'));
    stores = openSqliteStore(dataDir);
    const secrets = benchSecrets();
    stores.messages.useSealer!(createSealer(secrets.keys, secrets.searchKey));
    const start = Date.parse('2025-01-01T00:00:00Z');
    const message = (n: number): NewMessage => {
      const site = CITIES[n % CITIES.length]!;
      return {
        firstName: `First${n}`,
        lastName: `Last${n}`,
        email: `patient${n}@example.com`,
        phone: `(813) 555-${String(n % 10_000).padStart(4, '0')}`,
        service: 'TRT Therapy',
        message: `Message ${n}: I would like to ask about a consultation.`,
        site,
        city: site.replace('city-', 'City '),
        page: 'contact/',
        origin: `https://${site}.example.com`,
        referer: '',
        registered: true,
        language: 'en',
        receivedAt: new Date(start + n * 60_000).toISOString(),
      };
    };
    // Filled through the store as posts are stored (sealed, indexed), a thousand at a time.
    const t0 = performance.now();
    for (let at = 0; at < count; at += 1000) await Promise.all(Array.from({ length: Math.min(1000, count - at) }, (_, k) => stores!.messages.add(message(at + k))));
    const fillMs = performance.now() - t0;
    // A quarter of them worked to some status, as a clinic's inbox would be.
    const ids = (await stores.inbox.page({ scope: null }, 1, 200)).items.map((i) => i.id);
    for (const [k, id] of ids.entries()) await stores.inbox.update(id, { status: STATUSES[k % 4]!, ...(k % 4 === 3 ? { closeReason: 'no_answer' as const } : {}) }, new Date().toISOString());

    const app = createApp({ clinic: loaded.config, server: settings.config, files: { 'index.html': '' }, stores, secrets });
    const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const { authorization } = await benchOwner(stores);
    const time = async (call: () => Promise<Response>) => {
      const xs: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const res = await call();
        const body = (await res.json()) as { items?: unknown[] };
        xs.push(performance.now() - t);
        if (res.status !== 200 || !body.items?.length) throw new Error(`inbox answered ${res.status} with ${body.items?.length ?? 0} items`);
      }
      return { p50: pct(xs, 0.5), p95: pct(xs, 0.95) };
    };
    const get = async (url: string) => app.request(url, { headers: { Authorization: authorization } }, loopback);
    // Warm up the statements and the page cache once, as a running server has them.
    await get('/api/inbox');
    const firstPage = await time(() => get('/api/inbox?pageSize=50'));
    const cityPage = await time(() => get('/api/inbox?pageSize=50&site=city-07&status=new'));
    let n = 0;
    const search = await time(async () =>
      app.request('/api/inbox/search', { method: 'POST', headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body: JSON.stringify({ q: `Patient${(n++ * 7919) % count}@Example.com` }) }, loopback),
    );
    return { messages: count, fillMs: Math.round(fillMs), firstPage, cityPage, search };
  } finally {
    await stores?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
