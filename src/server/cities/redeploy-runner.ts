import { randomUUID } from 'node:crypto';
import type { ClinicConfig } from '../../config/schema.js';
import { parseConfigText } from '../../config/load.js';
import { buildInstant } from '../../config/time-zone.js';
import { redeployCityGone, redeployCityOffline, redeployCityPinned } from '../../texts/cities.js';
import type { Message } from '../../texts/message.js';
import { textOf } from '../http/api-error.js';
import { builtFrom, sameBuild } from './built.js';
import type { ReleaseStore } from '../releases/index.js';
import { errorFields, silentLogger, type Logger } from '../log/logger.js';
import type { DeployPlace, VersionDeployer } from './deploy-version.js';
import { RUN_STOPPED, type CityStore, type RunItem, type RunRecord, type SkippedCity } from './types.js';

/**
 * Redeploy-all, run by the server whatever the browser does (docs/decisions/012-stored-cities.md):
 * every live city (deployed, not deleted, not pinned by a rollback) rebuilt from its latest stored
 * version and deployed again, one failure not stopping the others; the pinned ones are listed as
 * skipped. Each item's progress is written as it happens, so
 * after a crash the start-up marks the run interrupted (sqlite-server-store.ts) and `reconcile` tells which
 * cities did switch. Cities are worked on `concurrency` at a time: one builds its pages (CPU)
 * while others write their files (the disk), and the release store lets different sites deploy
 * side by side.
 */
export interface RunView {
  id: string;
  state: RunRecord['state'];
  startedAt: string;
  finishedAt?: string;
  items: Omit<RunItem, 'finishedAt'>[];
  /** Live cities it left alone, and why: pinned to the release a rollback made live. */
  skipped: SkippedCity[];
  summary: { ok: number; failed: number; pending: number };
}

export type StartResult = { ok: true; run: RunView; done: Promise<RunView> } | { ok: false; run: RunView };

export interface RedeployRunner {
  /** Starts a run, unless one is running (that one comes back). `done` settles when it has finished. */
  start(place: DeployPlace): Promise<StartResult>;
  get(id: string): Promise<RunView | undefined>;
  latest(): Promise<RunView | undefined>;
  /** Lets the cities in flight finish, then ends the run as interrupted (shutdown). */
  stop(): Promise<void>;
  /**
   * After a restart: items of the interrupted runs that were deploying when the process died, and
   * whose city is live with exactly that version since the run began, did switch: marked ok.
   */
  reconcile(runIds: readonly string[]): Promise<void>;
}

export interface RunnerDeps {
  cities: CityStore;
  releases: ReleaseStore;
  deployer: VersionDeployer;
  logger?: Logger;
  now?: () => Date;
  /** Cities worked on at once (default 8). */
  concurrency?: number;
  /** Told when a run has finished (the server's metrics): its state and how long it took. */
  onFinished?: (state: string, seconds: number) => void;
  /**
   * The brand site (brand-site/service.ts, by its shape: the cities do not depend on it): redeployed
   * with the cities when it is live and no rollback holds it, from the latest saved cities.
   */
  brandSite?: { name: string; label?: string; service: BrandSiteHook };
  /** A city's canonical address on the brand site (the deployer's canonicalFor): part of what its release was built from. */
  canonicalFor?: (slug: string, config: ClinicConfig) => Promise<string | undefined>;
}

/** What redeploy-all uses of the brand site. */
export interface BrandSiteHook {
  status(): Promise<{ live: string | null; pinned: boolean }>;
  unchanged(buildTime: Date, place: DeployPlace): Promise<boolean>;
  deploy(place: DeployPlace, options: { confirmDoorway: boolean }): Promise<{ ok: true; release: { id: string } } | { ok: false; error: Message | string }>;
}

