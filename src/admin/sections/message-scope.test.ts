import { describe, expect, it } from 'vitest';
import { countedCity, countsQuery, inScope } from './message-scope.js';

describe('what a city page counts', () => {
  it('counts the page’s city for an owner and a front desk that works it', () => {
    expect(countedCity(null, 'tampa')).toBe('tampa');
    expect(countedCity(['tampa', 'orlando'], 'orlando')).toBe('orlando');
    expect(countsQuery('tampa')).toEqual({ site: 'tampa' });
  });

  it('never asks for a city outside a front desk’s: its own cities instead', () => {
    expect(countedCity(['tampa'], 'miami')).toBeUndefined();
    expect(countedCity([], 'miami')).toBeUndefined();
    expect(countsQuery(undefined)).toEqual({});
  });

  it('counts every city in scope on a city not saved yet', () => {
    expect(countedCity(null, undefined)).toBeUndefined();
    expect(countedCity(['tampa'], '')).toBeUndefined();
  });

  it('keeps the per-city rows in scope', () => {
    const rows = [{ site: 'tampa' }, { site: 'orlando' }, { site: '' }];
    expect(inScope(rows, null)).toEqual(rows);
    expect(inScope(rows, ['orlando'])).toEqual([{ site: 'orlando' }]);
  });
});
