import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { storedTestApps, testConfig } from '../../../test/helpers/server-app.js';
import { BRAND_FILE, readBrand } from './store.js';

/** Brand settings (issue 23 item 2): brand.yaml in the data folder, read, written, checked and audited. */
const app = storedTestApps();
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

describe('brand settings', () => {
  it('start as the brand fields of the served clinic, never its address, phone or email', async () => {
    const t = app();
    const got = await body(await t.request('/api/brand'));
    expect(got).toEqual({ success: true, stored: false, brand: { businessName: 'Summit Men’s Health', primaryColor: '#1d4ed8', font: 'inter', logoIncludesName: false, services: expect.any(Object) } });
    // The served clinic's description names its city: it is that city's text, left out.
    const named = await readBrand(t.dataDir, testConfig({ description: 'Summit Men’s Health in Wesley Chapel, Florida.' }));
    expect(named.brand).not.toHaveProperty('description');
    const brandWide = await readBrand(t.dataDir, testConfig({ description: 'Men’s health, city by city.' }));
    expect(brandWide.brand.description).toBe('Men’s health, city by city.');
    expect(JSON.stringify(got)).not.toMatch(/Newberry|555-0142|hello@example|Wesley/);
    expect(existsSync(join(t.dataDir, BRAND_FILE))).toBe(false);
  });

  it('are saved as brand.yaml in the data folder, read back, and audited', async () => {
    const t = app();
    const brand = { businessName: 'Northstar Men’s Health', primaryColor: '#0f5132', font: 'source-sans-3', description: 'Men’s health, city by city.', services: { peptideTherapy: true } };
    const res = await t.json('PUT', '/api/brand', { brand });
    expect(res.status).toBe(200);
    const file = readFileSync(join(t.dataDir, BRAND_FILE), 'utf8');
    expect(file).toMatch(/^# clinic-gen brand settings/);
    expect(parse(file)).toEqual(brand);
    expect(await body(await t.request('/api/brand'))).toEqual({ success: true, stored: true, brand });
    const audit = t.rows<{ action: string; object: string; outcome: number }>("SELECT action, object, outcome FROM audit_log WHERE action = 'brand.save'");
    expect(audit).toEqual([{ action: 'brand.save', object: '/api/brand brand fields=businessName,description,font,primaryColor,services', outcome: expect.any(Number) }]);
  });

  it('refuse a bad field with the city form’s own message and keep the file as it was', async () => {
    const t = app();
    await t.json('PUT', '/api/brand', { brand: { businessName: 'Northstar' } });
    const before = readFileSync(join(t.dataDir, BRAND_FILE), 'utf8');
    const res = await t.json('PUT', '/api/brand', { brand: { businessName: 'Northstar', primaryColor: 'blue', address: '1 Main St' } });
    expect(res.status).toBe(400);
    const b = await body(res);
    expect(b.errors).toMatchObject({ primaryColor: expect.stringMatching(/^expected/) });
    // Not a brand field: a city's address has no place in brand.yaml.
    expect(Object.keys(b.errors as object)).toEqual(expect.arrayContaining(['address']));
    expect(readFileSync(join(t.dataDir, BRAND_FILE), 'utf8')).toBe(before);
  });
});
