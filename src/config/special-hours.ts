import * as z from 'zod';
import { boolean, clock, line } from './fields.js';
import { lastDay } from './special-hours-days.js';

/**
 * Special hours: dated exceptions to the week's hours (closed on Thanksgiving, open 9 to noon on
 * Christmas Eve), for one day (`date`) or a range (`date` through `through`, both days included).
 * A site shows the entries that have not ended as of its build day, read in the city's time zone
 * (time-zone.ts), so a build after the last day no longer shows one: pages stay pure, the day is
 * an input (upcomingSpecialHours).
 */

/** A calendar date written `YYYY-MM-DD`; true only for a day on the calendar (not 2026-02-30). */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Days from `a` to `b` (`b` - `a`). */
export function daysBetween(a: string, b: string): number {
  const t = (s: string) => Date.parse(`${s}T00:00:00Z`);
  return Math.round((t(b) - t(a)) / 86_400_000);
}

const DATE_EXAMPLE = 'a date like 2026-11-26';

/** A `YYYY-MM-DD` date on the calendar, its messages naming `what` it is (`required` when a city must give it: decision 14). */
export function calendarDate(what: string, example = DATE_EXAMPLE, absent: 'missing' | 'required' = 'missing') {
  return z
    .string({ error: (i) => (i.input === undefined ? (absent === 'required' ? `required: ${what}, ${example}` : `missing; expected ${what}, ${example}`) : `expected ${what}, ${example} (year-month-day)`) })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `expected ${what}, ${example} (year-month-day)` })
    .refine(isCalendarDate, { error: (i) => `expected a date on the calendar: ${String(i.input)} does not exist` });
}

/** The longest range one entry may cover: longer closures are a change of the week's hours. */
export const SPECIAL_HOURS_MAX_DAYS = 366;
export const SPECIAL_HOURS_MAX = 60;

export const specialHoursEntry = z
  .strictObject({
    label: line('a short label like Thanksgiving', 40),
    // The label in Spanish, for the Spanish pages (issue 40 item 3).
    es: z.strictObject({ label: line('a short label in Spanish like Día de Acción de Gracias', 40) }).optional(),
    date: calendarDate('the day, or the first day of a range'),
    through: calendarDate('the last day of the range').optional(),
    closed: boolean('closed all day').optional(),
    opens: clock().optional(),
    closes: clock().optional(),
  })
  .superRefine((e, ctx) => {
    if (e.through !== undefined && e.through < e.date) {
      ctx.addIssue({ code: 'custom', path: ['through'], message: `expected a day on or after date (${e.date}): this entry ends before it starts` });
    } else if (e.through !== undefined && daysBetween(e.date, e.through) >= SPECIAL_HOURS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['through'], message: `expected a range of at most ${SPECIAL_HOURS_MAX_DAYS} days; for longer, change the week's hours` });
    }
    const timed = e.opens !== undefined || e.closes !== undefined;
    if (e.closed === true) {
      if (timed) ctx.addIssue({ code: 'custom', path: ['closed'], message: 'expected either closed: true or opens and closes, not both' });
      return;
    }
    if (e.opens === undefined) ctx.addIssue({ code: 'custom', path: ['opens'], message: 'missing; expected a 24-hour time like 09:00, or closed: true for a day the clinic is closed' });
    if (e.closes === undefined) ctx.addIssue({ code: 'custom', path: ['closes'], message: 'missing; expected a 24-hour time like 13:00, or closed: true for a day the clinic is closed' });
    if (e.opens !== undefined && e.closes !== undefined && e.opens >= e.closes) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'expected closes to be later than opens' });
    }
  });

export type SpecialHoursEntry = z.output<typeof specialHoursEntry>;

/**
 * The first pair of entries that share a day, as [earlier index, later index] by start, or none.
 * One day has one set of hours: two entries on one day would contradict each other.
 */
export function overlappingEntries(entries: readonly Pick<SpecialHoursEntry, 'date' | 'through'>[]): [number, number][] {
  const order = entries.map((_, i) => i).sort((a, b) => (entries[a]!.date < entries[b]!.date ? -1 : entries[a]!.date > entries[b]!.date ? 1 : a - b));
  const out: [number, number][] = [];
  let reach = -1;
  for (const i of order) {
    if (reach !== -1 && entries[i]!.date <= lastDay(entries[reach]!)) out.push([reach, i]);
    if (reach === -1 || lastDay(entries[i]!) > lastDay(entries[reach]!)) reach = i;
  }
  return out;
}

/**
 * The entries a site shows on `today` (`YYYY-MM-DD`, the city's date): those not yet over, by
 * start. Which entries these are changes only on the day after an entry's last day (specialHoursEpoch).
 */
export function upcomingSpecialHours<E extends Pick<SpecialHoursEntry, 'date' | 'through'>>(entries: readonly E[], today: string): E[] {
  return entries.filter((e) => lastDay(e) >= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
