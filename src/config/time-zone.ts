import { lookupState } from './states.js';

/**
 * The time zone a city's dates are read in (special hours start and end at local midnight): its
 * state's, or the config's `timeZone` where a state has two. For a state with two zones the zone
 * of most of its people is the default (Florida: Eastern; the panhandle west of the Apalachicola
 * keeps Central time and names it with `timeZone: America/Chicago`).
 */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
};

/** States where part of the state keeps another time: a city there may need `timeZone`. */
export const STATES_WITH_TWO_ZONES = ['AK', 'AZ', 'FL', 'ID', 'IN', 'KS', 'KY', 'MI', 'ND', 'NE', 'NV', 'OR', 'SD', 'TN', 'TX'] as const;

/** The IANA zone of a city: `timeZone` when the config names one, else its state's. */
export function cityTimeZone(config: { state: string; timeZone?: string }): string {
  if (config.timeZone) return config.timeZone;
  const state = lookupState(config.state);
  return (state && STATE_ZONES[state.code]) ?? 'America/New_York';
}

/** True for an IANA zone name (`America/Chicago`) this Node's Intl knows. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (`2026-11-26`) an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The instant a build is made at: `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds
 * convention) when set, else now. An unreadable value is an error naming the variable, not a
 * silent "now": a pinned build that is not pinned would publish another day's hours.
 */
export function buildInstant(env: { SOURCE_DATE_EPOCH?: string }, now: () => Date = () => new Date()): Date {
  const v = env.SOURCE_DATE_EPOCH?.trim();
  if (v === undefined || v === '') return now();
  if (!/^\d{1,12}$/.test(v)) throw new Error(`SOURCE_DATE_EPOCH: expected whole seconds since 1970-01-01 like 1795651200, not "${env.SOURCE_DATE_EPOCH}"`);
  return new Date(Number(v) * 1000);
}

/**
 * The year of a build instant, in UTC: the footer's copyright year. UTC as the reproducible-builds
 * convention reads SOURCE_DATE_EPOCH for dates a build prints, so one instant gives one year
 * whatever the city's time zone (and the year needs no zone rules loaded).
 */
export function buildYear(instant: Date): number {
  return instant.getUTCFullYear();
}
