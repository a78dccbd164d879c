import { describe, expect, it } from 'vitest';
import { SAMPLES, sampleConfig } from '../../test/helpers/site.js';
import { decodeZipTable, distanceMiles, formatMiles, locatorTexts, nearest, normalizeZip, rankByDistance, zipPoint, type ZipTable } from './locator-core.js';
import { locationPoint, zipTable } from './zip-table.js';

/** The three sample clinics as the box lists them: Orlando's config has no geo, so its ZIP's centroid. */
const LOCATIONS = SAMPLES.map((name) => {
  const config = sampleConfig(name);
  return { name: config.city, ...locationPoint(config) };
});
const TABLE: ZipTable = decodeZipTable(zipTable(['FL']).content)!;

function first(zip: string): string | undefined {
  const r = nearest(zip, TABLE, LOCATIONS);
  return r.ok ? r.ranked[0]?.location.name : undefined;
}

describe('nearest', () => {
  it('lists the sample clinics from the nearest, for the ZIPs of the acceptance', () => {
    expect(first('33544')).toBe('Wesley Chapel');
    expect(first('32801')).toBe('Orlando');
    expect(first('33607')).toBe('Tampa');
  });

  it('gives every location once, with miles, nearest first', () => {
    const r = nearest('33544', TABLE, LOCATIONS);
    if (!r.ok) throw new Error(r.error);
    expect(r.zip).toBe('33544');
    expect(r.ranked.map((x) => x.location.name)).toEqual(['Wesley Chapel', 'Tampa', 'Orlando']);
    const miles = r.ranked.map((x) => x.miles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(formatMiles(miles[0]!)).toBe('4 miles');
  });

  it('takes spaces and ZIP+4', () => {
    for (const input of [' 33607 ', '33607-1234', '3 3 6 0 7', '336071234', '33607 1234']) expect(first(input), input).toBe('Tampa');
  });

  it('says a ZIP that is not in the table is not found, and what is not a ZIP is invalid', () => {
    expect(nearest('99999', TABLE, LOCATIONS)).toEqual({ ok: false, error: 'not-found', zip: '99999' });
    expect(nearest('30303', TABLE, LOCATIONS)).toEqual({ ok: false, error: 'not-found', zip: '30303' }); // Atlanta: no Georgia clinic
    for (const input of ['', '3354', '335441', 'abcde', '33544-12', '33544--1234']) {
      expect(nearest(input, TABLE, LOCATIONS), input).toEqual({ ok: false, error: 'invalid', input });
    }
    expect(locatorTexts.notFound('99999')).toContain('99999');
  });
});

describe('rankByDistance', () => {
  it('ranks from a point (the browser location) and puts locations without coordinates last', () => {
    const downtownOrlando = { latitude: 28.5384, longitude: -81.3789 };
    const ranked = rankByDistance(downtownOrlando, [{ name: 'Nowhere' }, ...LOCATIONS]);
    expect(ranked.map((r) => r.location.name)).toEqual(['Orlando', 'Wesley Chapel', 'Tampa', 'Nowhere']);
    expect(ranked[3]!.miles).toBeUndefined();
  });
});

describe('distanceMiles', () => {
  it('measures great circles in miles', () => {
    // A degree along a meridian is 69.09 miles on the sphere; JFK to LAX is 2,475 miles on the
    // ellipsoid, which the sphere misses by up to half a percent.
    expect(distanceMiles({ latitude: 28, longitude: -82 }, { latitude: 29, longitude: -82 })).toBeCloseTo(69.09, 1);
    expect(Math.abs(distanceMiles({ latitude: 40.6413, longitude: -73.7781 }, { latitude: 33.9416, longitude: -118.4085 }) - 2475)).toBeLessThan(12);
    expect(distanceMiles(LOCATIONS[0] as never, LOCATIONS[0] as never)).toBe(0);
  });
});

describe('normalizeZip and formatMiles', () => {
  it('keeps the five digits', () => {
    expect(normalizeZip('\t33607-1234\n')).toBe('33607');
    expect(normalizeZip('33607-')).toBeUndefined();
  });
  it('writes miles as a person would say them', () => {
    expect([0.2, 0.6, 1.4, 3.6, 1204.4].map(formatMiles)).toEqual(['less than 1 mile', '1 mile', '1 mile', '4 miles', '1,204 miles']);
  });
});

describe('decodeZipTable', () => {
  it('refuses what is not a table, or a cut one', () => {
    const text = zipTable(['FL']).content;
    expect(decodeZipTable('<!doctype html>')).toBeUndefined();
    expect(decodeZipTable(text.slice(0, text.length / 2))).toBeUndefined();
    expect(decodeZipTable(text.replace('\n3', '\nx'))).toBeUndefined();
    expect(zipPoint(decodeZipTable(text)!, '33544')).toBeDefined();
  });
});
