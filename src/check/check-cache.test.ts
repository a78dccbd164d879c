import { describe, expect, it } from 'vitest';
import { clinicConfigSchema, type ClinicConfig } from '../config/schema.js';
import { sampleConfig } from '../../test/helpers/site.js';
import { createCheckCache, type CachedInput } from './check-cache.js';
import { checkSites, type CheckInput } from './run-check.js';

/**
 * The doorway check with each city's text kept between checks (issue 39 item 7): every report the
 * same as a fresh checkSites of the same cities, only the cities whose key changed read again, a
 * changed city's kept text replaced and a deleted city's dropped.
 */
const tampa = sampleConfig('tampa');
const orlando = sampleConfig('orlando');
const wesley = sampleConfig('wesley-chapel');
const patch = (config: ClinicConfig, p: Record<string, unknown>) => clinicConfigSchema.parse({ ...config, ...p });
const local = (config: ClinicConfig, p: Record<string, unknown>) => patch(config, { localContent: { ...config.localContent, ...p } });
// Tampa copied as Clearwater with its name, address and phone changed: the pair fails.
const clearwater = patch(tampa, { city: 'Clearwater', address: '600 Cleveland Street', phone: '(727) 555-0199' });

/** The cities as the cache takes them (each keyed by a version tag), counting the configs read. */
function items(cities: Record<string, [version: string, config: ClinicConfig]>, reads: string[] = []): CachedInput[] {
  return Object.entries(cities).map(([source, [version, config]]) => ({
    source,
    key: version,
    read: () => (reads.push(source), { config }),
  }));
}
const fresh = (cities: Record<string, [string, ClinicConfig]>) =>
  checkSites(Object.entries(cities).map(([source, [, config]]): CheckInput => ({ source, config })));

describe('the doorway check with kept texts', () => {
  it('gives the fresh report at each check, reading again only the city saved', () => {
    const cache = createCheckCache();
    const cities: Record<string, [string, ClinicConfig]> = { tampa: ['1', tampa], orlando: ['1', orlando], 'wesley-chapel': ['1', wesley], clearwater: ['1', clearwater] };
    const reads: string[] = [];
    const first = cache.check(items(cities, reads));
    expect(first).toEqual(fresh(cities));
    expect(reads.sort()).toEqual(['clearwater', 'orlando', 'tampa', 'wesley-chapel']);
    expect(cache.lastRead().sort()).toEqual(['clearwater', 'orlando', 'tampa', 'wesley-chapel']);

    // Nothing saved: nothing read.
    reads.length = 0;
    expect(cache.check(items(cities, reads))).toEqual(fresh(cities));
    expect(reads).toEqual([]);
    expect(cache.lastRead()).toEqual([]);

    // Clearwater rewrites its own text: it scores less against Tampa now, and only it is read.
    cities.clearwater = ['2', local(clearwater, { whyCity: 'Clearwater Beach regulars ride the Jolley Trolley down Mandalay Avenue past the pier before their appointment on Cleveland Street downtown.', faq: [] })];
    const after = cache.check(items(cities, reads));
    expect(after).toEqual(fresh(cities));
    const score = (r: typeof first) => r.cities.find((c) => c.source === 'clearwater')!.score;
    expect(score(after)).toBeLessThan(score(first));
    expect(reads).toEqual(['clearwater']);
    expect(cache.lastRead()).toEqual(['clearwater']);
    // Its kept entry is replaced: the new version first, the one before kept once.
    expect(cache.held().get('clearwater')).toEqual(['2', '1']);
    cities.clearwater = ['3', local(clearwater, { whyCity: 'Clearwater patients park on Court Street, two blocks from the Capitol Theatre, and see the same nurse at every visit.' })];
    cache.check(items(cities));
    expect(cache.held().get('clearwater')).toEqual(['3', '2']);
  });

  it('reads again the cities a new name could be in, and gives the fresh report', () => {
    const cache = createCheckCache();
    // Orlando's areas name "Kissimmee": when Wesley Chapel is renamed so, Orlando's text reads otherwise.
    const cities: Record<string, [string, ClinicConfig]> = {
      tampa: ['1', tampa],
      orlando: ['1', local(orlando, { areasServed: [...orlando.localContent.areasServed, 'Kissimmee'] })],
      'wesley-chapel': ['1', wesley],
    };
    cache.check(items(cities));
    cities['wesley-chapel'] = ['2', patch(wesley, { city: 'Kissimmee', phone: '(407) 555-0123' })];
    expect(cache.check(items(cities))).toEqual(fresh(cities));
    expect(cache.lastRead().sort()).toEqual(['orlando', 'wesley-chapel']);
    // Back to its name: the same again, Tampa's kept text still good.
    cities['wesley-chapel'] = ['3', wesley];
    expect(cache.check(items(cities))).toEqual(fresh(cities));
    expect(cache.lastRead()).not.toContain('tampa');
  });

  it('drops a deleted city, and leaves out a city that cannot be read', () => {
    const cache = createCheckCache();
    const cities: Record<string, [string, ClinicConfig]> = { tampa: ['1', tampa], orlando: ['1', orlando], 'wesley-chapel': ['1', wesley] };
    cache.check(items(cities));
    expect([...cache.held().keys()].sort()).toEqual(['orlando', 'tampa', 'wesley-chapel']);
    delete cities.orlando;
    expect(cache.check(items(cities))).toEqual(fresh(cities));
    expect([...cache.held().keys()].sort()).toEqual(['tampa', 'wesley-chapel']);
    expect(cache.lastRead()).toEqual([]);

    const unreadable: CachedInput = { source: 'old', key: '1', read: () => undefined };
    const report = cache.check([...items(cities), unreadable]);
    expect(report).toEqual(fresh(cities));
  });
});
