import { describe, expect, it } from 'vitest';
import { HttpError, readFailure } from './api.js';
import { parseBulkUrls } from './bulk-urls.js';
import { formFieldOf, initialForm, toConfig } from './form.js';
import { formatDate } from './format.js';
import { clinicConfigSchema } from '../config/schema.js';
import { initialValues } from './initial-values.js';
import { sampleConfig } from '../../test/helpers/site.js';

/** The admin client's pure parts: bulk add, the form <-> config mapping, the error format. */
describe('bulk URL add (spec section 5)', () => {
  it('splits by lines, trims, drops empty and non-http(s) lines, keeps order and duplicates', () => {
    const text = '  https://a.example.com/x  \r\n\n   \nftp://b.example.com\nwww.c.example.com\nhttp://d.example.com\nhttps://a.example.com/x\nHTTPS://upper.example.com';
    expect(parseBulkUrls(text)).toEqual({
      urls: ['https://a.example.com/x', 'http://d.example.com', 'https://a.example.com/x'],
      skipped: 3,
    });
  });

  it('gives nothing for an empty box', () => {
    expect(parseBulkUrls('')).toEqual({ urls: [], skipped: 0 });
  });
});

describe('form values', () => {
  it('start from the served clinic with the spec service defaults, without its social handles or profile links', () => {
    const form = initialForm(JSON.parse(JSON.stringify(initialValues(sampleConfig()))) as Record<string, unknown>);
    expect(form).toMatchObject({ businessName: "Northstar Men's Health", city: 'Wesley Chapel', zipCode: '33545', website: 'https://www.example.com', logoUrl: '' });
    expect(form.services).toEqual({ trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: true });
    expect(sampleConfig().socialMedia.instagram).toBeTruthy(); // the sample has them; the form must not copy them
    expect(Object.values(form.socialMedia).every((v) => v === '')).toBe(true);
    expect(form.businessProfiles).toEqual([]);
    expect(initialForm().services.peptideTherapy).toBe(false);
  });

  it('become a config the one schema accepts, empty optional fields left out', () => {
    const first = initialForm(JSON.parse(JSON.stringify(initialValues(sampleConfig()))) as Record<string, unknown>);
    // A new city starts with no hours and no legal facts of another city (decision 14): the schema names each.
    expect(first.hours).toEqual([]);
    expect([first.governingLaw, first.courts, first.effectiveDate]).toEqual(['', '', '']);
    const missing = clinicConfigSchema.safeParse(toConfig(first));
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['hours', 'legal.courts', 'legal.effectiveDate', 'legal.governingLaw']);
    const config = toConfig({
      ...first,
      hours: [{ days: ['Monday', 'Wednesday'], opens: '09:00', closes: '17:00' }],
      governingLaw: 'Florida',
      courts: 'Polk County',
      effectiveDate: '2026-12-01',
    });
    expect(config.deploymentType).toBe('static');
    expect(config.domainName).toBeUndefined();
    expect(config.logoUrl).toBeUndefined();
    expect(config.socialMedia).not.toHaveProperty('pinterest');
    expect(config.legal).toEqual({ governingLaw: 'Florida', courts: 'Polk County', effectiveDate: '2026-12-01' });
    expect(clinicConfigSchema.safeParse(config).success).toBe(true);
  });

  it('maps server error keys to form fields', () => {
    expect(formFieldOf('businessProfiles[2]')).toBe('businessProfiles.2.url');
    expect(formFieldOf('domainName')).toBe('website');
    expect(formFieldOf('socialMedia.instagram')).toBe('socialMedia.instagram');
  });
});

describe('dates', () => {
  it('read as a short date and time, never as "Invalid Date"', () => {
    const text = formatDate('2026-11-22T10:46:00Z');
    expect(text).toMatch(/2026/);
    expect(text).not.toMatch(/\d\/\d/); // a month name, not 11/22/2026
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('errors (spec section 8)', () => {
  it('read `status: text`, or the status text when the body is empty', () => {
    expect(new HttpError(409, 'conflict', 'Conflict').message).toBe('409: conflict');
    expect(new HttpError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
    expect(new HttpError(400, '{"success":false}', 'Bad Request').json).toEqual({ success: false });
  });
});

describe('a failed answer, read defensively', () => {
  it('takes the one failure shape: message, error and the field map', () => {
    const body = { success: false, error: 'city: City is required', message: 'Failed to generate website', errors: { city: 'City is required' } };
    expect(readFailure(body)).toEqual({ message: 'Failed to generate website', error: 'city: City is required', errors: { city: 'City is required' } });
  });

  it('keeps only string values, so a proxy page or a partial body reads as "nothing said"', () => {
    expect(readFailure(undefined)).toEqual({ message: undefined, error: undefined, errors: {} });
    expect(readFailure({ message: 42, error: '', errors: ['city'] })).toEqual({ message: undefined, error: undefined, errors: {} });
    expect(readFailure({ errors: { city: 'City is required', zip: { nested: true } } }).errors).toEqual({ city: 'City is required' });
  });
});
