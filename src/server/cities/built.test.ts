import { describe, expect, it } from 'vitest';
import { builtFrom, sameBuild } from './built.js';

const tampa = { slug: 'tampa', version: 3, config: { state: 'FL', timeZone: undefined, specialHours: [{ label: 'Thanksgiving', date: '2026-11-26', closed: true as const }] } };
const at = new Date('2026-11-20T12:00:00Z');
const origin = 'https://clinic.example.com';

describe('what a release was built from (redeploy-all skips an unchanged site)', () => {
  it('is the same for the same version, day, origin and brand', () => {
    expect(sameBuild(builtFrom([tampa], at, { origin }), builtFrom([tampa], at, { origin }))).toBe(true);
    expect(sameBuild(builtFrom([tampa], at, { origin, brand: 'b1' }), builtFrom([tampa], at, { origin, brand: 'b1' }))).toBe(true);
  });

  it('differs when the version, the special hours shown, the contact origin or the brand settings do', () => {
    const was = builtFrom([tampa], at, { origin });
    expect(sameBuild(was, builtFrom([{ ...tampa, version: 4 }], at, { origin }))).toBe(false);
    // The day after Thanksgiving the closure is no longer shown.
    expect(sameBuild(was, builtFrom([tampa], new Date('2026-11-27T12:00:00Z'), { origin }))).toBe(false);
    expect(sameBuild(was, builtFrom([tampa], at, { origin: 'https://admin.example.com' }))).toBe(false);
    expect(sameBuild(builtFrom([tampa], at, { origin, brand: 'b1' }), builtFrom([tampa], at, { origin, brand: 'b2' }))).toBe(false);
    expect(sameBuild(was, builtFrom([tampa, { ...tampa, slug: 'orlando' }], at, { origin }))).toBe(false);
  });

  it('never takes a release without a record (an older clinic-gen) for unchanged', () => {
    expect(sameBuild(undefined, builtFrom([tampa], at, { origin }))).toBe(false);
  });
});