/** A run as the API answers it. */
export function runView(r: RunRecord): RunView {
  const items = r.items.map(({ finishedAt: _f, ...item }) => item);
  const count = (pred: (i: RunItem) => boolean) => r.items.filter(pred).length;
  return {
    id: r.id,
    state: r.state,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    items,
    skipped: r.skipped,
    summary: { ok: count((i) => i.state === 'ok'), failed: count((i) => i.state === 'failed'), pending: count((i) => i.state === 'pending' || i.state === 'deploying') },
  };
}

export function createRedeployRunner(d: RunnerDeps): RedeployRunner {
  const logger = d.logger ?? silentLogger;
  const now = d.now ?? (() => new Date());
  const runs = d.cities.redeploys;
  let active: { id: string; done: Promise<RunView> } | undefined;
  let starting: Promise<unknown> = Promise.resolve();
  let stopping = false;

  const view = async (id: string) => {
    const r = await runs.get(id);
    if (!r) throw new Error(`redeploy run ${id} vanished`);
    return runView(r);
  };

  /** One city: its latest version built and deployed; every outcome recorded, none thrown. */
  async function one(runId: string, item: RunItem, place: DeployPlace): Promise<void> {
    const finished = (patch: Partial<RunItem>) => runs.update(runId, item.slug, { state: 'failed', finishedAt: now().toISOString(), ...patch });
    try {
      if (d.brandSite && item.slug === d.brandSite.name) {
        const brand = d.brandSite.service;
        const status = await brand.status();
        if (!status.live) return await finished({ error: redeployCityOffline.title });
        if (status.pinned) return await finished({ error: redeployCityPinned.title });
        await runs.update(runId, item.slug, { state: 'deploying' });
        // As the cities are redeployed: the doorway check is the operator's deploy's, not a bulk rebuild's.
        const out = await brand.deploy(place, { confirmDoorway: true });
        return await finished(out.ok ? { state: 'ok', releaseId: out.release.id } : { error: textOf(out.error) });
      }
      const latest = await d.cities.latest(item.slug);
      if (!latest) return await finished({ error: redeployCityGone.title });
      // Taken offline since the run began: redeploying would bring back what the operator removed.
      if (!(await d.releases.currentId(item.slug))) return await finished({ error: redeployCityOffline.title });
      // Rolled back since the run began: the operator's choice stands.
      if ((await d.cities.pins()).some((p) => p.slug === item.slug)) return await finished({ error: redeployCityPinned.title });
      await runs.update(runId, item.slug, { state: 'deploying', configVersion: latest.version });
      const out = await d.deployer.deploy(latest, place);
      if (!out.ok) return await finished({ error: out.error });
      // Deleted while it deployed: the delete took the site offline first, so this deploy put it back.
      if (!(await d.cities.latest(item.slug))) {
        await d.releases.remove(item.slug);
        return await finished({ error: redeployCityGone.title });
      }
      await finished({ state: 'ok', releaseId: out.release.id });
    } catch (err) {
      logger.error('redeploy.city_failed', { slug: item.slug, ...errorFields(err) });
      await finished({ error: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
    }
  }

  async function work(run: RunRecord, place: DeployPlace): Promise<RunView> {
    const queue = [...run.items];
    const workers = Math.max(1, Math.min(d.concurrency ?? 8, queue.length));
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let item = queue.shift(); item && !stopping; item = queue.shift()) await one(run.id, item, place);
      }),
    );
    await runs.finish(run.id, stopping ? 'interrupted' : 'done', now().toISOString());
    const done = await view(run.id);
    logger.info('redeploy.finished', { run: run.id, state: done.state, ...done.summary });
    d.onFinished?.(done.state, Math.max(0, (Date.parse(done.finishedAt ?? run.startedAt) - Date.parse(run.startedAt)) / 1000));
    return done;
  }

  async function begin(place: DeployPlace): Promise<StartResult> {
    if (active) return { ok: false, run: await view(active.id) };
    const [stored, live, pins] = await Promise.all([d.cities.list(), d.releases.list(), d.cities.pins()]);
    const liveSlugs = new Set(live.map((l) => l.siteName));
    const pinned = new Map(pins.map((p) => [p.slug, p.releaseId]));
    const liveCities = stored.filter((c) => liveSlugs.has(c.slug));
    const liveIds = new Map(live.map((l) => [l.siteName, l.release]));
    const at = buildInstant(process.env, now);
    // A city whose live release was built from its latest version, by this clinic-gen, showing the
    // same special hours, would be deployed byte for byte again: said, not redeployed.
    const unchanged = async (c: (typeof liveCities)[number]) => {
      const release = liveIds.get(c.slug)!;
      if (!release.built || release.configVersion !== c.version) return false;
      const read = parseConfigText(c.yaml, `${c.slug}.yaml`, { stored: true });
      if (!read.ok) return false;
      const canonical = await d.canonicalFor?.(c.slug, read.config);
      return sameBuild(release.built, builtFrom([{ slug: c.slug, version: c.version, config: read.config }], at, { origin: place.serverOrigin, canonical }));
    };
    const items: { slug: string; city: string }[] = [];
    const skipped: SkippedCity[] = [];
    for (const c of liveCities) {
      // A rolled-back city stays on the release the operator chose (issue 23): said, not redeployed.
      if (pinned.has(c.slug)) skipped.push({ slug: c.slug, city: c.city, reason: 'pinned', releaseId: pinned.get(c.slug)! });
      else if (await unchanged(c)) skipped.push({ slug: c.slug, city: c.city, reason: 'unchanged', releaseId: liveIds.get(c.slug)!.id });
      else items.push({ slug: c.slug, city: c.city });
    }
    if (d.brandSite) {
      const { name, label = 'Brand site', service } = d.brandSite;
      const status = await service.status();
      if (status.live && status.pinned) skipped.push({ slug: name, city: label, reason: 'pinned', releaseId: status.live });
      else if (status.live && (await service.unchanged(at, place))) skipped.push({ slug: name, city: label, reason: 'unchanged', releaseId: status.live });
      // After the cities: it lists them as they are saved.
      else if (status.live) items.push({ slug: name, city: label });
    }
    const created = await runs.create({ id: randomUUID(), startedAt: now().toISOString(), items, skipped });
    if (!created.ok) return { ok: false, run: runView(created.running) };
    logger.info('redeploy.started', { run: created.run.id, cities: items.length });
    const done = work(created.run, place).catch(async (err: unknown) => {
      logger.error('redeploy.failed', { run: created.run.id, ...errorFields(err) });
      await runs.finish(created.run.id, 'interrupted', now().toISOString()).catch(() => undefined);
      return view(created.run.id);
    });
    active = { id: created.run.id, done };
    void done.finally(() => {
      if (active?.id === created.run.id) active = undefined;
    });
    return { ok: true, run: runView(created.run), done };
  }

  return {
    start(place) {
      // Two clicks at once: the second waits for the first to have made its run, then is told of it.
      const next = starting.then(() => begin(place));
      starting = next.catch(() => undefined);
      return next;
    },
    get: async (id) => {
      const r = await runs.get(id);
      return r && runView(r);
    },
    latest: async () => {
      const r = await runs.latest();
      return r && runView(r);
    },
    async stop() {
      stopping = true;
      await active?.done;
    },
    async reconcile(runIds) {
      for (const id of runIds) {
        const run = await runs.get(id);
        for (const item of run?.items ?? []) {
          if (item.state !== 'failed' || item.error !== RUN_STOPPED || item.configVersion === undefined) continue;
          const liveId = await d.releases.currentId(item.slug);
          const meta = liveId ? await d.releases.meta(item.slug, liveId) : undefined;
          if (meta && meta.citySlug === item.slug && meta.configVersion === item.configVersion && meta.createdAt >= run!.startedAt) {
            await runs.update(id, item.slug, { state: 'ok', releaseId: meta.id, finishedAt: item.finishedAt });
          }
        }
      }
    },
  };
}
