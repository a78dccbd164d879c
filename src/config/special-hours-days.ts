/**
 * Days of special hours (special-hours.ts), apart from the schema: what a rebuild reads of the
 * manifest to tell whether the build day moved a site on, without loading zod.
 */

/** An entry's days: one, or a range `date` through `through`. */
export interface EntryDays {
  date: string;
  through?: string | undefined;
}

/** `2026-11-26` plus `n` days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The last day of an entry. */
export const lastDay = (e: EntryDays): string => e.through ?? e.date;

/**
 * The days on which the site a config makes changes by itself (the day after each entry's last
 * day), sorted and distinct: between two of them every build shows the same entries. A build
 * keeps them in its manifest to tell, without the config, whether a city's site is still current.
 */
export function specialHoursChangeDays(entries: readonly EntryDays[]): string[] {
  return [...new Set(entries.map((e) => addDays(lastDay(e), 1)))].sort();
}

/** How many of `changeDays` have come by `today`: equal numbers, the same entries shown. */
export function specialHoursEpoch(changeDays: readonly string[], today: string): number {
  let n = 0;
  for (const d of changeDays) if (d <= today) n++;
  return n;
}
