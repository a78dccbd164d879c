import { describe, expect, it } from 'vitest';
import { clinicConfigSchema, type ClinicConfig } from '../config/schema.js';
import { renderSite } from '../pages/render-site.js';
import { sampleConfig } from '../../test/helpers/site.js';
import { withoutLocalContent } from './local-text.js';
import { DEFAULT_THRESHOLD, MIN_LOCAL_WORDS } from './limits.js';
import { checkSites, type CheckInput } from './run-check.js';

const samples = (['tampa', 'orlando', 'wesley-chapel'] as const).map((name) => ({ source: `configs/${name}.yaml`, config: sampleConfig(name) }));
const tampa = sampleConfig('tampa');

function city(source: string, config: ClinicConfig, patch: Record<string, unknown> = {}): CheckInput {
  return { source, config: clinicConfigSchema.parse({ ...config, ...patch }) };
}

/** Tampa duplicated into Clearwater, only the city, address and phone changed (issue 23). */
const clearwater = city('clearwater.yaml', tampa, { city: 'Clearwater', address: '600 Cleveland Street', phone: '(727) 555-0199' });

describe('checkSites', () => {
  it('passes the three samples, each far under the threshold against its closest sibling', () => {
    const report = checkSites(samples);
    expect(report).toMatchObject({ ok: true, failCount: 0, threshold: DEFAULT_THRESHOLD, minLocalWords: MIN_LOCAL_WORDS });
    expect(report.cities.map((c) => c.city).sort()).toEqual(['Orlando', 'Tampa', 'Wesley Chapel']);
    for (const c of report.cities) {
      expect(c).toMatchObject({ verdict: 'distinct', pass: true, advice: [] });
      expect(c.score).toBeLessThan(0.1);
      expect(c.localWords).toBeGreaterThan(100);
    }
  });

  it("fails Tampa's copy and Tampa, each with the other as its closest sibling, and leaves the others passing", () => {
    const report = checkSites([...samples, clearwater]);
    expect(report.ok).toBe(false);
    expect(report.failCount).toBe(2);
    const by = new Map(report.cities.map((c) => [c.city, c]));
    expect(by.get('Clearwater')).toMatchObject({ verdict: 'too-alike', pass: false, closest: { city: 'Tampa', source: 'configs/tampa.yaml' } });
    expect(by.get('Tampa')).toMatchObject({ verdict: 'too-alike', pass: false, closest: { city: 'Clearwater', source: 'clearwater.yaml' } });
    expect(by.get('Clearwater')!.score).toBeGreaterThan(0.9);
    expect(by.get('Clearwater')!.advice.map((a) => a.status)).toEqual(['alike', 'alike', 'alike', 'alike', 'missing']);
    expect(by.get('Orlando')!.pass).toBe(true);
    expect(by.get('Wesley Chapel')!.pass).toBe(true);
    // Failing cities come first.
    expect(report.cities.slice(0, 2).map((c) => c.city).sort()).toEqual(['Clearwater', 'Tampa']);
  });

  it('scores a partial copy by the share of its own text its sibling says too', () => {
    // Clearwater with a why-Clearwater text of its own, Tampa's team, areas and questions kept.
    const why =
      'Clearwater patients live between the beaches and the causeway, and many work in hospitality with shifting hours. The Cleveland Street clinic is downtown near the bluff, with free parking behind the building and late afternoon visits that fit around a beach season schedule.';
    const own = city('clearwater.yaml', clearwater.config, { localContent: { ...tampa.localContent, whyCity: why } });
    const c = checkSites([...samples, own]).cities.find((x) => x.city === 'Clearwater')!;
    expect(c.closest?.city).toBe('Tampa');
    expect(c.score).toBeGreaterThan(0.5);
    expect(c.score).toBeLessThan(0.9);
    expect(c.advice.find((a) => a.field === 'localContent.whyCity')).toBeUndefined();
  });

  it('says a city alone has nothing to compare with, and passes it', () => {
    const report = checkSites([city('tampa.yaml', withoutLocalContent(tampa))]);
    expect(report).toMatchObject({ ok: true, failCount: 0, cities: [{ city: 'Tampa', verdict: 'alone', pass: true, closest: null, score: 0 }] });
  });

  it('fails a city with no local content as lacking it, even with a score of 0', () => {
    const bare = city('lakeland.yaml', withoutLocalContent(tampa), { city: 'Lakeland' });
    const report = checkSites([samples[0]!, bare]);
    const lakeland = report.cities.find((c) => c.city === 'Lakeland')!;
    expect(lakeland).toMatchObject({ verdict: 'no-local-content', pass: false, score: 0, closest: null, localWords: 0 });
    expect(lakeland.advice.map((a) => a.field)).toEqual(['localContent.whyCity', 'localContent.team', 'localContent.areasServed', 'localContent.faq', 'description']);
    expect(report.cities.find((c) => c.city === 'Tampa')!.pass).toBe(true);
  });

  it('does not count what most cities say as any one city’s own', () => {
    const description = 'Northstar Men’s Health treats men with physician-supervised care, lab work at every visit and plans reviewed by a doctor.';
    // Three cities whose only local text is the one description the clinic gives every city.
    const cities = ['Ocala', 'Naples', 'Venice'].map((name) => city(`${name}.yaml`, withoutLocalContent(tampa), { city: name, description }));
    const report = checkSites(cities);
    for (const c of report.cities) expect(c).toMatchObject({ verdict: 'no-local-content', localWords: 0 });
    // Two cities keep what they share: that is the copy the check is there to find.
    const two = checkSites(cities.slice(0, 2));
    for (const c of two.cities) expect(c.localWords).toBeGreaterThan(0);
  });

  it('reads a site the caller rendered the same as one it renders', () => {
    const rendered = samples.map((s) => ({ ...s, files: renderSite(s.config) }));
    expect(checkSites(rendered)).toEqual(checkSites(samples));
  });
});
