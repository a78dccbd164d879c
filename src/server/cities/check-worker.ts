import { createHash } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createCheckCache, type CachedInput, type CheckCache } from '../../check/check-cache.js';
import type { CheckReport } from '../../check/run-check.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { Placement } from '../../pages/placement.js';
import { checkText } from './yaml.js';
import { workerBundle } from '../workers/worker-bundle.js';

/**
 * The admin's doorway check off the event loop: reading every saved city's YAML and `checkSites`
 * (about 30 ms a city read afresh: 1.5 s for 50 cities, during which the server would answer
 * nobody) run on a worker thread. The worker is the built bundle loaded once more (lib/*.js, as
 * leads/seal-worker.ts); the TypeScript sources under test, and a server whose worker fails, check
 * on this thread.
 *
 * Each city's own text is kept between checks (check/check-cache.ts), by the city's slug and a hash
 * of its YAML (or config) and placement, so a check after one save reads one city (issue 39 item 7).
 * The worker holds the cache, and stays up between checks, because:
 * - the check runs there: what is kept is used where it was made, and nothing but the jobs (YAML
 *   strings) and the report crosses threads; the main thread sending 50 cities' kept texts,
 *   configs and words to a worker at each check would clone them every time;
 * - a worker started for each check loads the bundle again (hundreds of milliseconds on this
 *   2-core machine, more than the check itself once the texts are kept).
 * A cache a check names (`scope`: the saved cities, the brand site's listed ones) drops the cities
 * its last check did not have, so deleted cities leave it.
 */
export interface CheckJob {
  slug: string;
  /** A saved version's YAML, read (and left out when the schema no longer takes it) where the check runs. */
  yaml?: string;
  /** The version's CityVersion.legacyFacts: its YAML is read with the facts it published. */
  legacyFacts?: true;
  /** Or a config already read (what the admin generated). */
  config?: ClinicConfig;
  /**
   * The city as a location of the brand site, placed as the brand's deploy places it: read by the
   * pages the brand site publishes for it (CheckInput.placement). Absent: its stand-alone site.
   */
  placement?: Placement;
}

const MARK = 'clinic-gen-check-worker';

/** Scopes kept (the saved cities, the brand site's listed ones, and a few more for tests and odd callers). */
const SCOPES = 4;
const caches = new Map<string, CheckCache>();

function cacheOf(scope: string): CheckCache {
  const had = caches.get(scope) ?? createCheckCache();
  caches.delete(scope);
  caches.set(scope, had);
  while (caches.size > SCOPES) caches.delete(caches.keys().next().value!);
  return had;
}

/** A job as the cache reads it: keyed by what it is read from; its YAML read only when new. */
function cachedOf(j: CheckJob): CachedInput {
  const what = j.yaml !== undefined ? `yaml${j.legacyFacts ? '+facts' : ''}\0${j.yaml}` : `config\0${JSON.stringify(j.config ?? null)}`;
  const key = createHash('sha256').update(what).update(`\0${JSON.stringify(j.placement ?? null)}`).digest('base64url');
  return {
    source: j.slug,
    key,
    read: () => {
      const config = j.config ?? (j.yaml === undefined ? undefined : readYaml(j.slug, j.yaml, j.legacyFacts));
      return config && { config, ...(j.placement ? { placement: j.placement } : {}) };
    },
  };
}

function readYaml(slug: string, yaml: string, publishedFacts?: true): ClinicConfig | undefined {
  const read = checkText(`${slug}.yaml`, yaml, { publishedFacts });
  return read.ok ? read.config : undefined;
}

/** The check of the jobs on this thread, with the cache of `scope`. */
function checkHere(jobs: readonly CheckJob[], scope: string): CheckReport {
  return cacheOf(scope).check(jobs.map(cachedOf));
}

interface Channel {
  worker: Worker;
  pending: Map<number, (report: CheckReport | undefined) => void>;
  next: number;
}
const channels = new Map<string, Channel>();

/**
 * checkSites over the jobs, on the worker thread loaded from `workerUrl` when there is one (started
 * by the first check, kept for the next); else here. `scope` names the set of cities whose texts
 * are kept (check-cache.ts): a check of another set does not evict them.
 */
export async function checkOffThread(jobs: readonly CheckJob[], workerUrl: URL | undefined = workerBundle(import.meta.url), scope = 'default'): Promise<CheckReport> {
  const here = () => checkHere(jobs, scope);
  const channel = workerUrl && channelOf(workerUrl);
  if (!channel) return here();
  return new Promise<CheckReport>((resolve, reject) => {
    const id = channel.next++;
    channel.pending.set(id, (report) => {
      if (report) return resolve(report);
      // The worker failed (or could not load): the check is made here, as without one.
      try {
        resolve(here());
      } catch (err) {
        reject(err);
      }
    });
    // Held while a check is pending; an idle worker does not keep the process alive.
    channel.worker.ref();
    channel.worker.postMessage({ id, jobs, scope });
  });
}

function channelOf(url: URL): Channel | undefined {
  const had = channels.get(url.href);
  if (had) return had;
  let worker: Worker;
  try {
    worker = new Worker(url, { workerData: { [MARK]: true } });
  } catch {
    return undefined;
  }
  const channel: Channel = { worker, pending: new Map(), next: 0 };
  channels.set(url.href, channel);
  worker.unref();
  worker.on('message', (reply: { id: number; report?: CheckReport }) => {
    const settle = channel.pending.get(reply.id);
    if (!settle) return;
    channel.pending.delete(reply.id);
    if (channel.pending.size === 0) worker.unref();
    settle(reply.report);
  });
  // A worker that fails or exits is forgotten (the next check starts another); its pending checks are made here.
  const broken = () => {
    if (channels.get(url.href) === channel) channels.delete(url.href);
    const waiting = [...channel.pending.values()];
    channel.pending.clear();
    void worker.terminate();
    for (const settle of waiting) settle(undefined);
  };
  worker.on('error', broken);
  worker.on('exit', broken);
  return channel;
}

/** Stops the check workers this thread started (their kept texts go with them). */
export async function stopCheckWorkers(): Promise<void> {
  const all = [...channels.values()];
  channels.clear();
  await Promise.all(all.map((c) => c.worker.terminate()));
}

/** Inside a worker started by checkOffThread: each check sent, answered with its report, the cache kept between them. */
function runCheckWorkerIfAny(): void {
  if (isMainThread || !(workerData as Record<string, unknown> | null)?.[MARK]) return;
  parentPort!.on('message', ({ id, jobs, scope }: { id: number; jobs: CheckJob[]; scope: string }) => {
    try {
      parentPort!.postMessage({ id, report: checkHere(jobs, scope) });
    } catch (err) {
      parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}

runCheckWorkerIfAny();
