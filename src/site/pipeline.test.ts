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
const ENDPOINT = 'https://clinic.example.com/api/contact';

async function site(logoUrl: string | undefined, files: Record<string, string | Uint8Array> = {}) {
  return buildSiteFiles(configWith({ logoUrl, contactEndpoint: ENDPOINT }), memoryAssetSource(files, 'the test folder'));
}

describe('buildSiteFiles', () => {
  it('is the renderer, byte for byte, when the config names no file', async () => {
    const config = configWith({ logoUrl: undefined, contactEndpoint: 'https://clinic.example.com/api/contact' });
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
    expect(r.files).toEqual({ ...renderSite(configWith({ logoUrl: '/logo.png', contactEndpoint: ENDPOINT })), 'logo.png': PNG });
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

describe('where the contact form posts', () => {
  const action = (files: Record<string, string | Uint8Array>) => /<form id="contact-form"[^>]* action="([^"]*)"/.exec(fileText(files['contact/index.html']!))![1];
  const run = async (contactEndpoint: string | undefined, options?: Parameters<typeof buildSiteFiles>[2]) => {
    const r = await buildSiteFiles(configWith({ logoUrl: undefined, contactEndpoint }), none, options);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return { action: action(r.files), warnings: problemLines('tampa.yaml', r.warnings) };
  };

  it('posts to the config\'s absolute endpoint without a word', async () => {
    expect(await run(ENDPOINT)).toEqual({ action: ENDPOINT, warnings: [] });
  });

  it('takes the caller\'s endpoint over the config\'s (build --contact-endpoint, the admin\'s URL)', async () => {
    expect(await run(ENDPOINT, { contactEndpoint: 'http://127.0.0.1:3000/api/contact' })).toEqual({ action: 'http://127.0.0.1:3000/api/contact', warnings: [] });
  });

  it('warns, naming the field and the flag, when the form can only work on the clinic server', async () => {
    const missing = await run(undefined);
    expect(missing.action).toBe('/api/contact');
    expect(missing.warnings).toEqual([
      "tampa.yaml contactEndpoint: missing: the contact form posts to /api/contact, which only works when the clinic server itself serves the site (any other host answers with an error). Set contactEndpoint in the config to the clinic server's contact API, like https://clinic.example.com/api/contact, or pass --contact-endpoint.",
    ]);
    const path = await run('/clinic/api/contact');
    expect(path.action).toBe('/clinic/api/contact');
    expect(path.warnings[0]).toMatch(/^tampa\.yaml contactEndpoint: \/clinic\/api\/contact is a path: the contact form posts to \/clinic\/api\/contact, /);
  });

  it('says nothing when the clinic server serves the site itself (serve, dev)', async () => {
    expect(await run(undefined, { servedByClinic: true })).toEqual({ action: '/api/contact', warnings: [] });
    expect(await run(ENDPOINT, { servedByClinic: true })).toEqual({ action: ENDPOINT, warnings: [] });
  });
});
