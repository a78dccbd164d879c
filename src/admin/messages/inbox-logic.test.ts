import { describe, expect, it } from 'vitest';
import { ageOf, assigneeName, assigneesFor, cityLabel, cityOptions, datesReversed, exportUrl, inboxUrl, NO_FILTERS, rangeLabel, retentionValue, SAVED_FILTERS, savedFilterOf, searchBody, statusLabel, todayOf, type Assignee } from './inbox-logic.js';
import { assigneesForAll } from './bulk-bar.js';

describe('the inbox’s requests', () => {
  it('list with the filters set, Unknown city included, and the page', () => {
    expect(inboxUrl(NO_FILTERS, 1)).toBe('/api/inbox?page=1&pageSize=50');
    expect(inboxUrl({ site: 'tampa', status: 'new', assignee: 'none', from: '2026-03-01', to: '2026-03-31' }, 3)).toBe(
      '/api/inbox?site=tampa&status=new&assignee=none&from=2026-03-01&to=2026-03-31&page=3&pageSize=50',
    );
    // '' is the messages of no known city, not "every city".
    expect(inboxUrl({ ...NO_FILTERS, site: '' }, 1)).toBe('/api/inbox?site=&page=1&pageSize=50');
    expect(inboxUrl({ ...NO_FILTERS, assignee: 'a&b=c' }, 1)).toBe('/api/inbox?assignee=a%26b%3Dc&page=1&pageSize=50');
  });

  it('search in a body that carries the text, and never in the address', () => {
    expect(searchBody('  pat@example.com ', { ...NO_FILTERS, site: 'tampa', status: 'booked' }, 2)).toEqual({ q: 'pat@example.com', site: 'tampa', status: 'booked', page: 2, pageSize: 50 });
    expect(inboxUrl({ ...NO_FILTERS, site: 'tampa' }, 1)).not.toContain('q=');
  });
});

describe('how a message reads in the list', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:40Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 min ago'],
    ['2026-03-10T09:00:00Z', '3 h ago'],
    ['2026-03-09T11:00:00Z', '1 day ago'],
    ['2026-03-08T12:00:00Z', '2 days ago'],
    ['2025-12-01T12:00:00Z', '3 months ago'],
    ['2023-03-01T12:00:00Z', '3 years ago'],
    // A clock a little ahead of this one is "just now", not a negative age.
    ['2026-03-10T12:00:30Z', 'just now'],
    ['not a time', 'not a time'],
  ])('received %s is "%s"', (iso, text) => {
    expect(ageOf(iso, now)).toBe(text);
  });

  it('names the city, a slug this server does not know, or Unknown city', () => {
    expect(cityLabel({ site: 'tampa', city: 'Tampa' })).toBe('Tampa');
    expect(cityLabel({ site: 'ocala', city: '' })).toBe('ocala');
    expect(cityLabel({ site: '', city: '' })).toBe('Unknown city');
  });

  it('gives a closed message its reason', () => {
    expect(statusLabel('contacted', null)).toBe('Contacted');
    expect(statusLabel('closed', 'no_answer')).toBe('Closed: No answer');
  });

  it('counts the page as "1–50 of 230"', () => {
    expect(rangeLabel(1, 50, 230)).toBe('1–50 of 230');
    expect(rangeLabel(5, 50, 230)).toBe('201–230 of 230');
    expect(rangeLabel(1, 50, 3)).toBe('1–3 of 3');
    expect(rangeLabel(1, 50, 0)).toBe('0 of 0');
  });

  it('keeps the chosen city among the options when it has no message now', () => {
    const byCity = [{ site: 'tampa', city: 'Tampa', count: 3 }];
    expect(cityOptions(byCity, undefined)).toEqual([{ site: 'tampa', label: 'Tampa', count: 3 }]);
    expect(cityOptions(byCity, '')).toEqual([
      { site: 'tampa', label: 'Tampa', count: 3 },
      { site: '', label: 'Unknown city', count: 0 },
    ]);
  });
});

describe('who a message may be given to', () => {
  const desk = (id: string, name: string, cities: string[] | null, active = true): Assignee => ({ id, name, email: `${id}@example.com`, cities, active });
  const all = [desk('b', 'Bea', ['tampa']), desk('a', 'Al', null), desk('c', 'Cy', ['orlando']), desk('d', 'Di', ['tampa'], false)];

  it('is the active front desk of its city or of every city, by name', () => {
    expect(assigneesFor(all, 'tampa', null).map((a) => a.id)).toEqual(['a', 'b']);
    expect(assigneesFor(all, 'orlando', null).map((a) => a.id)).toEqual(['a', 'c']);
  });

  it('keeps the one who has it, even disabled, so the select shows the truth', () => {
    expect(assigneesFor(all, 'tampa', 'd').map((a) => a.id)).toEqual(['a', 'b', 'd']);
  });

  it('names nobody, a person, or someone gone', () => {
    expect(assigneeName(all, null)).toBe('Nobody');
    expect(assigneeName(all, 'b')).toBe('Bea');
    expect(assigneeName(all, 'zz')).toBe('Someone no longer on staff');
  });
});

