import { upcomingSpecialHours, type SpecialHoursEntry } from '../../config/special-hours.js';
import { lastDay } from '../../config/special-hours-days.js';
import { cityTimeZone, localDate } from '../../config/time-zone.js';
import type { BulkHoursPlanLine, EntryShown } from '../../contract/special-hours.js';
import { specialHoursRow } from '../../pages/display-format.js';
import { SPECIAL_HOURS_SHOWN } from '../../pages/page-model.js';
import { bulkHoursConflict, bulkHoursNotDeployed, bulkHoursPinned, bulkHoursRefused, cityNotStored } from '../../texts/cities.js';
import type { ReleaseMeta } from '../releases/index.js';
import { prepareConfig } from './save.js';
import type { CityStore, CityVersion, NewVersion } from './types.js';
import { readYaml } from '../../config/yaml.js';
import { checkVersion } from './yaml.js';

/**
 * One special-hours entry added to several cities (issue 39 item 9), city by city: what its page
 * will say, whether the city already has special hours on one of those days (then it is left
 * alone: two entries on one day would contradict each other, and replacing the city's own is
 * not this change's to decide), whether its config takes the entry, and what happens to its site.
 * The plan and the save read a city the same way, so the preview says what the save does.
 */

/** The entry as the city's pages write it (the pages' own function), with one sentence for a list. */
export function entryShown(entry: SpecialHoursEntry): EntryShown {
  const row = specialHoursRow(entry);
  return { label: row.label, when: row.when, time: row.time, sentence: `${row.label}: ${row.when}, ${row.time}` };
}

/** What the cities' sites are now: the live releases and the rollbacks' pins, read once for all. */
export interface SitesNow {
  live: ReadonlyMap<string, ReleaseMeta>;
  pins: ReadonlyMap<string, string>;
}

export async function sitesNow(d: { cities: CityStore; releases: { list(): Promise<{ siteName: string; release: ReleaseMeta }[]> } }): Promise<SitesNow> {
  const [live, pins] = await Promise.all([d.releases.list(), d.cities.pins()]);
  return { live: new Map(live.map((l) => [l.siteName, l.release])), pins: new Map(pins.map((p) => [p.slug, p.releaseId])) };
}

/** One city read for the change: its plan line, the version it was read from and, when it takes the entry, the version to save. */
export interface CityChange {
  line: BulkHoursPlanLine;
  latest?: CityVersion;
  /** The status a save refuses it with, when it has a problem: 404 not saved, 409 a conflict, 400 its config refuses the entry. */
  refusal?: 400 | 404 | 409;
  next?: NewVersion;
}

/** The entry's days overlap an entry's of the city. */
const overlaps = (a: Pick<SpecialHoursEntry, 'date' | 'through'>, b: Pick<SpecialHoursEntry, 'date' | 'through'>) => a.date <= lastDay(b) && b.date <= lastDay(a);

/** Reads `slug` as stored now and tells what adding `entry` would do to it. */
export async function changeOf(cities: CityStore, slug: string, entry: SpecialHoursEntry, sites: SitesNow, now: Date): Promise<CityChange> {
  const latest = await cities.latest(slug);
  if (!latest) return { refusal: 404, line: { slug, city: slug, state: '', version: 0, shown: false, site: 'not-deployed', problem: cityNotStored(slug).title } };
  const pinned = sites.pins.get(slug);
  const site = pinned !== undefined ? 'pinned' : sites.live.has(slug) ? 'redeploy' : 'not-deployed';
  const siteNote = pinned !== undefined ? bulkHoursPinned(pinned).title : site === 'not-deployed' ? bulkHoursNotDeployed.title : undefined;
  const base = { slug, city: latest.city, state: latest.state, version: latest.version, site, ...(siteNote ? { siteNote } : {}) } as const;
  const read = checkVersion(latest);
  if (!read.ok) return { latest, refusal: 400, line: { ...base, shown: false, problem: bulkHoursRefused(read.errors.join('; ')).title } };
  // Listed as the pages decide it: the entries not over on the build day, in the city's time zone,
  // the home and contact pages the first SPECIAL_HOURS_SHOWN of them.
  const ahead = upcomingSpecialHours([...read.config.specialHours, entry], localDate(now, cityTimeZone(read.config)));
  const shown = ahead.slice(0, SPECIAL_HOURS_SHOWN).includes(entry);
  const own = read.config.specialHours.find((e) => overlaps(e, entry));
  if (own) {
    const conflict = entryShown(own).sentence;
    return { latest, refusal: 409, line: { ...base, shown, conflict, problem: bulkHoursConflict(latest.city, conflict).title } };
  }
  // As written: a version saved before the legal facts were required (NOTES.md decision 14) is
  // refused naming them, never saved again with the facts another city published then filled in.
  const input = readYaml(latest.yaml) as Record<string, unknown>;
  const list = Array.isArray(input.specialHours) ? input.specialHours : [];
  // Through JSON: the parsed entry leaves out what was not given (no `through: undefined` in the YAML).
  const prepared = prepareConfig({ ...input, specialHours: [...list, JSON.parse(JSON.stringify(entry)) as unknown] });
  if (!prepared.ok) {
    const problems = Object.entries(prepared.errors).map(([field, text]) => `${field}: ${text}`).join('; ');
    return { latest, refusal: 400, line: { ...base, shown, problem: bulkHoursRefused(problems).title } };
  }
  return { latest, line: { ...base, shown }, next: prepared.version };
}

/** Lets every request waiting on the event loop run before the next city (as the import does between files). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `work` on each item, at most `n` at once, in order of the list. */
export async function eachBounded<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
}
