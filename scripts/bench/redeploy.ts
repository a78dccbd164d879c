import { randomBytes } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import jsyaml from 'js-yaml';
import { parseConfigText } from '../../src/config/load.js';
import type { ClinicConfig } from '../../src/config/schema.js';
import { citySlug } from '../../src/config/slug.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { createReleaseStore } from '../../src/server/releases/disk-store.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { serveClinic } from '../../src/server/serve.js';
import { dirAssetSource } from '../../src/site/asset-source.js';
import { fileBytes } from '../../src/model/files.js';
import { buildSiteFiles } from '../../src/site/pipeline.js';
import { benchOwner } from './owner.js';

/**
 * `npm run bench -- redeploy`: redeploy-all of 100 stored cities, each deployed once before
 * (docs/decisions/012-stored-cities.md; budget: at most 3 s for 100 cities). Everything runs on a
 * data folder on the disk the caller names, with the release store's default durability (every file
 * and folder fsynced).
 *
 * Two parts. `api`: the real server on loopback, 100 cities saved with POST /api/cities and
 * deployed with POST /api/cities/:slug/deploy, then POST /api/cities/redeploy-all polled until it
 * ends, twice: with the configs unchanged, and after every city's phone changed (every page new,
 * as after an upgrade of clinic-gen; scripts, styles and images the same). `store`: the release
 * store alone, the same cities one after the other, timed step by step (build; deploy with and
 * without fsync), to show where the time goes.
 */
export const REDEPLOY_BUDGET_MS = 3000;

export interface RedeployBenchOptions {
  /** Folder on the disk deploys will use; the data folders go under it. */
  dir: string;
  cities?: number;
  configPath?: string;
}

/** Wall time of a whole run and the time per city (median, p90). */
export interface RunFigures {
  wallMs: number;
  medianMs: number;
  p90Ms: number;
}

export interface ApiRun extends RunFigures {
  state: string;
  ok: number;
  failed: number;
  /** CPU time of the whole process (main thread and libuv's pool, user and system) during the run, and the system part. */
  cpuMs: number;
  sysMs: number;
  /** Share of the run the main thread was busy (event loop utilization, 0..1). */
  mainBusy: number;
}

export interface RedeployBenchResult {
  cities: number;
  /** Files and bytes of one city's site. */
  site: { files: number; bytes: number };
  api: {
    /** Redeploy-all with the stored configs as they were deployed (the pages come out the same). */
    unchanged: ApiRun;
    /** Redeploy-all after every city's phone changed: every page is new, as after an upgrade. */
    changed: ApiRun;
    /** Of the live releases' files after the second run, those sharing their bytes with an earlier release (hard links). */
    linkedFiles: { linked: number; files: number };
  };
  /** The release store alone, one city after the other, every page changed: where a deploy's time goes. */
  store: {
    durable: RunFigures & { buildMedianMs: number; deployMedianMs: number };
    /** The same without fsync: the difference is what durability costs. */
    noSync: RunFigures & { deployMedianMs: number };
  };
}

type City = ReturnType<typeof cityConfigs>[number];

/** Tampa's config with another city name and domain for each `i` (`North Lake Springs`...), and a second phone number. */
export function cityConfigs(configPath: string, count: number) {
  const text = readFileSync(configPath, 'utf8');
  const words = ['North', 'South', 'East', 'West', 'Lake', 'Palm', 'Cedar', 'Oak', 'Pine', 'River'];
  return Array.from({ length: count }, (_, i) => {
    const name = `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${words[Math.floor(i / 100) % 10]} Springs`;
    const yaml = text.replace(/^city: .*$/m, `city: ${name}`).replace(/^domainName: .*$/m, `domainName: site${i}.example.com`);
    const loaded = parseConfigText(yaml, `city-${i}.yaml`);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    const input = jsyaml.load(yaml, { schema: jsyaml.CORE_SCHEMA }) as Record<string, unknown>;
    const newPhone = `(941) 555-01${String(i % 100).padStart(2, '0')}`;
    return { slug: citySlug(name), input, config: loaded.config, changed: { input: { ...input, phone: newPhone }, config: { ...loaded.config, phone: newPhone } } };
  });
}

