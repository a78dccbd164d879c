import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTestApp, PNG } from '../../../test/helpers/server-app.js';
import { UPLOAD_CSP } from './routes.js';

/**
 * GET /api/site-picture (issue 39 item 3): a logo a city names by its site path shows in the
 * editor as the picture Generate would read, from the same folders and no further.
 */
function world() {
  const folder = mkdtempSync(join(tmpdir(), 'clinic-pictures-'));
  mkdirSync(join(folder, 'images', 'lakeland'), { recursive: true });
  writeFileSync(join(folder, 'images', 'lakeland', 'logo.png'), PNG);
  writeFileSync(join(folder, 'images', 'lakeland', 'fake.png'), 'not a picture at all');
  writeFileSync(join(folder, 'clinic.yaml'), 'businessName: secret\n');
  const outside = mkdtempSync(join(tmpdir(), 'clinic-outside-'));
  writeFileSync(join(outside, 'other.png'), PNG);
  symlinkSync(join(outside, 'other.png'), join(folder, 'images', 'linked.png'));
  return adminTestApp({}, {}, { cityAssetFolders: [folder] });
}
const picture = (t: ReturnType<typeof adminTestApp>, path: string) => t.request(`/api/site-picture?path=${encodeURIComponent(path)}`);

describe('a picture named by its site path', () => {
  it('is served as the image it is, with the uploads’ policy', async () => {
    const t = world();
    const res = await picture(t, '/images/lakeland/logo.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('serves the sample cities’ logos from the package (an SVG as SVG)', async () => {
    const t = adminTestApp();
    const res = await picture(t, '/images/wesley-chapel/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toBe(readFileSync('configs/images/wesley-chapel/logo.svg', 'utf8'));
  });

  it('answers 404, naming nothing of the disk, for what is not a picture of those folders', async () => {
    const t = world();
    for (const path of ['/clinic.yaml', '/images/lakeland/fake.png', '/images/../clinic.yaml', '/../../etc/passwd.png', '/images/linked.png', '/images/lakeland/none.png', '', 'images/lakeland/logo.png']) {
      const res = await picture(t, path);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).toContain('No picture at that path');
      expect(body, path).not.toContain(tmpdir());
    }
  });
});
