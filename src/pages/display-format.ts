import type { Day, HoursEntry } from '../config/schema.js';
import { DAYS } from '../config/schema.js';
import type { SpecialHoursEntry } from '../config/special-hours.js';
import { lastDay } from '../config/special-hours-days.js';
import type { Lang } from '../config/languages.js';
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

const MONTHS: Record<Lang, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};
const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
};
/** The config's day names (Monday...) as each language writes them. */
const DAY_NAMES: Record<Lang, Record<string, string>> = {
  en: Object.fromEntries(DAYS.map((d) => [d, d])),
  es: { Monday: 'lunes', Tuesday: 'martes', Wednesday: 'miércoles', Thursday: 'jueves', Friday: 'viernes', Saturday: 'sábado', Sunday: 'domingo' },
};
/** Words of the hours and dates in each language: a day closed, a run of days, a run of dates. */
const WORDS: Record<Lang, { closed: string; daysRun: (a: string, b: string) => string; through: string; span: string }> = {
  en: { closed: 'Closed', daysRun: (a, b) => `${a}-${b}`, through: 'through', span: '-' },
  // "lunes a viernes", "9:00 a. m. - 6:00 p. m." (issue 40): the spaced dash keeps "a. m." from reading into the next time.
  es: { closed: 'Cerrado', daysRun: (a, b) => `${a} a ${b}`, through: 'al', span: ' - ' },
};

/**
 * `2026-11-26` -> `November 26, 2026` (with the weekday first: `Thursday, November 26, 2026`); in
 * Spanish `26 de noviembre de 2026` (`jueves, 26 de noviembre de 2026`). No Intl: the same bytes on every Node.
 */
export function longDate(date: string, { weekday = false, year = true } = {}, lang: Lang = 'en'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  // No-break spaces: "January / 2, 2027" on a narrow phone reads as two dates; a range breaks at "through".
  if (lang === 'es') return `${weekday ? `${WEEKDAYS.es[day]}, ` : ''}${d}\u00a0de\u00a0${MONTHS.es[m - 1]}${year ? `\u00a0de\u00a0${y}` : ''}`;
  return `${weekday ? `${WEEKDAYS.en[day]}, ` : ''}${MONTHS.en[m - 1]}\u00a0${d}${year ? `,\u00a0${y}` : ''}`;
}

/** A special-hours entry as pages and JSON-LD show it. */
export function specialHoursRow(e: SpecialHoursEntry, lang: Lang = 'en', label: string = e.label): SpecialHoursRow {
  const through = lastDay(e);
  const when =
    through === e.date
      ? longDate(e.date, { weekday: true }, lang)
      : `${longDate(e.date, { year: e.date.slice(0, 4) !== through.slice(0, 4) }, lang)} ${WORDS[lang].through} ${longDate(through, {}, lang)}`;
  const closed = e.closed === true || !e.opens || !e.closes;
  return {
    label,
    when,
    time: closed ? WORDS[lang].closed : `${clock12(e.opens!, lang)}${WORDS[lang].span}${clock12(e.closes!, lang)}`,
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

/** `09:00` -> `9:00 AM` (Spanish: `9:00 a.\u00a0m.`, as the RAE and US Spanish write it). */
export function clock12(t: string, lang: Lang = 'en'): string {
  const [h = 0, m = 0] = t.split(':').map(Number);
  const suffix = lang === 'es' ? (h >= 12 ? 'p.\u00a0m.' : 'a.\u00a0m.') : h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * Groups the week into display rows, runs of consecutive days with the same hours joined:
 * `Monday-Friday 9:00 AM-6:00 PM`, `Saturday 9:00 AM-2:00 PM`, `Sunday Closed`.
 */
export function hoursRows(hours: HoursEntry[], lang: Lang = 'en'): HoursRow[] {
  const byDay = new Map<Day, string>();
  const { closed, daysRun, span } = WORDS[lang];
  const name = (d: Day) => DAY_NAMES[lang][d]!;
  for (const h of hours) for (const d of h.days) byDay.set(d, `${clock12(h.opens, lang)}${span}${clock12(h.closes, lang)}`);
  const rows: HoursRow[] = [];
  let i = 0;
  while (i < DAYS.length) {
    const time = byDay.get(DAYS[i]!) ?? closed;
    let j = i;
    while (j + 1 < DAYS.length && (byDay.get(DAYS[j + 1]!) ?? closed) === time) j++;
    rows.push({ days: i === j ? name(DAYS[i]!) : daysRun(name(DAYS[i]!), name(DAYS[j]!)), time });
    i = j + 1;
  }
  return rows;
}
