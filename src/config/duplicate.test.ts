import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/site.js';
import { duplicateConfig } from './duplicate.js';
import { clinicConfigSchema, type ClinicConfigInput } from './schema.js';

const tampa = () => parse(readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8')) as ClinicConfigInput;

describe('duplicateConfig', () => {
  it('keeps the brand and services of Tampa and clears everything that is Tampa’s own', () => {
    const source = tampa();
    const copy = duplicateConfig(source);
    expect(copy).toMatchObject({
      businessName: "Northstar Men's Health",
      state: 'FL',
      primaryColor: '#1e40af',
      services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: false, vitaminInjections: true, hormone_optimization: true },
    });
    expect(copy).toMatchObject({ city: '', address: '', zipCode: '', phone: '', email: '', socialMedia: {}, businessProfiles: [] });
    for (const key of ['website', 'domainName', 'localContent', 'logoUrl', 'geo']) expect(copy, key).not.toHaveProperty(key);
    // Nothing of Tampa's text is left anywhere in the copy.
    expect(JSON.stringify(copy)).not.toMatch(/tampa|Westshore|813|555-0142|27\.9592|Patel/i);
  });

  it('copies fields the form has no input for (hours, legal, contact endpoint)', () => {
    const source: ClinicConfigInput = {
      ...tampa(),
      hours: [{ days: ['Monday'], opens: '08:00', closes: '12:00' }],
      legal: { governingLaw: 'Florida', courts: 'Hillsborough County' },
      contactEndpoint: 'https://clinic.example.com/api/contact',
      logoUrl: '/uploads/logo-1a2b.png',
      logoLightUrl: '/uploads/logo-light-1a2b.png',
      logoIncludesName: true,
      photos: { hero: { src: '/uploads/photo-1a2b.jpg', alt: 'The Westshore clinic’s front desk' }, gallery: [] },
    };
    const copy = duplicateConfig(source);
    expect(copy.hours).toEqual([{ days: ['Monday'], opens: '08:00', closes: '12:00' }]);
    expect(copy.legal).toEqual({ governingLaw: 'Florida', courts: 'Hillsborough County' });
    expect(copy.contactEndpoint).toBe('https://clinic.example.com/api/contact');
    // The logo and the photos show this clinic: the new city gets its own.
    for (const key of ['logoUrl', 'logoLightUrl', 'logoIncludesName', 'photos']) expect(copy, key).not.toHaveProperty(key);
  });

  it('leaves the source as it was and shares no object with it', () => {
    const source = tampa();
    const before = JSON.stringify(source);
    const copy = duplicateConfig(source);
    copy.services!.trt = false;
    expect(JSON.stringify(source)).toBe(before);
  });

  it('is refused by the schema until the local fields are filled, then accepted', () => {
    const copy = duplicateConfig(tampa());
    const refused = clinicConfigSchema.safeParse(copy);
    expect(refused.success).toBe(false);
    const fields = new Set(refused.error!.issues.map((i) => String(i.path[0])));
    for (const f of ['city', 'address', 'zipCode', 'phone', 'email']) expect(fields, f).toContain(f);
    const filled = { ...copy, city: 'Lakeland', address: '200 Lake Morton Drive', zipCode: '33801', phone: '(863) 555-0110', email: 'lakeland@example.com', website: 'https://lakeland.example.com' };
    expect(clinicConfigSchema.safeParse(filled).success).toBe(true);
  });
});
