import { createHash } from 'node:crypto';
import { percent } from '../../check/advice.js';
import type { CheckReport, CityReport } from '../../check/run-check.js';
import { configDigest } from '../../config/digest.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { Placement } from '../../pages/placement.js';
import type { Message } from '../../texts/message.js';
import { doorwayNoLocalContent, doorwayTooAlike } from '../../texts/cities.js';
import type { CityStore, CityVersion } from './types.js';
import { checkOffThread, type CheckJob } from './check-worker.js';

/**
 * The doorway check over the saved cities (issue 23 item 6), for the admin: each city's score
 * against its closest sibling and its verdict (check/run-check.ts, checkSites). The check reads
 * every city's pages and compares them, on a worker thread that keeps each city's text between
 * checks (check-worker.ts: a save reads one city again), and a report is kept for the set of
 * configs it was made from (each city's slug and config digest): the admin's reads and the
 * deploys of an unchanged set use it again instead of computing it; any save makes a new set. Two
 * calls for the same set while it is computed share one computation.
 */

/** One city's line of the check as the admin reads it. */
export interface DoorwayView {
  slug: string;
  city: string;
  verdict: CityReport['verdict'];
  pass: boolean;
  score: number;
  localWords: number;
  closest: { slug: string; city: string } | null;
  advice: { field: string; status: string; message: string }[];
}

/** A deploy the check fails: why (a sentence and a hint), the city's line, and what the trail records when it is confirmed. */
export interface DoorwayFailure {
  error: Message;
  doorway: DoorwayView & { threshold: number; minLocalWords: number };
  auditObject: string;
}

export interface DoorwayCheck {
  /** The saved cities' latest versions, each as the admin reads it. */
  report(): Promise<{ report: CheckReport; cities: DoorwayView[] }>;
  /**
   * A deploy of `slug` built from `config` (a saved version, or what the admin generated), checked
   * among the other cities as saved: its failure, or undefined when it passes.
   */
  failure(slug: string, config: CityVersion | ClinicConfig): Promise<DoorwayFailure | undefined>;
}

/** Reports kept: the latest set, and a few sets with another config of one city in them. */
const KEPT = 4;

interface Entry {
  slug: string;
  digest: string;
  city: string;
  /** What the check reads: the saved YAML, or the config the admin generated. */
  job: CheckJob;
}

/**
 * `placementOf`: the brand site's doorway check (server/brand-site/service.ts) gives each listed
 * city's placement on the brand site, so that each is read by the pages the brand site publishes
 * for it (issue 36 item 8); the set's key names it, as it names the config.
 */
const entryOf = (placementOf: DoorwayCheckOptions['placementOf']) => {
  return (v: Pick<CityVersion, 'slug' | 'digest' | 'city'>, job: Omit<CheckJob, 'slug' | 'placement'>): Entry => {
    const placement = placementOf?.(v.slug);
    return {
      slug: v.slug,
      digest: placement ? `${v.digest}+${createHash('sha256').update(JSON.stringify(placement)).digest('base64url')}` : v.digest,
      city: v.city,
      job: { slug: v.slug, ...job, ...(placement ? { placement } : {}) },
    };
  };
};

export interface DoorwayCheckOptions {
  /** A city's placement on the brand site, when the check is the brand site's (CheckJob.placement). */
  placementOf?: (slug: string) => Placement | undefined;
}

export function doorwayView(r: CityReport, names: ReadonlyMap<string, string>): DoorwayView {
  return {
    slug: r.source,
    city: names.get(r.source) ?? r.city,
    verdict: r.verdict,
    pass: r.pass,
    score: r.score,
    localWords: r.localWords,
    closest: r.closest && { slug: r.closest.source, city: names.get(r.closest.source) ?? r.closest.city },
    advice: r.advice.map((a) => ({ field: a.field, status: a.status, message: a.message })),
  };
}

export function createDoorwayCheck(cities: Pick<CityStore, 'list'>, opts: DoorwayCheckOptions = {}): DoorwayCheck {
  const kept = new Map<string, Promise<CheckReport>>();
  const entry = entryOf(opts.placementOf);
  // Whose cities' texts the worker keeps between checks (check-worker.ts): the saved cities', or
  // the brand site's listed ones (read by their placement), apart so one does not evict the other.
  const scope = opts.placementOf ? 'brand-site' : 'cities';
  // Read where the check runs (check-worker.ts); a version the schema no longer takes cannot be
  // built or deployed, and is left out.
  const fromVersion = (v: CityVersion): Entry => entry(v, { yaml: v.yaml, ...(v.legacyFacts ? { legacyFacts: true } : {}) });

  function run(entries: readonly Entry[]): Promise<CheckReport> {
    const sorted = [...entries].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    const key = sorted.map((e) => `${e.slug}@${e.digest}`).join('\n');
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    // On a worker thread (check-worker.ts): the event loop goes on answering meanwhile.
    const made = checkOffThread(sorted.map((e) => e.job), undefined, scope);
    kept.set(key, made);
    // A failure is not kept: the next call tries again.
    made.catch(() => kept.delete(key));
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return made;
  }

  const namesOf = (entries: readonly Entry[]) => new Map(entries.map((e) => [e.slug, e.city]));

  return {
    async report() {
      const entries = (await cities.list()).map(fromVersion);
      const report = await run(entries);
      const names = namesOf(entries);
      return { report, cities: report.cities.map((r) => doorwayView(r, names)) };
    },
    async failure(slug, given) {
      const made: Entry = 'yaml' in given ? fromVersion(given) : entry({ slug, digest: configDigest(given), city: given.city }, { config: given });
      const entries = [...(await cities.list()).filter((v) => v.slug !== slug).map(fromVersion), made];
      const report = await run(entries);
      const line = report.cities.find((c) => c.source === slug);
      if (!line || line.pass) return undefined;
      const names = namesOf(entries);
      const view = doorwayView(line, names);
      const error =
        view.verdict === 'too-alike' && view.closest
          ? doorwayTooAlike(view.city, percent(view.score), view.closest.city, percent(report.threshold))
          : doorwayNoLocalContent(view.city, view.localWords, report.minLocalWords);
      return {
        error,
        doorway: { ...view, threshold: report.threshold, minLocalWords: report.minLocalWords },
        auditObject: `doorway=confirmed verdict=${view.verdict} score=${view.score.toFixed(2)}${view.closest ? ` closest=${view.closest.slug}` : ''}`,
      };
    },
  };
}
