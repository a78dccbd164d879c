import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { clinicConfigJsonSchema } from './json-schema.js';
import { clinicConfigSchema } from './schema.js';

/**
 * The editor's schema says of logoLightUrl what clinic-gen says: the same pattern as logoUrl, so
 * an editor flags the same values the build refuses.
 */
const schema = clinicConfigJsonSchema();
const props = schema.properties as Record<string, { pattern?: string; description?: string }>;
const validate = new Ajv({ strict: true, strictRequired: false, formats: { email: true, uri: true } }).compile(schema);
const base = {
  businessName: 'A', city: 'Tampa', state: 'FL', address: '1 Main St', zipCode: '33601', phone: '(813) 555-0100', email: 'a@example.com', domainName: 'tampa.example.com',
  hours: [{ days: ['Monday'], opens: '09:00', closes: '17:00' }],
  legal: { governingLaw: 'Florida', courts: 'Hillsborough County', effectiveDate: '2025-06-01' },
};

describe("a city's own facts in the JSON schema (decision 14)", () => {
  it('requires the hours and the three legal facts, as zod does', () => {
    expect(schema.required).toEqual(expect.arrayContaining(['hours', 'legal']));
    for (const drop of ['hours', 'legal']) {
      const config: Record<string, unknown> = { ...base };
      delete config[drop];
      expect(clinicConfigSchema.safeParse(config).success, drop).toBe(false);
      expect(validate(config), drop).toBe(false);
    }
    for (const drop of ['governingLaw', 'courts', 'effectiveDate']) {
      const legal: Record<string, unknown> = { ...base.legal };
      delete legal[drop];
      expect(clinicConfigSchema.safeParse({ ...base, legal }).success, drop).toBe(false);
      expect(validate({ ...base, legal }), drop).toBe(false);
    }
    expect(validate({ ...base, legal: { ...base.legal, effectiveDate: 'January 1, 2024' } })).toBe(false);
    expect(validate({ ...base, hours: [] })).toBe(false);
  });
});

describe('logoLightUrl in the JSON schema', () => {
  it('has the pattern of logoUrl and says what it is for', () => {
    expect(props.logoLightUrl!.pattern).toBe(props.logoUrl!.pattern);
    expect(props.logoLightUrl!.description).toMatch(/dark footer/);
  });

  it.each(['/images/orlando/wordmark-light.png', 'https://cdn.example.com/light.svg?v=2', 'javascript:alert(1)', '//evil.example.com/x.png', '/a b.png', 'https://x.example.com/a"b.png'])(
    'agrees with zod on %s',
    (url) => {
      const zod = clinicConfigSchema.safeParse({ ...base, logoLightUrl: url }).success;
      expect(validate({ ...base, logoLightUrl: url })).toBe(zod);
    },
  );
});

describe('the fields of issue 23 in the JSON schema', () => {
  it.each(['https://booking.example.com/northstar-tampa?src=site', 'http://booking.example.com/x', 'javascript:alert(1)', 'https://', 'ftp://booking.example.com/x'])(
    'agrees with zod on the booking link %s',
    (url) => {
      const zod = clinicConfigSchema.safeParse({ ...base, bookingUrl: url }).success;
      expect(validate({ ...base, bookingUrl: url })).toBe(zod);
    },
  );

  it('takes the special hours zod takes, and refuses what it can see is wrong', () => {
    const good = { ...base, specialHours: [{ label: 'Thanksgiving', date: '2026-11-26', closed: true }, { label: 'Christmas Eve', date: '2026-12-24', opens: '09:00', closes: '12:00' }] };
    expect(clinicConfigSchema.safeParse(good).success).toBe(true);
    expect(validate(good)).toBe(true);
    for (const bad of [{ label: 'x', date: '26-11-2026', closed: true }, { label: 'x', date: '2026-11-26', closed: true, note: 'y' }, { date: '2026-11-26', closed: true }]) {
      expect(clinicConfigSchema.safeParse({ ...base, specialHours: [bad] }).success).toBe(false);
      expect(validate({ ...base, specialHours: [bad] })).toBe(false);
    }
  });
});
