import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/site.js';
import { parseConfigText } from './load.js';
import { isCalendarDate, upcomingSpecialHours } from './special-hours.js';
import { addDays, specialHoursChangeDays, specialHoursEpoch } from './special-hours-days.js';
import { buildInstant, cityTimeZone, localDate } from './time-zone.js';

const FILE = 'configs/tampa.yaml';
const tampa = readFileSync(join(ROOT, FILE), 'utf8');

/** Tampa's config with `extra` YAML appended, and the 1-based line of its first line. */
function withExtra(extra: string): { text: string; first: number } {
  const base = tampa.endsWith('\n') ? tampa : `${tampa}\n`;
  return { text: base + extra, first: base.split('\n').length };
}

function errorsOf(text: string): string[] {
  const r = parseConfigText(text, FILE);
  if (r.ok) throw new Error('expected the config to be rejected');
  return r.errors;
}

describe('special hours in the config', () => {
  it('takes a closed day, a range and other hours, and keeps the dates as written', () => {
    const { text } = withExtra(
      [
        'specialHours:',
        '  - label: Thanksgiving',
        '    date: 2026-11-26',
        '    closed: true',
        '  - label: Christmas Eve',
        '    date: "2026-12-24"',
        '    opens: "09:00"',
        '    closes: "12:00"',
        '  - label: Winter break',
        '    date: 2026-12-25',
        '    through: 2027-01-01',
        '    closed: true',
        '',
      ].join('\n'),
    );
    const r = parseConfigText(text, FILE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.specialHours).toEqual([
      { label: 'Thanksgiving', date: '2026-11-26', closed: true },
      { label: 'Christmas Eve', date: '2026-12-24', opens: '09:00', closes: '12:00' },
      { label: 'Winter break', date: '2026-12-25', through: '2027-01-01', closed: true },
    ]);
  });

  it('refuses a range that ends before it starts, naming the field and its line', () => {
    const { text, first } = withExtra('specialHours:\n  - label: Winter break\n    date: 2026-12-26\n    through: 2026-12-20\n    closed: true\n');
    expect(errorsOf(text)).toEqual([`${FILE}:${first + 3}:14 specialHours[0].through: expected a day on or after date (2026-12-26): this entry ends before it starts`]);
  });

  it('refuses a date that is not on the calendar', () => {
    const { text, first } = withExtra('specialHours:\n  - label: Leap\n    date: 2026-02-30\n    closed: true\n');
    expect(errorsOf(text)).toEqual([`${FILE}:${first + 2}:11 specialHours[0].date: expected a date on the calendar: 2026-02-30 does not exist`]);
  });

  it('refuses two entries that share a day, naming the later one and the one it overlaps', () => {
    const { text, first } = withExtra(
      'specialHours:\n  - label: Thanksgiving\n    date: 2026-11-26\n    closed: true\n  - label: Half day\n    date: 2026-11-25\n    through: 2026-11-27\n    opens: "09:00"\n    closes: "12:00"\n',
    );
    expect(errorsOf(text)).toEqual([
      `${FILE}:${first + 2}:11 specialHours[0].date: expected no day in two entries: overlaps specialHours[1] (Half day, 2026-11-25 through 2026-11-27)`,
    ]);
  });

  it('asks for closed: true or the hours of the day', () => {
    const { text, first } = withExtra('specialHours:\n  - label: Christmas Eve\n    date: 2026-12-24\n');
    expect(errorsOf(text)).toEqual([
      `${FILE}:${first + 1}:5 specialHours[0].opens: missing; expected a 24-hour time like 09:00, or closed: true for a day the clinic is closed`,
      `${FILE}:${first + 1}:5 specialHours[0].closes: missing; expected a 24-hour time like 13:00, or closed: true for a day the clinic is closed`,
    ]);
  });

  it('refuses a booking link that is not https, naming the field and its line', () => {
    const { text, first } = withExtra('bookingUrl: http://booking.example.com/tampa\n');
    expect(errorsOf(text)).toEqual([`${FILE}:${first}:13 bookingUrl: expected an https:// link to the clinic's online booking page, like https://booking.example.com/northstar-tampa`]);
  });

  it('refuses a time zone that is not an IANA name', () => {
    const { text, first } = withExtra('timeZone: Eastern\n');
    expect(errorsOf(text)).toEqual([`${FILE}:${first}:11 timeZone: expected an IANA time zone like America/New_York or America/Chicago`]);
  });
});

describe('dates', () => {
  it('knows which days are on the calendar', () => {
    expect(['2026-11-26', '2028-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-11-31', '26-11-26'].map(isCalendarDate)).toEqual([false, false, false, false, false]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads the build day in the city time zone: 03:00 UTC on Nov 27 is still Nov 26 in Florida', () => {
    const instant = new Date('2026-11-27T03:00:00Z');
    expect(localDate(instant, cityTimeZone({ state: 'FL' }))).toBe('2026-11-26');
    expect(localDate(instant, cityTimeZone({ state: 'Hawaii' }))).toBe('2026-11-26');
    expect(localDate(instant, 'Europe/London')).toBe('2026-11-27');
    expect(cityTimeZone({ state: 'FL', timeZone: 'America/Chicago' })).toBe('America/Chicago');
  });

  it('takes the build instant from SOURCE_DATE_EPOCH, else now, and refuses an unreadable one', () => {
    expect(buildInstant({ SOURCE_DATE_EPOCH: '1795651200' }).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    const now = new Date('2030-01-01T00:00:00Z');
    expect(buildInstant({}, () => now)).toBe(now);
    expect(() => buildInstant({ SOURCE_DATE_EPOCH: 'yesterday' })).toThrow(/SOURCE_DATE_EPOCH: expected whole seconds/);
  });

  it('shows an entry until its last day, and changes only the day after one ends', () => {
    const entries = [
      { date: '2026-12-25', through: '2027-01-01' },
      { date: '2026-11-26' },
    ];
    expect(upcomingSpecialHours(entries, '2026-11-01')).toEqual([entries[1], entries[0]]);
    expect(upcomingSpecialHours(entries, '2026-11-26')).toEqual([entries[1], entries[0]]);
    expect(upcomingSpecialHours(entries, '2026-11-27')).toEqual([entries[0]]);
    expect(upcomingSpecialHours(entries, '2027-01-02')).toEqual([]);
    const days = specialHoursChangeDays(entries);
    expect(days).toEqual(['2026-11-27', '2027-01-02']);
    expect(['2026-11-01', '2026-11-26', '2026-11-27', '2026-12-31', '2027-01-02'].map((d) => specialHoursEpoch(days, d))).toEqual([0, 0, 1, 1, 2]);
  });
});
