import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { adminFormConfig, storedTestApps } from '../../../test/helpers/server-app.js';
import { formFromConfig, mergeConfig } from '../../admin/form.js';
import { clinicConfigSchema, type ClinicConfigInput } from '../../config/schema.js';

/**
 * A city saved from the admin's form (issue 23 item 1): what it saves is the YAML `clinic-gen
 * build` reads, and a field the form does not show is kept, never dropped.
 */
const app = storedTestApps();
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

describe('a city saved from the form', () => {
  it('keeps every field the form does not show, read back unchanged from its YAML', async () => {
    const t = app();
    // Fields without an input on the form: domainName (the Website's host), deploymentType.
    const yaml = [
      'businessName: Northstar Men’s Health',
      'city: Tampa',
      'state: FL',
      'address: 100 Bay Street',
      'zipCode: "33602"',
      'phone: (813) 555-0101',
      'email: tampa@example.com',
      'domainName: tampa-clinic.example.com',
      'deploymentType: static',
      'hours: [{ days: [Monday, Tuesday], opens: "09:00", closes: "17:00" }]',
      'legal: { governingLaw: Florida, courts: Hillsborough County, effectiveDate: "2025-06-01" }',
      'localContent:',
      '  whyCity: Tampa’s own paragraph.',
      '',
    ].join('\n');
    const imported = await t.json('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: yaml }] });
    expect(imported.status).toBeLessThan(300);
    const opened = await body(await t.request('/api/cities/tampa'));
    const config = opened.config as ClinicConfigInput;
    // The admin opens it, changes the phone and adds a booking link, and saves.
    const values = formFromConfig(config);
    values.phone = '(813) 555-0177';
    values.bookingUrl = 'https://booking.example.com/tampa';
    const saved = await t.json('PUT', '/api/cities/tampa', { config: mergeConfig(config, values), baseVersion: opened.version });
    expect(saved.status).toBe(200);
    const exported = await (await t.request('/api/cities/tampa/export')).text();
    const back = parse(exported) as Record<string, unknown>;
    expect(back).toMatchObject({ domainName: 'tampa-clinic.example.com', deploymentType: 'static', localContent: { whyCity: 'Tampa’s own paragraph.' }, phone: '(813) 555-0177', bookingUrl: 'https://booking.example.com/tampa' });
    // Every field of the file is there with its value; what else the form wrote is the schema's default (the same site).
    const source = parse(yaml) as Record<string, unknown>;
    for (const [key, value] of Object.entries(source)) if (key !== 'phone') expect(back[key], key).toEqual(value);
    expect(clinicConfigSchema.parse(back)).toEqual(clinicConfigSchema.parse({ ...source, phone: '(813) 555-0177', bookingUrl: 'https://booking.example.com/tampa' }));
    expect(back.hours).toEqual([{ days: ['Monday', 'Tuesday'], opens: '09:00', closes: '17:00' }]);
    expect(back).not.toHaveProperty('costs');
  });

  it('a city made from the brand only is refused until its own fields are filled', async () => {
    const t = app();
    const res = await t.json('POST', '/api/cities', { config: { businessName: 'Northstar', city: '', state: '', address: '', zipCode: '', phone: '', email: '' } });
    expect(res.status).toBe(400);
    const errors = (await body(res)).errors as Record<string, string>;
    for (const f of ['city', 'address', 'zipCode', 'phone', 'email']) expect(errors, f).toHaveProperty(f);
    // Its hours and legal facts may wait (issue 39 item 3): a save does not ask for them.
    for (const f of ['hours', 'legal.courts']) expect(errors, f).not.toHaveProperty(f);
    expect((await t.json('POST', '/api/cities', { config: adminFormConfig() })).status).toBe(201);
  });
});
