import type { Day, HoursEntry } from '../config/schema.js';
import { DAYS } from '../config/schema.js';
import type { SpecialHoursEntry } from '../config/special-hours.js';
import { lastDay } from '../config/special-hours-days.js';
import type { HoursRow, SpecialHoursRow } from './page-model.js';

/** How pages write what a config holds: a phone, a map link, a date, opening hours. Pure, and the same bytes on every Node (no Intl). */

/**
 * A North American number in the one form pages show: `727-555-0199`, `+1 813.555.0142` and
 * `8135550142` all read `(813) 555-0142`. The schema takes nothing else (config/fields.ts, PHONE_RE).
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : phone.trim();
}

/** Google Maps' documented search URL (`api=1`) for an address: opens directions on any device. */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `2026-11-26` -> `November 26, 2026` (with the weekday first: `Thursday, November 26, 2026`). No Intl: the same bytes on every Node. */
export function longDate(date: string, { weekday = false, year = true } = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  // No-break spaces: "January / 2, 2027" on a narrow phone reads as two dates; a range breaks at "through".
  return `${weekday ? `${WEEKDAYS[day]}, ` : ''}${MONTHS[m - 1]}\u00a0${d}${year ? `,\u00a0${y}` : ''}`;
}

/** A special-hours entry as pages and JSON-LD show it. */
export function specialHoursRow(e: SpecialHoursEntry): SpecialHoursRow {
  const through = lastDay(e);
  const when =
    through === e.date
      ? longDate(e.date, { weekday: true })
      : `${longDate(e.date, { year: e.date.slice(0, 4) !== through.slice(0, 4) })} through ${longDate(through)}`;
  const closed = e.closed === true || !e.opens || !e.closes;
  return {
    label: e.label,
    when,
    time: closed ? 'Closed' : `${clock12(e.opens!)}-${clock12(e.closes!)}`,
    from: e.date,
    through,
    opens: closed ? '00:00' : e.opens!,
    closes: closed ? '00:00' : e.closes!,
  };
}

/** A US phone number as a tap-to-call link: `(813) 555-0142` -> `tel:+18135550142`. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+1${digits.length === 11 ? digits.slice(1) : digits}`;
}

/** `09:00` -> `9:00 AM` */
export function clock12(t: string): string {
  const [h = 0, m = 0] = t.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * Groups the week into display rows, runs of consecutive days with the same hours joined:
 * `Monday-Friday 9:00 AM-6:00 PM`, `Saturday 9:00 AM-2:00 PM`, `Sunday Closed`.
 */
export function hoursRows(hours: HoursEntry[]): HoursRow[] {
  const byDay = new Map<Day, string>();
  for (const h of hours) for (const d of h.days) byDay.set(d, `${clock12(h.opens)}-${clock12(h.closes)}`);
  const rows: HoursRow[] = [];
  let i = 0;
  while (i < DAYS.length) {
    const time = byDay.get(DAYS[i]!) ?? 'Closed';
    let j = i;
    while (j + 1 < DAYS.length && (byDay.get(DAYS[j + 1]!) ?? 'Closed') === time) j++;
    rows.push({ days: i === j ? DAYS[i]! : `${DAYS[i]}-${DAYS[j]}`, time });
    i = j + 1;
  }
  return rows;
}
