import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { checkSites, type CheckInput, type CheckReport } from '../../check/run-check.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { Placement } from '../../pages/placement.js';
import { checkText } from './yaml.js';
import { workerBundle } from '../workers/worker-bundle.js';

/**
 * The admin's doorway check off the event loop: reading every saved city's YAML and `checkSites`
 * (about 6 ms a city: 6 s for 1,000 cities, during which the server would answer nobody) run on a
 * worker thread started for the check. The worker is the built bundle loaded once more (lib/*.js,
 * as leads/seal-worker.ts); the TypeScript sources under test, and a server whose worker fails,
 * check on this thread.
 */
export interface CheckJob {
  slug: string;
  /** A saved version's YAML, read (and left out when the schema no longer takes it) where the check runs. */
  yaml?: string;
  /** Or a config already read (what the admin generated). */
  config?: ClinicConfig;
  /**
   * The city as a location of the brand site, placed as the brand's deploy places it: read by the
   * pages the brand site publishes for it (CheckInput.placement). Absent: its stand-alone site.
   */
  placement?: Placement;
}

const MARK = 'clinic-gen-check-worker';

/** The inputs of checkSites from the jobs: each job's config, its YAML read when given as YAML. */
function inputsOf(jobs: readonly CheckJob[]): CheckInput[] {
  const inputs: CheckInput[] = [];
  for (const j of jobs) {
    const config = j.config ?? (j.yaml === undefined ? undefined : readYaml(j.slug, j.yaml));
    if (config) inputs.push({ source: j.slug, config, ...(j.placement ? { placement: j.placement } : {}) });
  }
  return inputs;
}

function readYaml(slug: string, yaml: string): ClinicConfig | undefined {
  const read = checkText(`${slug}.yaml`, yaml, { stored: true });
  return read.ok ? read.config : undefined;
}

/** checkSites over the jobs, on a worker thread loaded from `workerUrl` when there is one; else here. */
export async function checkOffThread(jobs: readonly CheckJob[], workerUrl: URL | undefined = workerBundle(import.meta.url)): Promise<CheckReport> {
  const here = () => checkSites(inputsOf(jobs));
  if (!workerUrl) return here();
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, { workerData: { [MARK]: true, jobs } });
  } catch {
    return here();
  }
  return new Promise<CheckReport>((resolve, reject) => {
    let settled = false;
    const fallBack = () => {
      if (settled) return;
      settled = true;
      // The worker failed (or could not load): the check is made here, as without one.
      try {
        resolve(here());
      } catch (err) {
        reject(err);
      }
    };
    worker.once('message', (reply: { report?: CheckReport; error?: string }) => {
      if (settled) return;
      if (!reply.report) return fallBack();
      settled = true;
      resolve(reply.report);
      void worker.terminate();
    });
    worker.once('error', fallBack);
    worker.once('exit', fallBack);
  });
}


/** Inside a worker started by checkOffThread: the check of its jobs, sent back once. */
function runCheckWorkerIfAny(): void {
  if (isMainThread || !(workerData as Record<string, unknown> | null)?.[MARK]) return;
  const { jobs } = workerData as { jobs: CheckJob[] };
  try {
    parentPort!.postMessage({ report: checkSites(inputsOf(jobs)) });
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
}

runCheckWorkerIfAny();
