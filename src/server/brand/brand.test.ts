import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { storedTestApps, testConfig, testServerConfig } from '../../../test/helpers/server-app.js';
import { BRAND_FILE, readBrand } from './store.js';

/** Brand settings (issue 23 item 2): one row in the store, copied to brand.yaml in the data folder, read, written, checked and audited. */
const app = storedTestApps();
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

describe('brand settings', () => {
  it('start as the brand fields of the served clinic, never its address, phone or email', async () => {
    const t = app();
    const got = await body(await t.request('/api/brand'));
    expect(got).toEqual({ success: true, stored: false, brand: { businessName: 'Summit Men’s Health', primaryColor: '#1d4ed8', font: 'inter', logoIncludesName: false, services: expect.any(Object) } });
    // The served clinic's description names its city: it is that city's text, left out.
    const named = await readBrand(t.db.brand, testConfig({ description: 'Summit Men’s Health in Wesley Chapel, Florida.' }));
    expect(named.brand).not.toHaveProperty('description');
    const brandWide = await readBrand(t.db.brand, testConfig({ description: 'Men’s health, city by city.' }));
    expect(brandWide.brand.description).toBe('Men’s health, city by city.');
    expect(JSON.stringify(got)).not.toMatch(/Newberry|555-0142|hello@example|Wesley/);
    expect(existsSync(join(t.dataDir, BRAND_FILE))).toBe(false);
    expect(t.rows('SELECT * FROM brand')).toEqual([]);
  });

  it('are saved in the store and as brand.yaml in the data folder, read back, and audited', async () => {
    const t = app();
    const brand = { businessName: 'Northstar Men’s Health', primaryColor: '#0f5132', font: 'source-sans-3', description: 'Men’s health, city by city.', services: { peptideTherapy: true } };
    const res = await t.json('PUT', '/api/brand', { brand });
    expect(res.status).toBe(200);
    const file = readFileSync(join(t.dataDir, BRAND_FILE), 'utf8');
    expect(file).toMatch(/^# clinic-gen brand settings/);
    expect(parse(file)).toEqual(brand);
    // The store's row holds the same text, with when it was saved.
    expect(t.rows('SELECT id, yaml, updated_at FROM brand')).toEqual([{ id: 1, yaml: file, updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
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
    expect(t.rows<{ yaml: string }>('SELECT yaml FROM brand')[0]?.yaml).toBe(before);
  });

  it('read from the store, not the file: a brand.yaml changed by hand after a save is not what GET returns', async () => {
    const t = app();
    const brand = { businessName: 'Northstar Men’s Health', primaryColor: '#0f5132' };
    await t.json('PUT', '/api/brand', { brand });
    writeFileSync(join(t.dataDir, BRAND_FILE), 'businessName: Edited By Hand\n');
    expect(await body(await t.request('/api/brand'))).toEqual({ success: true, stored: true, brand });
  });

  it('written as brand.yaml by the release before are imported into the store on first start', async () => {
    const dataDir = testServerConfig().dataDir;
    mkdirSync(dataDir, { recursive: true });
    const old = '# clinic-gen brand settings\nbusinessName: Harbor Men’s Health\nprimaryColor: "#7c2d12"\nfont: inter\n';
    writeFileSync(join(dataDir, BRAND_FILE), old);
    const t = app({ dataDir });
    expect(await body(await t.request('/api/brand'))).toEqual({ success: true, stored: true, brand: { businessName: 'Harbor Men’s Health', primaryColor: '#7c2d12', font: 'inter' } });
    expect(t.rows('SELECT yaml FROM brand')).toEqual([{ yaml: old }]);
    await t.close();
    // A restart imports nothing more: the store has a brand, and a file changed since is left out.
    writeFileSync(join(dataDir, BRAND_FILE), 'businessName: Edited By Hand\n');
    const again = app({ dataDir });
    expect(((await body(await again.request('/api/brand'))).brand as Body).businessName).toBe('Harbor Men’s Health');
  });

  it('are not imported from an invalid brand.yaml: the served clinic’s brand, as before', async () => {
    const dataDir = testServerConfig().dataDir;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, BRAND_FILE), 'businessName: Harbor\nprimaryColor: blue\n');
    const t = app({ dataDir });
    expect(await body(await t.request('/api/brand'))).toMatchObject({ stored: false, brand: { businessName: 'Summit Men’s Health' } });
    expect(t.rows('SELECT * FROM brand')).toEqual([]);
  });
});
