import { describe, expect, it } from 'vitest';
import { actorOption, auditCsvUrl, auditParams, auditQuery, datesReversed, NO_FILTERS, outcomeLabel, outcomeWord, pageCount } from './audit-api.js';

describe('audit trail filters', () => {
  it('leave empty filters out, and page the list but not the CSV', () => {
    expect(auditQuery(NO_FILTERS)).toBe('');
    expect(auditQuery(NO_FILTERS, 1)).toBe('?page=1&pageSize=50');
    const f = { actor: 'a1', action: 'message.read', city: ' tampa ', from: '2026-03-01', to: '2026-03-31' };
    expect(auditQuery(f, 3)).toBe('?actor=a1&action=message.read&city=tampa&from=2026-03-01&to=2026-03-31&page=3&pageSize=50');
    expect(auditCsvUrl(f)).toBe('/api/audit.csv?actor=a1&action=message.read&city=tampa&from=2026-03-01&to=2026-03-31');
  });

  it('encode what they carry', () => {
    expect(auditQuery({ ...NO_FILTERS, actor: 'a&b=c' })).toBe('?actor=a%26b%3Dc');
  });

  it('count pages, one at least', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it('catch dates the wrong way round', () => {
    expect(datesReversed({ from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(datesReversed({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(datesReversed({ from: '', to: '2026-03-01' })).toBe(false);
  });

  it('put an outcome into words', () => {
    expect(outcomeLabel(200)).toBe('Done');
    expect(outcomeLabel(204)).toBe('Done');
    expect(outcomeLabel(403)).toBe('Refused: not allowed');
    expect(outcomeLabel(400)).toBe('Refused');
    expect(outcomeLabel(500)).toBe('Failed');
  });

  it('put an outcome into one word for a record’s line', () => {
    expect([200, 302, 403, 429, 500].map(outcomeWord)).toEqual(['Done', 'Done', 'Refused', 'Refused', 'Failed']);
  });

  it('name a person by name, with the sign-in name the trail recorded', () => {
    expect(actorOption({ id: 'a1', label: 'dana@example.com', name: 'Dana Desk' })).toBe('Dana Desk (dana@example.com)');
    expect(actorOption({ id: 'server', label: 'clinic-gen serve', name: 'clinic-gen serve' })).toBe('clinic-gen serve');
  });

  it('give the route the same query as the CSV link', () => {
    expect(auditParams({ ...NO_FILTERS, city: 'tampa' }, 2)).toEqual({ city: 'tampa', page: '2', pageSize: '50' });
  });
});
