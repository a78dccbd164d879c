import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseConfigText } from '../../src/config/load.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { serveClinic } from '../../src/server/serve.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { doorwayCities } from './doorway-cities.js';
import { benchOwner } from './owner.js';

/**
 * `npm run bench -- doorway` (issue 39 item 7): the doorway check after a save, on the real server
 * on loopback with 50 saved cities (doorway-cities.ts: the samples made fifty Florida clinics with
 * local content of their own). Budget: 300 ms for the check after a save of one city, idle.
 *
 * The server is started, the 50 cities saved (POST /api/cities), then GET /api/doorway-check as
 * the admin asks it after a save: first cold (the check's worker started, every city read), then
 * `runs` times a save of one city's own text (PUT /api/cities/:slug, another city each time) and
 * the check after it, timed alone; then the same with a save that changes a city's phone (every
 * city's names and numbers are set aside in the check, so that one is read otherwise).
 */
export const DOORWAY_BUDGET_MS = 300;

export interface DoorwayBenchOptions {
  /** The repository's folder (configs/ is read from it). */
  root: string;
  /** Folder for the server's data folder. */
  dir: string;
  cities?: number;
  runs?: number;
}

export interface DoorwayBenchResult {
  cities: number;
  /** The first check: the worker started, every city read. */
  coldMs: number;
  /** The check after a save of one city's local text, each run. */
  afterSaveMs: number[];
  /** The check after a save of one city's phone, each run. */
  afterPhoneMs: number[];
  /** The saves themselves (PUT), each run: context. */
  saveMs: number[];
  failCount: number;
  highestScore: number;
}

export async function benchDoorway(o: DoorwayBenchOptions): Promise<DoorwayBenchResult> {
  const count = o.cities ?? 50;
  const runs = o.runs ?? 5;
  const cities = doorwayCities(o.root, count);
  for (const c of cities) {
    // A config the schema refuses would be a bench that measures an error answer.
    const read = parseConfigText(JSON.stringify(c.input), `${c.slug}.yaml`);
    if (!read.ok) throw new Error(read.errors.join('\n'));
  }
  const dataDir = mkdtempSync(path.join(o.dir, 'clinic-doorway-'));
  // A data key of its own: without one the server would make a key file in the user's configuration folder.
  const settings = resolveServerConfig({ flags: { port: 0, dataDir, rateLimit: 0, seedSamples: false }, env: { DATA_KEY: randomBytes(32).toString('base64') } });
  if (!settings.ok) throw new Error(settings.errors.join('\n'));
  const first = parseConfigText(JSON.stringify(cities[0]!.input), 'first.yaml');
  if (!first.ok) throw new Error(first.errors.join('\n'));
  const server = await serveClinic({ clinic: first.config, server: settings.config, files: { 'index.html': '' }, logger: silentLogger });
  try {
    const { authorization } = await benchOwner(server.store);
    const call = async (method: string, url: string, body?: unknown) => {
      const headers = { Authorization: authorization, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
      const res = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const timed = async <T>(f: () => Promise<T>) => {
      const t = performance.now();
      const value = await f();
      return { ms: performance.now() - t, value };
    };
    const check = () => timed(() => call('GET', '/api/doorway-check') as Promise<{ failCount: number; cities: { slug: string; score: number }[] }>);

    for (const c of cities) await call('POST', '/api/cities', { config: c.input });
    const cold = await check();
    if (cold.value.cities.length !== count) throw new Error(`the check listed ${cold.value.cities.length} cities, not ${count}`);

    const afterSaveMs: number[] = [];
    const afterPhoneMs: number[] = [];
    const saveMs: number[] = [];
    for (let k = 0; k < runs; k++) {
      const c = cities[(k * 7) % count]!;
      const lc = c.input.localContent as Record<string, unknown>;
      // An editor's save: one sentence more in the city's own text.
      c.input = { ...c.input, localContent: { ...lc, whyCity: `${String(lc.whyCity)} Edit ${k + 1}: the front desk now answers the phone from 7:00 AM on weekdays.` } };
      saveMs.push((await timed(() => call('PUT', `/api/cities/${c.slug}`, { config: c.input }))).ms);
      afterSaveMs.push((await check()).ms);
    }
    for (let k = 0; k < runs; k++) {
      const c = cities[(k * 11 + 3) % count]!;
      c.input = { ...c.input, phone: `(${String(c.input.phone).slice(1, 4)}) 555-02${String(k).padStart(2, '0')}` };
      await call('PUT', `/api/cities/${c.slug}`, { config: c.input });
      afterPhoneMs.push((await check()).ms);
    }
    const last = await check();
    return {
      cities: count,
      coldMs: cold.ms,
      afterSaveMs,
      afterPhoneMs,
      saveMs,
      failCount: last.value.failCount,
      highestScore: Math.max(...last.value.cities.map((x) => x.score)),
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
