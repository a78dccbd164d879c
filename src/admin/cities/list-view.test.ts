import { describe, expect, it } from 'vitest';
import type { CitySummary } from '../cities-api.js';
import { changedSinceDeploy, matchesFilter, nextSort, resultCount, sortCities, stateName, visibleCities, type Sort } from './list-view.js';

const city = (c: Partial<CitySummary> & { city: string }): CitySummary => ({
  slug: c.city.toLowerCase().replace(/\W+/g, '-'),
  businessName: 'Northstar Men’s Health',
  state: 'FL',
  version: 1,
  savedAt: '2026-11-01T10:00:00.000Z',
  live: false,
  messages30d: 0,
  ...c,
});

const tampa = city({ city: 'Tampa', live: true, version: 3, liveConfigVersion: 3, lastDeployAt: '2026-11-20T09:00:00.000Z', messages30d: 12 });
const clearwater = city({ city: 'Clearwater', live: true, version: 4, liveConfigVersion: 2, lastDeployAt: '2026-11-24T09:00:00.000Z', messages30d: 3 });
const austin = city({ city: 'Austin', state: 'Texas', messages30d: 7 });
const orlando = city({ city: 'Orlando', live: true, version: 2, liveConfigVersion: 2, lastDeployAt: '2026-10-02T09:00:00.000Z', messages30d: 0 });
const home = city({ city: 'Wesley Chapel', servedHere: true, messages30d: 5 });
const all = [tampa, clearwater, austin, orlando, home];
const names = (cs: CitySummary[]) => cs.map((c) => c.city);
const view = (over: Partial<{ query: string; filter: 'all' | 'live' | 'not-deployed' | 'changed'; sort: Sort }>) =>
  names(visibleCities(all, { query: '', filter: 'all', sort: { key: 'city', direction: 'ascending' }, ...over }));

describe('search', () => {
  it('reads St., Ft. and Mt. as their spelled forms, both ways (issue 39 item 9)', () => {
    const places = [city({ city: 'St. Petersburg' }), city({ city: 'Fort Myers' }), city({ city: 'Mount Dora' }), city({ city: 'Stuart' }), city({ city: 'Port St. Lucie' })];
    const find = (query: string) => names(visibleCities(places, { query, filter: 'all', sort: { key: 'city', direction: 'ascending' } }));
    expect(find('st pete')).toEqual(['St. Petersburg']);
    expect(find('saint pete')).toEqual(['St. Petersburg']);
    expect(find('ft myers')).toEqual(['Fort Myers']);
    expect(find('Ft. Myers')).toEqual(['Fort Myers']);
    expect(find('mt dora')).toEqual(['Mount Dora']);
    expect(find('port saint')).toEqual(['Port St. Lucie']);
    // "st" is a word of its own only: Stuart is not Saint-uart.
    expect(find('stu')).toEqual(['Stuart']);
  });

  it('finds a city by the start of its ZIP code or by its area code, however the number is written', () => {
    const places = [city({ city: 'Tampa', zipCode: '33607', phone: '(813) 555-0142' }), city({ city: 'Orlando', zipCode: '32803', phone: '+1 407-555-0167' }), city({ city: 'Austin' })];
    const find = (query: string) => names(visibleCities(places, { query, filter: 'all', sort: { key: 'city', direction: 'ascending' } }));
    expect(find('33607')).toEqual(['Tampa']);
    expect(find('328')).toEqual(['Orlando']);
    expect(find('813')).toEqual(['Tampa']);
    expect(find('(407)')).toEqual(['Orlando']);
    expect(find('555')).toEqual([]);
  });

  it('finds a city by any part of its name, whatever the case', () => {
    expect(view({ query: 'clear' })).toEqual(['Clearwater']);
    expect(view({ query: 'CLEAR' })).toEqual(['Clearwater']);
    expect(view({ query: 'chapel' })).toEqual(['Wesley Chapel']);
    expect(view({ query: '  a ' })).toEqual(['Austin', 'Clearwater', 'Orlando', 'Tampa', 'Wesley Chapel']);
  });
  it('ignores accents and searches the city, not the brand', () => {
    expect(names(visibleCities([city({ city: 'Española' })], { query: 'espanola', filter: 'all', sort: { key: 'city', direction: 'ascending' } }))).toEqual(['Española']);
    expect(view({ query: 'northstar' })).toEqual([]);
  });
  it('an empty search shows every city', () => {
    expect(view({ query: '' })).toHaveLength(5);
  });
});