export async function benchRedeploy(o: RedeployBenchOptions): Promise<RedeployBenchResult> {
  const count = o.cities ?? 100;
  const configPath = o.configPath ?? 'configs/tampa.yaml';
  const configs = cityConfigs(configPath, count);
  const assets = dirAssetSource(path.dirname(configPath));
  const build = async (config: ClinicConfig) => {
    const site = await buildSiteFiles(config, assets, { contactEndpoint: 'https://clinic.example.com/api/contact' });
    if (!site.ok) throw new Error(site.errors.map((e) => e.message).join('\n'));
    return new Map(Object.entries(site.files).map(([name, content]) => [name, fileBytes(content)]));
  };
  const sample = await build(configs[0]!.config);
  const site = { files: sample.size, bytes: [...sample.values()].reduce((n, b) => n + b.byteLength, 0) };
  const api = await apiRuns(o.dir, configs);

  /** Every city deployed once, then the timed second round with the changed phone. */
  async function storeRun(durable: boolean) {
    const root = mkdtempSync(path.join(o.dir, 'clinic-redeploy-store-'));
    try {
      const store = createReleaseStore({ root, durable });
      const deploy = async (slug: string, config: ClinicConfig) => {
        const t = performance.now();
        const files = await build(config);
        const built = performance.now();
        const r = await store.deploy(slug, { files, domainName: config.domainName, city: config.city, businessName: config.businessName, config });
        if (!r.ok) throw new Error(r.error);
        return { build: built - t, deploy: performance.now() - built, total: performance.now() - t };
      };
      for (const c of configs) await deploy(c.slug, c.config);
      const start = performance.now();
      const runs = [];
      for (const c of configs) runs.push(await deploy(c.slug, c.changed.config));
      return { wallMs: performance.now() - start, runs };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  const durable = await storeRun(true);
  const noSync = await storeRun(false);
  const figures = (r: typeof durable) => ({ wallMs: round(r.wallMs), medianMs: round(quantile(r.runs.map((x) => x.total), 0.5)), p90Ms: round(quantile(r.runs.map((x) => x.total), 0.9)) });
  const deployMedian = (r: typeof durable) => round(quantile(r.runs.map((x) => x.deploy), 0.5));
  return {
    cities: count,
    site,
    api,
    store: {
      durable: { ...figures(durable), buildMedianMs: round(quantile(durable.runs.map((x) => x.build), 0.5)), deployMedianMs: deployMedian(durable) },
      noSync: { ...figures(noSync), deployMedianMs: deployMedian(noSync) },
    },
  };
}

interface RunBody {
  run: { id: string; state: string; finishedAt?: string; items: { state: string }[] };
}

/** The real server on loopback: the cities saved and deployed, then redeploy-all twice (also run alone when profiling). */
export async function apiRuns(dir: string, configs: City[]): Promise<RedeployBenchResult['api']> {
  const dataDir = mkdtempSync(path.join(dir, 'clinic-redeploy-api-'));
  // The sample configs stay out: the bench saves its own cities.
  // A data key of its own: without one the server would make a key file in the user's configuration folder.
  const settings = resolveServerConfig({ flags: { port: 0, dataDir, rateLimit: 0, seedSamples: false }, env: { DATA_KEY: randomBytes(32).toString('base64') } });
  if (!settings.ok) throw new Error(settings.errors.join('\n'));
  const server = await serveClinic({ clinic: configs[0]!.config, server: settings.config, files: { 'index.html': '' }, logger: silentLogger });
  // The admin API as a script calls it: an owner's token, through the real guard.
  const { authorization } = await benchOwner(server.store);
  const call = async (method: string, url: string, body?: unknown) => {
    const headers = { Authorization: authorization, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    const res = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };

  /** One redeploy-all, polled until it ends (bounded at two minutes). */
  const redeployAll = async (): Promise<ApiRun> => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    let run = (await call('POST', '/api/cities/redeploy-all', {})).body.run as RunBody['run'];
    // Polled as the admin does (500 ms; the wall time is the server's own finishedAt), at most two minutes.
    for (let i = 0; run.state === 'running' && i < 240; i++) {
      await new Promise((r) => setTimeout(r, 500));
      run = (await call('GET', `/api/redeploys/${run.id}`)).body.run as RunBody['run'];
    }
    const used = process.cpuUsage(cpu);
    const busy = performance.eventLoopUtilization(loop).utilization;
    // Per city: from the moment its release got its id (in the store, after the build) to the
    // moment the run recorded it live: writing, fsync, the switch and the record. Cities overlap
    // (the runner works on several at once), so these add up to more than the wall time.
    const db = new Database(server.store.location, { readonly: true });
    const rows = db.prepare('SELECT release_id AS id, finished_at AS at FROM redeploy_items WHERE run_id = ? AND release_id IS NOT NULL').all(run.id) as { id: string; at: string }[];
    db.close();
    const per = rows.map((r) => Date.parse(r.at) - releaseMs(r.id));
    return {
      wallMs: (run.finishedAt ? Date.parse(run.finishedAt) : Date.now()) - started,
      medianMs: round(quantile(per, 0.5)),
      p90Ms: round(quantile(per, 0.9)),
      state: run.state,
      ok: run.items.filter((it) => it.state === 'ok').length,
      failed: run.items.filter((it) => it.state === 'failed').length,
      cpuMs: Math.round((used.user + used.system) / 1000),
      sysMs: Math.round(used.system / 1000),
      mainBusy: Math.round(busy * 100) / 100,
    };
  };

  try {
    for (const c of configs) await call('POST', '/api/cities', { config: c.input });
    // Generated cities share their text (the doorway check fails them): confirmed, as an operator would.
    for (const c of configs) await call('POST', `/api/cities/${c.slug}/deploy`, { confirmDoorway: true });
    const unchanged = await redeployAll();
    for (const c of configs) await call('PUT', `/api/cities/${c.slug}`, { config: c.changed.input });
    const changed = await redeployAll();
    const linkedFiles = { linked: 0, files: 0 };
    for (const c of configs) {
      const live = path.join(dataDir, 'deployments', c.slug, 'current');
      for (const name of readdirSync(live, { recursive: true })) {
        const st = lstatSync(path.join(live, String(name)));
        if (!st.isFile()) continue;
        linkedFiles.files++;
        if (st.nlink > 1) linkedFiles.linked++;
      }
    }
    return { unchanged, changed, linkedFiles };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `20241121T235501123Z-...` -> epoch milliseconds. */
function releaseMs(id: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id)!;
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`);
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
