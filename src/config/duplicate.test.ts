import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/site.js';
import { BRAND_FIELDS } from './brand.js';
import { duplicateConfig, leftOutOfDuplicate } from './duplicate.js';
import { clinicConfigSchema, type ClinicConfigInput } from './schema.js';

const tampa = () => parse(readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8')) as ClinicConfigInput;

describe('duplicateConfig', () => {
  it('copies the brand of Tampa (name, colour, typeface, logo, services, description) and nothing of Tampa’s own', () => {
    const source = tampa();
    const copy = duplicateConfig(source);
    expect(copy).toMatchObject({
      businessName: "Northstar Men's Health",
      primaryColor: '#1e40af',
      services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: false, vitaminInjections: true, hormone_optimization: true },
    });
    expect(copy).toMatchObject({ city: '', state: '', address: '', zipCode: '', phone: '', email: '' });
    for (const key of Object.keys(copy)) expect([...BRAND_FIELDS, 'city', 'state', 'address', 'zipCode', 'phone', 'email'], key).toContain(key);
    // Nothing of Tampa's text is left anywhere in the copy.
    expect(JSON.stringify(copy)).not.toMatch(/tampa|Westshore|813|555-0142|27\.9592|Patel|Hillsborough/i);
  });

  it('copies the logo, leaves out the hours, legal text, booking, photos and contact endpoint, and names what it left out', () => {
    const source: ClinicConfigInput = {
      ...tampa(),
      hours: [{ days: ['Monday'], opens: '08:00', closes: '12:00' }],
      legal: { governingLaw: 'Florida', courts: 'Hillsborough County', effectiveDate: '2024-01-01' },
      contactEndpoint: 'https://clinic.example.com/api/contact',
      bookingUrl: 'https://booking.example.com/tampa',
      logoUrl: '/uploads/logo-1a2b.png',
      logoLightUrl: '/uploads/logo-light-1a2b.png',
      logoIncludesName: true,
      photos: { hero: { src: '/uploads/photo-1a2b.jpg', alt: 'The Westshore clinic’s front desk' }, gallery: [] },
    };
    const copy = duplicateConfig(source);
    expect(copy).toMatchObject({ logoUrl: '/uploads/logo-1a2b.png', logoLightUrl: '/uploads/logo-light-1a2b.png', logoIncludesName: true });
    for (const key of ['hours', 'legal', 'contactEndpoint', 'bookingUrl', 'photos', 'localContent', 'socialMedia', 'website', 'geo']) expect(copy, key).not.toHaveProperty(key);
    const left = leftOutOfDuplicate(source);
    expect(left).toEqual(expect.arrayContaining(['city', 'state', 'address', 'zipCode', 'phone', 'email', 'hours', 'legal', 'contactEndpoint', 'bookingUrl', 'photos', 'localContent']));
    for (const key of BRAND_FIELDS) expect(left).not.toContain(key);
    // An empty field held nothing to leave out.
    expect(leftOutOfDuplicate({ ...source, businessProfiles: [], socialMedia: {} })).not.toContain('businessProfiles');
  });

  it('leaves out a description that names the city it came from, and says so', () => {
    const source: ClinicConfigInput = { ...tampa(), description: 'Northstar Men’s Health in Tampa: TRT near Westshore.' };
    expect(duplicateConfig(source)).not.toHaveProperty('description');
    expect(leftOutOfDuplicate(source)).toContain('description');
    const brandWide: ClinicConfigInput = { ...tampa(), description: 'Men’s health, city by city.' };
    expect(duplicateConfig(brandWide).description).toBe('Men’s health, city by city.');
    expect(leftOutOfDuplicate(brandWide)).not.toContain('description');
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
    for (const f of ['city', 'state', 'address', 'zipCode', 'phone', 'email', 'hours', 'legal']) expect(fields, f).toContain(f);
    const filled = {
      ...copy,
      city: 'Lakeland', state: 'FL', address: '200 Lake Morton Drive', zipCode: '33801', phone: '(863) 555-0110', email: 'lakeland@example.com', website: 'https://lakeland.example.com',
      hours: [{ days: ['Monday', 'Tuesday'], opens: '09:00', closes: '17:00' }],
      legal: { governingLaw: 'Florida', courts: 'Polk County', effectiveDate: '2026-12-01' },
    } as ClinicConfigInput;
    expect(clinicConfigSchema.safeParse(filled).success).toBe(true);
  });
});
