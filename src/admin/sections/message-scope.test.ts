import { describe, expect, it } from 'vitest';
import { inScope, mergeNewest, messageUrls } from './message-scope.js';

describe('which messages are asked for', () => {
  it('asks once for every city, or the city chosen', () => {
    expect(messageUrls(null, undefined)).toEqual(['/api/messages?page=1&pageSize=50']);
    expect(messageUrls(null, 'tampa')).toEqual(['/api/messages?page=1&pageSize=50&site=tampa']);
  });

  it('asks a front desk’s cities one by one, and never a city outside them', () => {
    expect(messageUrls(['tampa', 'orlando'], undefined)).toEqual(['/api/messages?page=1&pageSize=50&site=tampa', '/api/messages?page=1&pageSize=50&site=orlando']);
    expect(messageUrls(['tampa', 'orlando'], 'orlando')).toEqual(['/api/messages?page=1&pageSize=50&site=orlando']);
    expect(messageUrls(['tampa'], 'miami')).toEqual([]);
    expect(messageUrls([], undefined)).toEqual([]);
  });

  it('merges cities’ pages newest first, to the limit, totals added', () => {
    const m = (id: string, at: string) => ({ id, receivedAt: at });
    const merged = mergeNewest(
      [
        { messages: [m('t2', '2026-03-02T10:00:00Z'), m('t1', '2026-03-01T10:00:00Z')], total: 7 },
        { messages: [m('o1', '2026-03-01T12:00:00Z')], total: 1 },
      ],
      2,
    );
    expect(merged).toEqual({ messages: [m('t2', '2026-03-02T10:00:00Z'), m('o1', '2026-03-01T12:00:00Z')], total: 8 });
  });

  it('keeps the per-city rows in scope', () => {
    const rows = [{ site: 'tampa' }, { site: 'orlando' }, { site: '' }];
    expect(inScope(rows, null)).toEqual(rows);
    expect(inScope(rows, ['orlando'])).toEqual([{ site: 'orlando' }]);
  });
});