describe('the filters and the retention form', () => {
  it('catch dates the wrong way round', () => {
    expect(datesReversed({ from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(datesReversed({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(datesReversed({ from: '', to: '2026-03-01' })).toBe(false);
  });

  it('take until deleted, or whole days within the limits', () => {
    expect(retentionValue({ keep: 'forever', days: 'x' }, 30, 3650)).toEqual({ ok: true, days: null });
    expect(retentionValue({ keep: 'days', days: ' 90 ' }, 30, 3650)).toEqual({ ok: true, days: 90 });
    for (const days of ['29', '3651', '', '1.5', '-40', 'ninety']) expect(retentionValue({ keep: 'days', days }, 30, 3650).ok, days).toBe(false);
  });
});

describe('saved filters, the export and the bulk bar (issue 37 item 7)', () => {
  it('"My open" is mine not closed, "New today" the new ones from today; each is recognised, and a changed one is not', () => {
    const day = todayOf(new Date('2026-12-02T23:30:00Z'));
    expect(day).toBe('2026-12-02');
    expect(inboxUrl(SAVED_FILTERS.mine('acc-1'), 1)).toBe('/api/inbox?assignee=acc-1&open=true&page=1&pageSize=50');
    expect(inboxUrl(SAVED_FILTERS.today(day), 1)).toBe('/api/inbox?status=new&from=2026-12-02&page=1&pageSize=50');
    expect(searchBody('Ortiz', SAVED_FILTERS.mine('acc-1'), 1)).toMatchObject({ q: 'Ortiz', assignee: 'acc-1', open: true });
    expect(savedFilterOf(SAVED_FILTERS.mine('acc-1'), 'acc-1', day)).toBe('mine');
    expect(savedFilterOf(SAVED_FILTERS.today(day), 'acc-1', day)).toBe('today');
    expect(savedFilterOf({ ...SAVED_FILTERS.mine('acc-1'), site: 'tampa' }, 'acc-1', day)).toBeUndefined();
    expect(savedFilterOf(NO_FILTERS, 'acc-1', day)).toBeUndefined();
  });

  it('exports the filter, never a search', () => {
    expect(exportUrl(NO_FILTERS)).toBe('/api/inbox.csv');
    expect(exportUrl({ ...NO_FILTERS, site: 'tampa', status: 'closed', from: '2026-01-01' })).toBe('/api/inbox.csv?site=tampa&status=closed&from=2026-01-01');
    expect(exportUrl(SAVED_FILTERS.mine('acc-1'))).toBe('/api/inbox.csv?assignee=acc-1&open=true');
    // The language filter (issue 40) travels in the list's query, the search's body and the export's query.
    expect(inboxUrl({ ...NO_FILTERS, language: 'es' }, 1)).toBe('/api/inbox?language=es&page=1&pageSize=50');
    expect(searchBody('lopez', { ...NO_FILTERS, language: 'es' }, 1)).toMatchObject({ q: 'lopez', language: 'es' });
    expect(exportUrl({ ...NO_FILTERS, language: 'es' })).toBe('/api/inbox.csv?language=es');
    expect(savedFilterOf({ ...SAVED_FILTERS.mine('acc-1'), language: 'es' }, 'acc-1', '2026-01-01')).toBeUndefined();
  });

  it('offers for a selection only who reads every city of it', () => {
    const staff: Assignee[] = [
      { id: 'o', name: 'Olivia', email: 'o@x', cities: null, active: true },
      { id: 't', name: 'Tom', email: 't@x', cities: ['tampa'], active: true },
      { id: 'b', name: 'Bea', email: 'b@x', cities: ['tampa', 'orlando'], active: true },
      { id: 'x', name: 'Xena', email: 'x@x', cities: ['tampa'], active: false },
    ];
    expect(assigneesForAll(staff, [{ site: 'tampa' }]).map((a) => a.id)).toEqual(['b', 'o', 't']);
    expect(assigneesForAll(staff, [{ site: 'tampa' }, { site: 'orlando' }]).map((a) => a.id)).toEqual(['b', 'o']);
  });
});
