import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../../../test/helpers/server-app.js';

/** POST /api/previews refuses what is not a site in the one failure shape; an unknown preview says so. */
describe('the preview routes', () => {
  it('answers a body that is not a site with 400 and the one API failure shape', async () => {
    const t = adminTestApp();
    for (const [body, error] of [
      [{}, 'files must be a map of file name to file content'],
      [{ files: { 'about/index.html': '<!DOCTYPE html>' } }, 'files must include index.html, the home page'],
      [{ files: { 'index.html': '<!DOCTYPE html>', 'logo.png': 'not base64!' } }, 'logo.png must be base64-encoded'],
    ] as const) {
      const res = await t.json('POST', '/api/previews', body);
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ success: false, error, message: error });
    }
  });

  it('answers an expired or unknown preview with 404 and what to do next', async () => {
    const t = adminTestApp();
    const res = await t.site(`/preview/${'0'.repeat(32)}/`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('This preview has expired. Generate the website again and press Preview.');
  });
});
