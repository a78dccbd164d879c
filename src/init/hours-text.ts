/**
 * Opening hours as a person types them at `clinic-gen init` (`Mon-Fri 09:00-18:00, Sat 09:00-13:00`):
 * groups of days with one opening time each, days written as names or their first three letters,
 * a run with a hyphen (`Mon-Fri`) or single days joined by `/` (`Mon/Wed`). No zod here: init's
 * --help lists its fields without loading the config's schema; the schema checks the result.
 */
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface HoursTextEntry {
  days: string[];
  opens: string;
  closes: string;
}

const EXAMPLE = 'like Mon-Fri 09:00-18:00, Sat 09:00-13:00';

function dayOf(word: string): number {
  const w = word.trim().toLowerCase();
  if (w.length < 3) return -1;
  return DAY_NAMES.findIndex((d) => d.toLowerCase().startsWith(w) && (w.length === 3 || d.toLowerCase() === w));
}

/** Days of one group: `Mon-Fri`, `Sat`, `Mon/Wed/Fri`; an error naming the word it cannot read. */
function daysOf(text: string): string[] | string {
  const days: number[] = [];
  for (const part of text.split('/')) {
    const run = part.split('-');
    if (run.length > 2) return `expected days like Mon-Fri or Mon/Wed, not "${part.trim()}"`;
    const [from, to = from] = run.map(dayOf) as [number, number?];
    if (from < 0 || to! < 0) return `expected day names like Mon or Monday, not "${part.trim()}"`;
    if (to! < from) return `expected a run of days from earlier to later in the week, like Mon-Fri, not "${part.trim()}"`;
    for (let d = from; d <= to!; d++) if (!days.includes(d)) days.push(d);
  }
  return days.sort((a, b) => a - b).map((d) => DAY_NAMES[d]!);
}

/** `9:00` or `09:00` as `09:00`; undefined when it is no 24-hour time. */
function clockOf(t: string): string | undefined {
  const m = /^(\d{1,2}):([0-5]\d)$/.exec(t.trim());
  if (!m || Number(m[1]) > 23) return undefined;
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

/** Reads the week's hours; every problem says what was expected. A day not named is closed. */
export function parseHoursText(text: string): { ok: true; entries: HoursTextEntry[] } | { ok: false; error: string } {
  const groups = text.split(/[,;]/).map((g) => g.trim()).filter(Boolean);
  if (groups.length === 0) return { ok: false, error: `expected this city's own opening hours, ${EXAMPLE}` };
  const entries: HoursTextEntry[] = [];
  const seen = new Set<string>();
  for (const g of groups) {
    const m = /^(\S+)\s+(\S+)\s*-\s*(\S+)$/.exec(g);
    if (!m) return { ok: false, error: `expected days then times, ${EXAMPLE}, not "${g}"` };
    const days = daysOf(m[1]!);
    if (typeof days === 'string') return { ok: false, error: days };
    const [opens, closes] = [clockOf(m[2]!), clockOf(m[3]!)];
    if (!opens || !closes) return { ok: false, error: `expected 24-hour times like 09:00-18:00, not "${m[2]}-${m[3]}"` };
    if (opens >= closes) return { ok: false, error: `expected the opening time before the closing time, not "${m[2]}-${m[3]}"` };
    const twice = days.find((d) => seen.has(d));
    if (twice) return { ok: false, error: `expected each day once: ${twice} is in two groups` };
    for (const d of days) seen.add(d);
    entries.push({ days, opens, closes });
  }
  return { ok: true, entries };
}
