import { describe, expect, it } from 'vitest';
import { HOSTILE_SVG, SVG_FORBIDDEN } from '../../site/testing.js';
import { adminTestApp, logoForm } from '../../../test/helpers/server-app.js';
import { UPLOAD_CSP } from './routes.js';

/** Uploaded SVG logos: stored sanitized (src/site/svg-sanitize.ts), served inert. */
describe('an uploaded SVG', () => {
  it('is stored sanitized and served inert', async () => {
    const t = adminTestApp();
    const res = await t.request('/api/upload-logo', { method: 'POST', body: logoForm(HOSTILE_SVG, 'logo.svg', 'image/svg+xml') });
    const body = (await res.json()) as { success: boolean; logoUrl: string };
    expect(body.success).toBe(true);
    expect(body.logoUrl).toMatch(/\.svg$/);
    const served = await t.request(body.logoUrl);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await served.text();
    for (const pattern of SVG_FORBIDDEN) expect(text, String(pattern)).not.toMatch(pattern);
    expect(text).toContain('Northstar &amp; Co');
  });

  it('refuses a broken SVG with the reason', async () => {
    const t = adminTestApp();
    const res = await t.request('/api/upload-logo', { method: 'POST', body: logoForm('<svg><g></svg>', 'logo.svg', 'image/svg+xml') });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The SVG file could not be read \(mismatched closing tag/);
  });
});