describe('filter', () => {
  it('live takes the deployed cities and the server’s own site', () => {
    expect(view({ filter: 'live' })).toEqual(['Clearwater', 'Orlando', 'Tampa', 'Wesley Chapel']);
  });
  it('not deployed takes the others', () => {
    expect(view({ filter: 'not-deployed' })).toEqual(['Austin']);
  });
  it('changed since deploy takes a live city whose saved version is not the live one', () => {
    expect(view({ filter: 'changed' })).toEqual(['Clearwater']);
    expect(changedSinceDeploy(tampa)).toBe(false);
    // Deployed from the form: no saved version is live.
    expect(changedSinceDeploy(city({ city: 'Odessa', live: true, version: 1 }))).toBe(true);
    // Never deployed: nothing to differ from.
    expect(matchesFilter(austin, 'changed')).toBe(false);
  });
  it('combines with the search', () => {
    expect(view({ filter: 'live', query: 'o' })).toEqual(['Orlando']);
  });
});

describe('sort', () => {
  it('by city, both ways', () => {
    expect(view({ sort: { key: 'city', direction: 'ascending' } })).toEqual(['Austin', 'Clearwater', 'Orlando', 'Tampa', 'Wesley Chapel']);
    expect(view({ sort: { key: 'city', direction: 'descending' } })).toEqual(['Wesley Chapel', 'Tampa', 'Orlando', 'Clearwater', 'Austin']);
  });
  it('by state code, a name written out counting as its code, ties by city', () => {
    expect(view({ sort: { key: 'state', direction: 'ascending' } })).toEqual(['Clearwater', 'Orlando', 'Tampa', 'Wesley Chapel', 'Austin']);
    expect(view({ sort: { key: 'state', direction: 'descending' } })[0]).toBe('Austin');
    expect(stateName('FL')).toBe('Florida');
  });
  it('by last deploy, newest first or oldest first, the never deployed last either way', () => {
    expect(view({ sort: { key: 'lastDeploy', direction: 'descending' } })).toEqual(['Clearwater', 'Tampa', 'Orlando', 'Austin', 'Wesley Chapel']);
    expect(view({ sort: { key: 'lastDeploy', direction: 'ascending' } })).toEqual(['Orlando', 'Tampa', 'Clearwater', 'Austin', 'Wesley Chapel']);
  });
  it('by messages in 30 days', () => {
    expect(view({ sort: { key: 'messages', direction: 'descending' } })).toEqual(['Tampa', 'Austin', 'Wesley Chapel', 'Clearwater', 'Orlando']);
    expect(view({ sort: { key: 'messages', direction: 'ascending' } })).toEqual(['Orlando', 'Clearwater', 'Wesley Chapel', 'Austin', 'Tampa']);
  });
  it('leaves the list it was given as it was', () => {
    const given = [tampa, austin];
    sortCities(given, { key: 'city', direction: 'ascending' });
    expect(names(given)).toEqual(['Tampa', 'Austin']);
  });
  it('a header clicked again turns around; another starts names A to Z, counts and dates most first', () => {
    expect(nextSort({ key: 'city', direction: 'ascending' }, 'city')).toEqual({ key: 'city', direction: 'descending' });
    expect(nextSort({ key: 'city', direction: 'descending' }, 'city')).toEqual({ key: 'city', direction: 'ascending' });
    expect(nextSort({ key: 'city', direction: 'ascending' }, 'lastDeploy')).toEqual({ key: 'lastDeploy', direction: 'descending' });
    expect(nextSort({ key: 'lastDeploy', direction: 'descending' }, 'messages')).toEqual({ key: 'messages', direction: 'descending' });
    expect(nextSort({ key: 'messages', direction: 'descending' }, 'state')).toEqual({ key: 'state', direction: 'ascending' });
  });
});

describe('result count', () => {
  it('says how many are shown of how many', () => {
    expect(resultCount(50, 50)).toBe('50 cities');
    expect(resultCount(1, 1)).toBe('1 city');
    expect(resultCount(1, 50)).toBe('1 of 50 cities');
    expect(resultCount(0, 50)).toBe('No city matches (50 in all)');
  });
});
