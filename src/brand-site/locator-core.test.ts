import { describe, expect, it } from 'vitest';
import { SAMPLES, sampleConfig } from '../../test/helpers/site.js';
import { finderUnknownZip } from '../texts/finder.js';
import { FAR_MILES, answerFor, decodeZipTable, distanceMiles, encodeZipTable, formatMiles, hasPrefix, line, nearest, normalizeZip, rankByDistance, zipPoint, type ZipTable } from './locator-core.js';
import { locationPoint, nationalZipTable, zipTable } from './zip-table.js';

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

  it("says a ZIP of the table's prefixes that it has not got is not found, one of another prefix is elsewhere, and what is not a ZIP is invalid", () => {
    expect(nearest('33999', TABLE, LOCATIONS)).toEqual({ ok: false, error: 'not-found', zip: '33999' }); // a Florida prefix, no such ZCTA
    expect(nearest('33601', TABLE, LOCATIONS)).toEqual({ ok: false, error: 'not-found', zip: '33601' }); // Tampa's PO boxes: no area
    expect(nearest('30303', TABLE, LOCATIONS)).toEqual({ ok: false, error: 'elsewhere', zip: '30303' }); // Atlanta: no Georgia clinic
    expect(nearest('99999', TABLE, LOCATIONS)).toEqual({ ok: false, error: 'elsewhere', zip: '99999' });
    for (const input of ['', '3354', '335441', 'abcde', '33544-12', '33544--1234']) {
      expect(nearest(input, TABLE, LOCATIONS), input).toEqual({ ok: false, error: 'invalid', input });
    }
    expect(line(finderUnknownZip('99999'))).toMatch(/^We cannot find ZIP code 99999\. Check it, /);
  });

  it('finds every US ZIP in the national table: Atlanta ranks the Florida clinics, 99999 is in no table', () => {
    const us = decodeZipTable(nationalZipTable().content)!;
    const r = nearest('30303', us, LOCATIONS);
    if (!r.ok) throw new Error(r.error);
    expect(r.ranked.map((x) => x.location.name)).toEqual(['Orlando', 'Wesley Chapel', 'Tampa']);
    expect(Math.round(r.ranked[0]!.miles!)).toBeGreaterThan(350);
    expect(nearest('99999', us, LOCATIONS)).toMatchObject({ ok: false, error: 'not-found' });
    expect(nearest('10001', us, LOCATIONS).ok).toBe(true); // New York
    expect(nearest('00901', us, LOCATIONS).ok).toBe(true); // San Juan, Puerto Rico
  });
});

describe('answerFor', () => {
  const places = LOCATIONS.map((l) => ({ ...l, place: `${l.name}, FL`, contact: `locations/fl/${l.name.toLowerCase().replace(' ', '-')}/contact/` }));
  const brand = "Northstar Men's Health";

  it('names the nearest clinic and its distance when it is near', () => {
    const r = nearest('33544', TABLE, places);
    if (!r.ok) throw new Error(r.error);
    expect(answerFor('33544', brand, r.ranked)).toEqual({ line: 'Nearest to 33544: Wesley Chapel, 4 miles.', far: false });
  });

  it('says how far the nearest of the brand is, and offers its contact form, when every clinic is far', () => {
    const us = decodeZipTable(nationalZipTable().content)!;
    const r = nearest('30303', us, places);
    if (!r.ok) throw new Error(r.error);
    const miles = formatMiles(r.ranked[0]!.miles!);
    expect(r.ranked[0]!.miles).toBeGreaterThan(FAR_MILES);
    expect(answerFor('30303', brand, r.ranked)).toEqual({
      line: `The nearest Northstar Men's Health clinic is Orlando, FL, ${miles} away.`,
      far: true,
      contact: { href: 'locations/fl/orlando/contact/', text: 'Send our Orlando clinic a message' },
    });
    // The brand is the data's: another brand's name, no Northstar.
    expect(answerFor('30303', 'Acme Clinics', r.ranked)!.line).toMatch(/^The nearest Acme Clinics clinic is Orlando, FL, [\d,]+ miles away\.$/);
  });

  it('takes a clinic at FAR_MILES as near, one past it as far, and one without coordinates as near, without miles', () => {
    const at = (miles: number | undefined) => answerFor('x', brand, [{ location: places[0]!, miles }])!.far;
    expect([at(FAR_MILES), at(FAR_MILES + 1), at(undefined)]).toEqual([false, true, false]);
    expect(answerFor('x', brand, [{ location: places[0]!, miles: undefined }])!.line).toBe(`Nearest to x: ${places[0]!.name}.`);
    expect(answerFor('x', brand, [])).toBeUndefined();
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
    expect(decodeZipTable(text.replace(/^(\S+ \d+) \d+/, '$1'))).toBeUndefined(); // no scale
    expect(decodeZipTable(text.replace(/^zips2/, 'zips1'))).toBeUndefined(); // an older format
    expect(zipPoint(decodeZipTable(text)!, '33544')).toBeDefined();
  });

  it('reads back what encodeZipTable wrote, at its scale', () => {
    const points = [
      ['00601', { latitude: 18.180555, longitude: -66.749961 }],
      ['33544', { latitude: 28.239, longitude: -82.327 }],
      ['99929', { latitude: 56.4, longitude: -132.3 }],
    ] as const;
    for (const scale of [1000, 100]) {
      const t = decodeZipTable(encodeZipTable(points, scale))!;
      expect(t.scale).toBe(scale);
      for (const [zip, p] of points) {
        const q = zipPoint(t, zip)!;
        expect(Math.abs(q.latitude - p.latitude), zip).toBeLessThanOrEqual(0.5 / scale);
        expect(Math.abs(q.longitude - p.longitude), zip).toBeLessThanOrEqual(0.5 / scale);
      }
      expect(zipPoint(t, '33545')).toBeUndefined();
      expect([hasPrefix(t, '33599'), hasPrefix(t, '33400'), hasPrefix(t, '00600'), hasPrefix(t, '99999'), hasPrefix(t, '99800')]).toEqual([true, false, true, true, false]);
    }
  });
});
