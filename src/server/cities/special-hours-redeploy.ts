import type { SpecialHoursEntry } from '../../config/special-hours.js';
import { addDays, lastDay } from '../../config/special-hours-days.js';
import { cityTimeZone, localDate } from '../../config/time-zone.js';
import type { ReleaseStore } from '../releases/index.js';
import { errorFields, silentLogger, type Logger } from '../log/logger.js';
import type { DeployPlace, VersionDeployer } from './deploy-version.js';
import type { CityStore } from './types.js';
import { checkVersion } from './yaml.js';
import { repeatInBackground } from '../workers/repeat.js';

/**
 * Special hours that expire by themselves on live sites (issue 23 item 4): a site shows the
 * special hours ahead as of its build day, so when one of a city's entries starts (its first day
 * begins) or ends (the day after its last day begins), in the city's time zone, the live site is
 * out of date. Every few minutes each server looks for live, unpinned cities with such a boundary
 * since their live release was built, and redeploys them from the saved config version that is
 * live (never edits saved since and not deployed), through the deployer every deploy uses. One
 * audit record per redeploy, by the server. With several servers on one database a boundary is
 * claimed once (CityStore.claimFlag: a conditional insert), so one server redeploys it.
 */

/** How often a server looks (the retention purge looks hourly; a boundary is at midnight). */
export const SPECIAL_HOURS_CHECK_MS = 5 * 60 * 1000;

/**
 * Where the redeploy is recorded: the audit trail (audit/trail.ts), named by its shape as
 * leads/retention.ts does.
 */
export interface RedeployRecorder {
  record(entry: { actorId: string; actorLabel: string; address: string; action: string; object: string; city: string; outcome: number }): Promise<void>;
}

export interface SpecialHoursRedeployDeps {
  cities: CityStore;
  releases: ReleaseStore;
  deployer: VersionDeployer;
  audit: RedeployRecorder;
  now: () => Date;
  /**
   * Where a redeployed site posts its form when its live contact page does not say (PUBLIC_URL,
   * else the admin listener), and the URL the server's own names are read from.
   */
  place: DeployPlace;
  /** This server, in the claim (which one took it, for whoever reads the store). */
  serverId?: string;
  logger?: Logger;
}

/** The days on which what a set of entries shows changes, each with what happens on it: "Thanksgiving started". */
export function specialHoursBoundaries(entries: readonly Pick<SpecialHoursEntry, 'label' | 'date' | 'through'>[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (day: string, what: string) => out.set(day, [...(out.get(day) ?? []), what]);
  for (const e of entries) {
    add(e.date, `${e.label} started`);
    add(addDays(lastDay(e), 1), `${e.label} ended`);
  }
  return out;
}

/** The latest boundary day after `builtDay` and on or before `today`, with its reasons; none when there is none. */
export function passedBoundary(boundaries: Map<string, string[]>, builtDay: string, today: string): { day: string; reasons: string[] } | undefined {
  let best: string | undefined;
  for (const day of boundaries.keys()) if (day > builtDay && day <= today && (best === undefined || day > best)) best = day;
  return best === undefined ? undefined : { day: best, reasons: boundaries.get(best)! };
}

/** The origin a live site's form posts to, read from its contact page (`data-endpoint`). */
async function liveFormOrigin(releases: ReleaseStore, slug: string): Promise<string | undefined> {
  const page = await releases.readLive(slug, 'contact/index.html');
  if (!page) return undefined;
  const m = /data-endpoint="([^"]+)"/.exec(new TextDecoder().decode(page));
  if (!m) return undefined;
  try {
    const url = new URL(m[1]!.replace(/&amp;/g, '&'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface AutoRedeploy {
  slug: string;
  day: string;
  reason: string;
  ok: boolean;
  releaseId?: string;
  error?: string;
}

/** One look: redeploys each live city due, once across servers; answers what this server did. */
export async function redeployForSpecialHours(d: SpecialHoursRedeployDeps): Promise<AutoRedeploy[]> {
  const logger = d.logger ?? silentLogger;
  const now = d.now();
  const [live, pins] = await Promise.all([d.releases.list(), d.cities.pins()]);
  const pinned = new Set(pins.map((p) => p.slug));
  const done: AutoRedeploy[] = [];
  for (const { siteName: slug, release } of live) {
    // A rollback's pin stands: the operator chose that release.
    if (pinned.has(slug) || release.citySlug !== slug || release.configVersion === undefined) continue;
    try {
      const version = await d.cities.version(slug, release.configVersion);
      if (!version) continue;
      const read = checkVersion(version);
      if (!read.ok || read.config.specialHours.length === 0) continue;
      const zone = cityTimeZone(read.config);
      const due = passedBoundary(specialHoursBoundaries(read.config.specialHours), localDate(new Date(release.createdAt), zone), localDate(now, zone));
      if (!due) continue;
      // One server takes it: the key names the release it replaces, so it is done once for it.
      if (!(await d.cities.claimFlag(`special-hours-redeploy:${slug}:${due.day}:${release.id}`, d.serverId ?? 'server'))) continue;
      const reason = `special hours: ${due.reasons.join(', ')}`;
      const origin = await liveFormOrigin(d.releases, slug);
      const out = await d.deployer.deploy(version, origin ? { ...d.place, serverOrigin: origin } : d.place, { buildTime: now });
      const object = `city=${slug} version=${version.version}${out.ok ? ` release=${out.release.id}` : ''} reason=${reason}`;
      await d.audit.record({ actorId: 'server', actorLabel: 'clinic-gen serve', address: 'local', action: 'city.auto_redeploy', object, city: slug, outcome: out.ok ? 200 : out.status });
      if (out.ok) logger.info('city.auto_redeployed', { slug, version: version.version, release: out.release.id, reason });
      else logger.error('city.auto_redeploy_failed', { slug, version: version.version, reason, error: out.error });
      done.push({ slug, day: due.day, reason, ok: out.ok, ...(out.ok ? { releaseId: out.release.id } : { error: out.error }) });
    } catch (err) {
      logger.error('city.auto_redeploy_failed', { slug, ...errorFields(err) });
    }
  }
  return done;
}

/**
 * Runs redeployForSpecialHours now and every `everyMs`; the timer never keeps the process alive.
 * Answers a stop, which waits for a look under way (its deploy) to end.
 */
export function scheduleSpecialHoursRedeploy(d: SpecialHoursRedeployDeps & { everyMs?: number }): () => Promise<void> {
  return repeatInBackground(() => redeployForSpecialHours(d).catch((err: unknown) => d.logger?.error('city.auto_redeploy_failed', errorFields(err))), d.everyMs ?? SPECIAL_HOURS_CHECK_MS);
}
