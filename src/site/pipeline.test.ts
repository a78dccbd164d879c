import { describe, expect, it } from 'vitest';
import { configWith } from '../../test/helpers/site.js';
import { renderSite } from '../pages/render-site.js';
import { memoryAssetSource } from './asset-source.js';
import { fileText } from './files.js';
import { LOGO_MAX_BYTES } from './logo.js';
import { buildSiteFiles, problemFields, problemLines } from './pipeline.js';
import { HOSTILE_SVG, SVG_FORBIDDEN } from './testing.js';

/** config -> complete site: the renderer's pages plus the logo the config names, checked once. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const none = memoryAssetSource({}, 'nowhere');

async function site(logoUrl: string | undefined, files: Record<string, string | Uint8Array> = {}) {
  return buildSiteFiles(configWith({ logoUrl }), memoryAssetSource(files, 'the test folder'));
}

describe('buildSiteFiles', () => {
  it('is the renderer, byte for byte, when the config names no file', async () => {
    const config = configWith({ logoUrl: undefined });
    expect(await buildSiteFiles(config, none)).toEqual({ ok: true, files: renderSite(config), warnings: [] });
  });

  it('leaves an http(s) logo where it is and reads nothing', async () => {
    const r = await buildSiteFiles(configWith({ logoUrl: 'https://cdn.example.com/logo.png' }), none);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(fileText(r.files['index.html']!)).toContain('src="https://cdn.example.com/logo.png"');
    expect(Object.keys(r.files).filter((f) => f.startsWith('logo.'))).toEqual([]);
  });

  it('puts a logo given by site path at the root as logo.<ext> and points every page at it', async () => {
    const r = await site('/uploads/brand.png', { '/uploads/brand.png': PNG });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.files['logo.png']).toEqual(PNG);
    expect(r.files).toEqual({ ...renderSite(configWith({ logoUrl: '/logo.png' })), 'logo.png': PNG });
    expect(fileText(r.files['index.html']!)).toContain('<img src="logo.png"');
    expect(fileText(r.files['about/index.html']!)).toContain('<img src="../logo.png"');
    expect(Object.keys(r.files).filter((f) => f.startsWith('uploads/'))).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('sanitizes an SVG logo into text', async () => {
    const r = await site('/logo.svg', { '/logo.svg': HOSTILE_SVG });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const svg = r.files['logo.svg'];
    expect(typeof svg).toBe('string');
    for (const pattern of SVG_FORBIDDEN) expect(svg, String(pattern)).not.toMatch(pattern);
    expect(svg).toContain('<rect width="100" height="40" fill="url(#g)"/>');
  });

  it('names the file by its content, and warns when its name said otherwise', async () => {
    const r = await site('/uploads/logo.png', { '/uploads/logo.png': GIF });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.files['logo.gif']).toEqual(GIF);
    expect(r.files['logo.png']).toBeUndefined();
    expect(problemLines('tampa.yaml', r.warnings)).toEqual(['tampa.yaml logoUrl: /uploads/logo.png is a GIF image; the site carries it as logo.gif']);
  });

  it.each([
    ['/uploads/missing.png', {}, 'no file /uploads/missing.png in the test folder'],
    ['/notes.png', { '/notes.png': 'meeting notes, not a logo' }, '/notes.png is not a JPG, PNG, GIF or SVG image'],
    ['/big.png', { '/big.png': Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]) }, '/big.png is larger than 5MB; use a smaller image'],
    ['/broken.svg', { '/broken.svg': '<svg><g></svg>' }, /^\/broken\.svg: The SVG file could not be read \(mismatched closing tag/],
    ['/latin1.svg', { '/latin1.svg': Buffer.from('<svg><text>\xe9</text></svg>', 'latin1') }, '/latin1.svg is an SVG file that is not UTF-8 text'],
    ['/uploads/../../etc/passwd', { '/uploads/../../etc/passwd': PNG }, /is not a plain site path/],
    ['/.hidden/logo.png', { '/.hidden/logo.png': PNG }, /is not a plain site path/],
  ])('refuses %s, naming logoUrl', async (logoUrl, files, message) => {
    const r = await site(logoUrl, files);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.field).toBe('logoUrl');
    expect(r.errors[0]!.message).toMatch(message);
    expect(problemFields(r.errors)).toEqual({ logoUrl: r.errors[0]!.message });
  });

  it('adds the source\'s hint to a missing file', async () => {
    const r = await buildSiteFiles(configWith({ logoUrl: '/uploads/x.png' }), { name: "this server's uploads", hint: 'upload the logo again', read: async () => undefined });
    expect(r.ok ? [] : problemLines('admin', r.errors)).toEqual(["admin logoUrl: no file /uploads/x.png in this server's uploads; upload the logo again"]);
  });
});
