import { describe, expect, it } from 'vitest';
import { adminTestApp, logoForm, PNG, readZip } from './helpers.js';

/** POST /api/generate-clinic-website and the Download Package zip. */
const config = (over: Record<string, unknown> = {}) => ({
  businessName: 'Northstar Men’s Health',
  city: 'Tampa',
  state: 'FL',
  address: '100 Bay Street',
  zipCode: '33602',
  phone: '(813) 555-0101',
  email: 'tampa@example.com',
  website: 'https://tampa.example.com',
  deploymentType: 'static',
  services: { trt: true, semaglutide: false, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: true },
  socialMedia: { instagram: '@northstar' },
  businessProfiles: ['https://www.example.com/p/tampa'],
  ...over,
});

describe('generate', () => {
  it('answers 200 with the files of renderSite, honouring the toggles', async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/generate-clinic-website', config());
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: Record<string, string> };
    expect(files['index.html']).toContain('Revitalize Your Health in Tampa');
    expect(files['trt-therapy/index.html']).toBeDefined();
    expect(files['semaglutide/index.html']).toBeUndefined();
    expect(files['index.html']).not.toContain('semaglutide/');
    expect(files['index.html']).toContain('href="https://tampa.example.com/"');
  });

  it('answers 400 naming each bad field with dotted paths', async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/generate-clinic-website', config({
      email: 'not-an-email',
      socialMedia: { instagram: 'not a handle!' },
      businessProfiles: ['https://ok.example.com/a', 'javascript:alert(1)'],
      website: undefined,
      color: 'red',
    }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; errors: Record<string, string> };
    expect(body.success).toBe(false);
    expect(body.errors.email).toMatch(/email address/);
    expect(body.errors['socialMedia.instagram']).toMatch(/Instagram handle/);
    expect(body.errors['businessProfiles[1]']).toMatch(/http/);
    expect(body.errors.color).toBe('unknown field');
    expect(body.errors.domainName).toMatch(/domain name/);
  });

  it('refuses a body that is not JSON, or too large', async () => {
    const { request } = adminTestApp();
    const bad = await request('/api/generate-clinic-website', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"city":' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.config).toMatch(/not valid JSON/);
    const big = await request('/api/generate-clinic-website', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(config({ description: 'x'.repeat(300_000) })) });
    expect(big.status).toBe(413);
  });

  it('puts an uploaded logo into the site as logo.png and points the pages at it', async () => {
    const { request, json } = adminTestApp();
    const up = (await (await request('/api/upload-logo', { method: 'POST', body: logoForm(PNG) })).json()) as { logoUrl: string };
    const res = await json('POST', '/api/generate-clinic-website', config({ logoUrl: up.logoUrl }));
    const { files } = (await res.json()) as { files: Record<string, string> };
    expect(Buffer.from(files['logo.png']!, 'base64').equals(PNG)).toBe(true);
    expect(files['index.html']).toContain('src="logo.png"');
    expect(files['about/index.html']).toContain('src="../logo.png"');
    const gone = await json('POST', '/api/generate-clinic-website', config({ logoUrl: '/uploads/logo-00000000000000000000000000000000.png' }));
    expect(((await gone.json()) as { errors: Record<string, string> }).errors.logoUrl).toMatch(/upload the logo again/);
  });
});

describe('download package', () => {
  it('is a zip named after the city slug with every file and DEPLOY.md', async () => {
    const { json } = adminTestApp();
    const { files } = (await (await json('POST', '/api/generate-clinic-website', config({ city: 'Land O Lakes' }))).json()) as { files: Record<string, string> };
    const res = await json('POST', '/api/package-website', { city: 'Land O Lakes', businessName: 'Northstar', domainName: 'lol.example.com', files });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="land-o-lakes-trt-website.zip"');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual([...Object.keys(files), 'DEPLOY.md'].sort());
    expect(entries.find((e) => e.name === 'index.html')!.data.toString()).toBe(files['index.html']);
    const guide = entries.find((e) => e.name === 'DEPLOY.md')!.data.toString();
    for (const step of ['Extract the files', 'Upload to hosting', 'Point the domain at the hosting', 'Add logo.png']) expect(guide).toContain(step);
    expect(guide).toContain('lol.example.com');
  });

  it('refuses hostile file names', async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/package-website', { city: 'Tampa', files: { 'index.html': 'x', '../evil.html': 'x' } });
    expect(res.status).toBe(400);
  });
});
