import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { ROOT, configWith } from '../../test/helpers/site.js';
import { cityInputs, datedOf, datedPart } from './inputs.js';
import { MANIFEST, readManifest } from './manifest.js';

// The build day is part of a city's digest only where its site depends on it: which special hours
// it shows. A city without special hours has the same digest on every day.

const CONFIG = join(ROOT, 'configs/wesley-chapel.yaml');
const at = (iso: string) => new Date(iso);
const digestAt = (config: ReturnType<typeof configWith>, iso: string) => cityInputs(config, CONFIG, undefined, 'code', at(iso)).digest;

const holidays = configWith({
  specialHours: [
    { label: 'Thanksgiving', date: '2026-11-26', closed: true },
    { label: 'Winter break', date: '2026-12-31', through: '2027-01-02', closed: true },
  ],
});

describe('the dated part of a city digest', () => {
  it('is absent without special hours: the digest is the same on any day of a year, and changes with the year (the footer shows it)', () => {
    const plain = configWith({});
    expect(datedOf(plain)).toBeUndefined();
    expect(digestAt(plain, '2026-01-01T12:00:00Z')).toBe(digestAt(plain, '2026-12-31T12:00:00Z'));
    expect(digestAt(plain, '2026-12-31T23:59:59Z')).not.toBe(digestAt(plain, '2027-01-01T00:00:00Z'));
    expect(cityInputs(plain, CONFIG, undefined, 'code', at('2026-01-01T12:00:00Z'))).not.toHaveProperty('dated');
  });

  it('keeps the zone and the days the site changes on, and counts those come by the build instant, in the city zone', () => {
    expect(datedOf(holidays)).toBe('America/New_York 2026-11-27 2027-01-03');
    expect(datedOf(configWith({ ...holidays, timeZone: 'America/Chicago' }))).toBe('America/Chicago 2026-11-27 2027-01-03');
    const dated = datedOf(holidays);
    // 11 p.m. on Thanksgiving in Wesley Chapel is Nov 27 in UTC: still the first part.
    expect(datedPart(dated, at('2026-11-27T04:00:00Z'))).toBe(0);
    expect(datedPart(dated, at('2026-11-27T05:00:00Z'))).toBe(1);
    expect(datedPart(dated, at('2027-01-03T05:00:00Z'))).toBe(2);
    expect(datedPart(undefined, at('2027-01-03T05:00:00Z'))).toBeNull();
  });

  it('changes the digest only when the entries shown change', () => {
    expect(digestAt(holidays, '2026-11-01T12:00:00Z')).toBe(digestAt(holidays, '2026-11-26T23:00:00Z'));
    expect(digestAt(holidays, '2026-11-26T23:00:00Z')).not.toBe(digestAt(holidays, '2026-11-27T12:00:00Z'));
    expect(digestAt(holidays, '2026-11-27T12:00:00Z')).toBe(digestAt(holidays, '2026-12-31T12:00:00Z'));
    expect(digestAt(holidays, '2027-01-01T12:00:00Z')).toBe(digestAt(holidays, '2027-01-02T12:00:00Z'));
    expect(digestAt(holidays, '2027-01-02T12:00:00Z')).not.toBe(digestAt(holidays, '2027-01-03T12:00:00Z'));
  });

  it('is kept by the manifest as a string, and a record with anything else there is not trusted', () => {
    const dir = tempDir();
    const rec = { config: 'c.yaml', slug: 'tampa', digest: 'd', text: 't', configDigest: 'c', assets: [], files: 'index.html', dirs: '', warnings: [] };
    writeFileSync(join(dir, MANIFEST), JSON.stringify({ tool: 'clinic-gen', format: 1, sites: { tampa: { ...rec, dated: 'America/New_York 2026-11-27' }, orlando: { ...rec, dated: 7 }, naples: rec } }));
    const m = readManifest(dir);
    expect(Object.keys(m.sites).sort()).toEqual(['naples', 'tampa']);
    expect(m.sites.tampa!.dated).toBe('America/New_York 2026-11-27');
  });
});
