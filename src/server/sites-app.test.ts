import { describe, expect, it } from 'vitest';
import { adminTestApp, logoForm, PNG, validMessage } from './testing.js';

/** The sites listener: hosted content and the contact API, and nothing of the admin. */
const files = {
  'index.html': '<!DOCTYPE html><title>Preview home</title><a href="about/">About</a>',
  'about/index.html': '<!DOCTYPE html><title>Preview about</title>',
};

describe('previews', () => {
  it('are created on the admin and served on the sites listener only', async () => {
    const t = adminTestApp();
    const made = await t.json('POST', '/api/previews', { files });
    expect(made.status).toBe(201);
    const { id, url } = (await made.json()) as { id: string; url: string };
    expect(url).toBe(`http://127.0.0.1:3001/preview/${id}/`);
    const page = await t.site(`/preview/${id}/about/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Preview about');
    expect((await t.site(`/preview/${id}`)).headers.get('location')).toBe(`/preview/${id}/`);
    // The admin's origin redirects its old preview address and serves none of the files.
    const old = await t.request(`/admin/preview/${id}/about/`);
    expect(old.status).toBe(308);
    expect(old.headers.get('location')).toBe(`http://127.0.0.1:3001/preview/${id}/about/`);
    expect((await t.request(`/preview/${id}/`)).status).toBe(404);
    expect((await t.site(`/preview/${'0'.repeat(32)}/`)).status).toBe(404);
  });
});

describe('the sites listener', () => {
  it('has no admin, no admin API and no uploads, with or without a password', async () => {
    const t = adminTestApp();
    const upload = await t.request('/api/upload-logo', { method: 'POST', body: logoForm(PNG) });
    const { logoUrl } = (await upload.json()) as { logoUrl: string };
    await t.json('POST', '/api/deploy-website', { city: 'Tampa', files });
    for (const [method, path] of [
      ['GET', '/admin'],
      ['GET', '/admin/preview/x/'],
      ['GET', '/api/messages'],
      ['GET', '/api/messages.csv'],
      ['GET', '/api/deployments'],
      ['DELETE', '/api/deployments/tampa'],
      ['POST', '/api/deploy-website'],
      ['POST', '/api/previews'],
      ['POST', '/api/upload-logo'],
      ['GET', logoUrl],
      ['GET', '/'],
    ] as const) {
      const res = await t.site(path, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.site('/sites/tampa/')).status).toBe(200);
  });

  it('takes contact posts into the same store the admin reads', async () => {
    const t = adminTestApp({ rateLimit: 0 });
    const res = await t.site('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validMessage()) });
    expect(res.status).toBe(201);
    const list = (await (await t.request('/api/messages')).json()) as { total: number };
    expect(list.total).toBe(1);
  });
});
