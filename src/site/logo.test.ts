import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { configWith, dom, sampleConfig } from '../../test/helpers/site.js';
import type { ClinicConfigInput } from '../config/schema.js';
import { configAssetSource, memoryAssetSource } from './asset-source.js';
import { fileText } from '../model/files.js';
import { readLogo } from './logo.js';
import { buildSiteFiles, problemLines } from './pipeline.js';

/**
 * The footer's light logo (`logoLightUrl`) goes the way of the logo: read by site path, checked by
 * its bytes, carried at the site's root as `logo-light.<ext>`, and problems name its own field.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fff" onclick="alert(1)"/></svg>';
const ENDPOINT = 'https://clinic.example.com/api/contact';
const LIGHT = { field: 'logoLightUrl', base: 'logo-light' } as const;

/** The sample clinic without photos (this file is about logos), changed by `patch`. */
function config(patch: Partial<ClinicConfigInput>) {
  const base = sampleConfig();
  return configWith({ photos: {}, localContent: { ...base.localContent, team: base.localContent.team.map(({ photo: _, ...m }) => m) }, contactEndpoint: ENDPOINT, ...patch });
}

const footerImg = (html: string) => dom(html).querySelector('footer img')?.getAttribute('src');
const headerImg = (html: string) => dom(html).querySelector('header img')?.getAttribute('src');

describe('readLogo for the light logo', () => {
  it('names the file logo-light.<ext> by its content', async () => {
    const r = await readLogo('/art/light.png', memoryAssetSource({ '/art/light.png': PNG }, 'the test folder'), LIGHT);
    expect(r).toEqual({ ok: true, file: { name: 'logo-light.png', content: PNG }, warnings: [] });
  });

  it('sanitizes a light SVG like the logo', async () => {
    const r = await readLogo('/light.svg', memoryAssetSource({ '/light.svg': SVG }, 'the test folder'), LIGHT);
    if (!r.ok || !r.file) throw new Error(JSON.stringify(r));
    expect(r.file.name).toBe('logo-light.svg');
    expect(r.file.content).not.toMatch(/onclick/);
  });

  it.each([
    ['/missing.png', {}, 'no file /missing.png in the test folder'],
    ['/notes.png', { '/notes.png': 'not an image' }, '/notes.png is not a JPG, PNG, GIF or SVG image'],
    ['/a/../b.png', { '/a/../b.png': PNG }, /is not a plain site path/],
  ] as const)('refuses %s, naming logoLightUrl', async (url, files, message) => {
    const r = await readLogo(url, memoryAssetSource(files, 'the test folder'), LIGHT);
    if (r.ok) throw new Error('accepted');
    expect(r.error.field).toBe('logoLightUrl');
    expect(r.error.message).toMatch(message);
  });

  it('warns under logoLightUrl when the name says another type', async () => {
    const r = await readLogo('/light.gif', memoryAssetSource({ '/light.gif': PNG }, 'the test folder'), LIGHT);
    expect(r.ok && r.warnings).toEqual([{ field: 'logoLightUrl', message: '/light.gif is a PNG image; the site carries it as logo-light.png' }]);
  });
});

describe('buildSiteFiles with a light logo', () => {
  it('carries logo.svg and logo-light.png and points the header at one, the footer at the other', async () => {
    const assets = memoryAssetSource({ '/brand/logo.svg': SVG, '/brand/light.png': PNG }, 'the test folder');
    const r = await buildSiteFiles(config({ logoUrl: '/brand/logo.svg', logoLightUrl: '/brand/light.png' }), assets);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.files['logo-light.png']).toEqual(PNG);
    expect(typeof r.files['logo.svg']).toBe('string');
    expect(Object.keys(r.files).filter((f) => f.startsWith('brand/'))).toEqual([]);
    expect(headerImg(fileText(r.files['index.html']!))).toBe('logo.svg');
    expect(footerImg(fileText(r.files['index.html']!))).toBe('logo-light.png');
    expect(footerImg(fileText(r.files['about/index.html']!))).toBe('../logo-light.png');
    expect(r.warnings).toEqual([]);
  });

  it('refuses a missing light logo with a line naming its field, and reports a bad logo beside it', async () => {
    const assets = memoryAssetSource({}, 'the test folder');
    const r = await buildSiteFiles(config({ logoUrl: '/logo.png', logoLightUrl: '/logo-light.png' }), assets);
    if (r.ok) throw new Error('built');
    expect(problemLines('orlando.yaml', r.errors)).toEqual([
      'orlando.yaml logoUrl: no file /logo.png in the test folder',
      'orlando.yaml logoLightUrl: no file /logo-light.png in the test folder',
    ]);
  });

  it('leaves an absolute light logo where it is and lets the page load it (img-src)', async () => {
    const r = await buildSiteFiles(config({ logoUrl: undefined, logoLightUrl: 'https://cdn.example.net/light.svg' }), memoryAssetSource({}, 'x'));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const html = fileText(r.files['contact/index.html']!);
    expect(footerImg(html)).toBe('https://cdn.example.net/light.svg');
    expect(dom(html).querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')).toContain("img-src 'self' https://cdn.example.net;");
    expect(Object.keys(r.files).filter((f) => f.startsWith('logo'))).toEqual([]);
  });
});

describe('readLogo from a folder, city after city', () => {
  it('rebuilds an unchanged SVG once for every city, and the changed one when it changes', async () => {
    const dir = tempDir();
    const file = join(dir, 'logo.svg');
    writeFileSync(file, SVG);
    await new Promise((r) => setTimeout(r, 150)); // settled (RACY_MS in asset-source.ts)
    const cities = [];
    for (const city of ['tampa', 'orlando', 'ocala']) cities.push(await readLogo('/logo.svg', configAssetSource(join(dir, `${city}.yaml`))));
    const [first] = cities;
    expect(first).toMatchObject({ ok: true, file: { name: 'logo.svg' } });
    if (!first?.ok) throw new Error('unreachable');
    expect(fileText(first.file!.content)).not.toContain('onclick');
    for (const c of cities) expect(c).toBe(first);
    writeFileSync(file, SVG.replace('#fff', '#123456'));
    const changed = await readLogo('/logo.svg', configAssetSource(join(dir, 'city.yaml')));
    expect(changed.ok && fileText(changed.file!.content)).toContain('#123456');
    // The light logo's role has its own result, from the same bytes.
    const light = await readLogo('/logo.svg', configAssetSource(join(dir, 'city.yaml')), LIGHT);
    expect(light).toMatchObject({ ok: true, file: { name: 'logo-light.svg' } });
  });
});
