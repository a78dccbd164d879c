import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CityVersion } from '../cities/index.js';
import { samplesDir } from '../cities/seed.js';
import { readStoredBrandSite } from './read.js';

/** The brand site from the stored brand text and the stored cities: a stored city's config name is its slug. */
const stored = (slug: string, text = readFileSync(join(samplesDir(), `${slug}.yaml`), 'utf8')): CityVersion => ({
  slug,
  version: 1,
  yaml: text,
  digest: slug,
  businessName: 'Northstar',
  city: slug,
  state: 'FL',
  savedAt: '2026-11-26T00:00:00.000Z',
});
const cities = ['tampa', 'orlando', 'wesley-chapel'].map((s) => stored(s));
/** The brand site's own policies (issue 36), last so the lines the errors below name stay where they were. */
const LEGAL = 'legal:\n  governingLaw: Florida\n  effectiveDate: "2024-01-01"\n  email: privacy@northstar.example.com\n';
const brand = (extra = '') => `businessName: Northstar Men's Health\ndomainName: northstar.example.com\n${extra}${LEGAL}`;

describe('the brand site from the store', () => {
  it('lists every stored city without locations, by state then city', () => {
    const r = readStoredBrandSite(brand(), cities);
    expect(r.ok && r.listed.map((c) => c.path)).toEqual(['/locations/fl/orlando/', '/locations/fl/tampa/', '/locations/fl/wesley-chapel/']);
  });

  it('lists the named cities in their order, and names the field of each problem', () => {
    const r = readStoredBrandSite(brand('locations:\n  FL: [tampa, orlando]\n'), cities);
    expect(r.ok && r.listed.map((c) => c.slug)).toEqual(['tampa', 'orlando']);
    const bad = readStoredBrandSite(brand('locations:\n  FL: [tampa, tampa, atlantis]\n  GA: [orlando]\n  XX: [tampa]\n'), cities);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([
      'brand.yaml:4:15 locations.FL[1]: tampa is listed twice (also locations.FL[0])',
      'brand.yaml:4:22 locations.FL[2]: no saved city atlantis',
      "brand.yaml:5:8 locations.GA[0]: orlando is a city in FL (its config's state), not in GA; list it under FL",
      expect.stringMatching(/^brand\.yaml:6:3 locations\.XX: "XX" is not a US state code/),
    ]);
  });

  it('says when there is no domain, or no brand saved at all', () => {
    expect(readStoredBrandSite(undefined, cities)).toMatchObject({ ok: false, noDomain: true });
    expect(readStoredBrandSite("businessName: Northstar Men's Health\n", cities)).toMatchObject({ ok: false, noDomain: true });
    expect(readStoredBrandSite(brand(), [])).toEqual({ ok: false, errors: ['brand.yaml: no saved city to list'] });
  });

  it('gives equal digests for equal settings written in another order', () => {
    const a = readStoredBrandSite(brand('primaryColor: "#1d4ed8"\n'), cities);
    const b = readStoredBrandSite(`primaryColor: "#1d4ed8"\n# a comment\n${brand()}`, cities);
    const c = readStoredBrandSite(brand('primaryColor: "#1d4ed9"\n'), cities);
    expect(a.ok && b.ok && a.brandDigest === b.brandDigest).toBe(true);
    expect(a.ok && c.ok && a.brandDigest !== c.brandDigest).toBe(true);
  });
});
