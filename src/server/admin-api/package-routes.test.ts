import { describe, expect, it } from 'vitest';
import { adminFormConfig, adminTestApp, readZip } from '../testing.js';

/** POST /api/package-website: the generated files and DEPLOY.md in a zip. */
const config = (over: Record<string, unknown>) => adminFormConfig(over);

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
