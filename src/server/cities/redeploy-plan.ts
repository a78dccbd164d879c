import { expectationOf } from '../../contract/deploys.js';
import { parseConfigText } from '../../config/load.js';
import { missingFacts } from '../../config/required-facts.js';
import { readYaml } from '../../config/yaml.js';
import { INCOMPLETE } from './save.js';
import { buildInstant } from '../../config/time-zone.js';
import type { ReleaseMeta } from '../releases/index.js';
import { builtFrom, sameBuild } from './built.js';
import type { DeployPlace } from './deploy-version.js';
import type { RunnerDeps } from './redeploy-runner.js';
import type { SkippedCity } from './types.js';

/** A site redeploy-all would rebuild: a city from its saved version (the brand site has none). */
export interface PlannedItem {
  slug: string;
  city: string;
  /** The saved version it would be built from. */
  configVersion?: number;
  /** The saved version its live release was built from, when one was. */
  liveVersion?: number;
  liveReleaseId?: string;
}

/**
 * What Redeploy all would do now (issue 39 item 5): the sites it would rebuild, in the order it
 * would work them (the brand site last: it lists the cities as they are saved), and the live ones
 * it would leave alone, with why. The admin's dialog shows exactly this, the run is started only
 * if it is still what the dialog showed, and the run then does it: one function, so the three
 * cannot disagree.
 */
export interface RedeployPlan {
  items: PlannedItem[];
  skipped: SkippedCity[];
}

/** What a run is expected to do to each site, as the dialog showed it: the action and the saved version. */
export type PlanAction = 'redeploy' | 'unchanged' | 'pinned' | 'incomplete';
export type PlanExpectation = Record<string, { action: PlanAction; version?: number }>;

export async function planRedeploy(d: RunnerDeps, place: DeployPlace, now: () => Date): Promise<RedeployPlan> {
  const [stored, live, pins] = await Promise.all([d.cities.list(), d.releases.list(), d.cities.pins()]);
  const liveIds = new Map<string, ReleaseMeta>(live.map((l) => [l.siteName, l.release]));
  const pinned = new Map(pins.map((p) => [p.slug, p.releaseId]));
  const liveCities = stored.filter((c) => liveIds.has(c.slug));
  const at = buildInstant(process.env, now);
  // A city whose live release was built from its latest version, by this clinic-gen, showing the
  // same special hours, would be deployed byte for byte again: said, not redeployed.
  const unchanged = async (c: (typeof liveCities)[number]) => {
    const release = liveIds.get(c.slug)!;
    if (!release.built || release.configVersion !== c.version) return false;
    const read = parseConfigText(c.yaml, `${c.slug}.yaml`, { publishedFacts: c.legacyFacts });
    if (!read.ok) return false;
    const canonical = await d.canonicalFor?.(c.slug, read.config);
    return sameBuild(release.built, builtFrom([{ slug: c.slug, version: c.version, config: read.config }], at, { origin: place.serverOrigin, canonical }));
  };
  const items: PlannedItem[] = [];
  const skipped: SkippedCity[] = [];
  for (const c of liveCities) {
    const release = liveIds.get(c.slug)!;
    // A rolled-back city stays on the release the operator chose (issue 23): said, not redeployed.
    if (pinned.has(c.slug)) skipped.push({ slug: c.slug, city: c.city, reason: 'pinned', releaseId: pinned.get(c.slug)! });
    // A city saved without its hours or legal facts (issue 39 item 3) builds nowhere: its live site stays.
    else if (c.digest.startsWith(INCOMPLETE)) skipped.push({ slug: c.slug, city: c.city, reason: 'incomplete', releaseId: release.id, missing: missingFacts(readYaml(c.yaml)) });
    else if (await unchanged(c)) skipped.push({ slug: c.slug, city: c.city, reason: 'unchanged', releaseId: release.id });
    else items.push({ slug: c.slug, city: c.city, configVersion: c.version, liveReleaseId: release.id, ...(release.citySlug === c.slug && release.configVersion !== undefined ? { liveVersion: release.configVersion } : {}) });
  }
  if (d.brandSite) {
    const { name, label = 'Brand site', service } = d.brandSite;
    const status = await service.status();
    if (status.live && status.pinned) skipped.push({ slug: name, city: label, reason: 'pinned', releaseId: status.live });
    else if (status.live && (await service.unchanged(at, place))) skipped.push({ slug: name, city: label, reason: 'unchanged', releaseId: status.live });
    else if (status.live) items.push({ slug: name, city: label, liveReleaseId: status.live });
  }
  return { items, skipped };
}

/** True when the plan is the one expected: the same sites, each with the same action and version. */
export function samePlan(plan: RedeployPlan, expected: PlanExpectation): boolean {
  const now = expectationOf(plan);
  const keys = Object.keys(now);
  if (keys.length !== Object.keys(expected).length) return false;
  return keys.every((k) => expected[k] !== undefined && expected[k].action === now[k]!.action && expected[k].version === now[k]!.version);
}
