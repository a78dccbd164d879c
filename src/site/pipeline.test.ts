import { describe, expect, it } from 'vitest';
import { configNamingNoFile, sampleAssets, sampleConfig } from '../../test/helpers/site.js';
import type { ClinicConfig } from '../config/schema.js';
import { renderSite } from '../pages/render-site.js';
import { resolveSite } from '../pages/page-model.js';
import { memoryAssetSource } from './asset-source.js';
import { socialCards } from './cards/social-cards.js';
import { fileText, type SiteFiles } from '../model/files.js';
import { siteFontFiles } from './fonts/site-fonts.js';
import { NO_PHOTOS } from '../model/photos.js';
import { LOGO_MAX_BYTES, type LogoFile } from './logo.js';
import { buildSiteFiles, problemFields, problemLines } from './pipeline.js';
import { HOSTILE_SVG, SVG_FORBIDDEN } from './testing.js';

/** config -> complete site: the renderer's pages plus every file the config names, checked once, the social cards and the typeface. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A whole 1x1 GIF: the pipeline also draws the logo into the social cards, which decodes it. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const none = memoryAssetSource({}, 'nowhere');
const ENDPOINT = 'https://clinic.example.com/api/contact';
/** The build instant of these tests: its year is the footer's. */
const AT = new Date('2026-06-01T12:00:00Z');

async function site(logoUrl: string | undefined, files: Record<string, string | Uint8Array> = {}) {
  return buildSiteFiles(configNamingNoFile({ logoUrl, contactEndpoint: ENDPOINT }), memoryAssetSource(files, 'the test folder'), { buildTime: AT });
}

/**
 * The files a site of `config` (the config the renderer sees: logo paths already at the site's
 * root) must have: the renderer's pages, byte for byte, pointing at the social cards drawn for
 * the site (with `logo` in them), plus those cards, the typeface and the logo.
 */
async function rendererFiles(config: ClinicConfig, logo?: LogoFile, logoSize?: { width: number; height: number }): Promise<SiteFiles> {
  const cards = await socialCards(resolveSite(config), logo, undefined);
  return { ...renderSite(config, { cards: cards.cards, photos: NO_PHOTOS, logoSize, year: AT.getUTCFullYear() }), ...cards.files, ...siteFontFiles(config.font), ...(logo && { [logo.name]: logo.content }) };
}

describe('buildSiteFiles', () => {
  it('is the renderer, byte for byte, with its social cards and typeface, when the config names no file', async () => {
    const config = configNamingNoFile({ contactEndpoint: ENDPOINT });
    const r = await buildSiteFiles(config, none, { buildTime: AT });
    expect(r).toEqual({ ok: true, files: await rendererFiles(config), warnings: [] });
    if (!r.ok) return;
    // Beyond the renderer's files: a 1200x630 PNG card per page with a headline, and the one font file.
    const extra = Object.keys(r.files).filter((f) => !Object.hasOwn(renderSite(config), f)).sort();
    expect(extra.filter((f) => !/^assets\/cards\/[a-z-]+\.[0-9a-f]{10}\.png$/.test(f))).toEqual([expect.stringMatching(/^assets\/inter-latin-wght\.[0-9a-f]{10}\.woff2$/)]);
    const home = extra.find((f) => f.startsWith('assets/cards/home.'))!;
    const png = Buffer.from(r.files[home] as Uint8Array);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(fileText(r.files['index.html']!)).toContain(`<meta property="og:image" content="https://wesley-chapel.example.com/${home}"/>`);
  });

  it('reads the logo and photos the sample config names from the config\'s folder', async () => {
    const r = await buildSiteFiles({ ...sampleConfig(), contactEndpoint: ENDPOINT }, sampleAssets());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(fileText(r.files['logo.svg']!)).toMatch(/^<svg/);
    const images = Object.keys(r.files).filter((f) => f.startsWith('images/'));
    // The hero, three gallery photos and two portraits, each as AVIF, WebP and JPEG.
    for (const name of ['hero', 'reception', 'consultation', 'lab', 'team-dr-daniel-reyes', 'team-karen-whitfield']) {
      for (const ext of ['avif', 'webp', 'jpg']) expect(images.some((f) => f.startsWith(`images/${name}-`) && f.endsWith(`.${ext}`)), `${name} .${ext}`).toBe(true);
    }
    for (const f of images) expect(fileText(r.files['index.html']!) + fileText(r.files['about/index.html']!), f).toContain(f);
  });

  it('leaves an http(s) logo where it is and reads nothing', async () => {
    const r = await buildSiteFiles(configNamingNoFile({ logoUrl: 'https://cdn.example.com/logo.png', contactEndpoint: ENDPOINT }), none);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(fileText(r.files['index.html']!)).toContain('src="https://cdn.example.com/logo.png"');
    expect(Object.keys(r.files).filter((f) => f.startsWith('logo.'))).toEqual([]);
  });

  it('puts a logo given by site path at the root as logo.<ext> and points every page at it', async () => {
    const r = await site('/uploads/brand.png', { '/uploads/brand.png': PNG });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.files['logo.png']).toEqual(PNG);
    // The renderer gets the file's own size (1x1 here), so the <img> box has the logo's proportions.
    expect(r.files).toEqual(await rendererFiles(configNamingNoFile({ logoUrl: '/logo.png', contactEndpoint: ENDPOINT }), { name: 'logo.png', content: PNG }, { width: 1, height: 1 }));
    expect(fileText(r.files['index.html']!)).toContain('<img src="logo.png" alt="" width="1" height="1"');
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
    // Headers that read as an image, pixels that do not: drawing the social cards finds out.
    ['/cut.gif', { '/cut.gif': GIF.subarray(0, 20) }, '/cut.gif: the image is damaged or cut short and cannot be read; export it again as a JPG, PNG, GIF or SVG file'],
    ['/cut.png', { '/cut.png': PNG.subarray(0, 40) }, /^\/cut\.png: the image is damaged or cut short/],
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
    const r = await buildSiteFiles(configNamingNoFile({ logoUrl: '/uploads/x.png', contactEndpoint: ENDPOINT }), { name: "this server's uploads", hint: 'upload the file again', read: async () => undefined });
    expect(r.ok ? [] : problemLines('admin', r.errors)).toEqual(["admin logoUrl: no file /uploads/x.png in this server's uploads; upload the file again"]);
  });
});

describe('where the contact form posts', () => {
  const action = (files: SiteFiles) => /<form id="contact-form"[^>]* action="([^"]*)"/.exec(fileText(files['contact/index.html']!))![1];
  const run = async (contactEndpoint: string | undefined, options?: Parameters<typeof buildSiteFiles>[2]) => {
    const r = await buildSiteFiles(configNamingNoFile({ contactEndpoint }), none, options);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return { action: action(r.files), warnings: problemLines('tampa.yaml', r.warnings) };
  };

  it('posts to the config\'s absolute endpoint without a word', async () => {
    expect(await run(ENDPOINT)).toEqual({ action: ENDPOINT, warnings: [] });
  });

  it('takes the caller\'s endpoint over the config\'s (build --contact-endpoint, the admin\'s URL)', async () => {
    expect(await run(ENDPOINT, { contactEndpoint: 'https://clinic.example.com:8443/api/contact' })).toEqual({ action: 'https://clinic.example.com:8443/api/contact', warnings: [] });
  });

  it('warns when the form posts to a loopback or private address, which no patient’s device reaches', async () => {
    const local = await run(ENDPOINT, { contactEndpoint: 'http://127.0.0.1:3000/api/contact' });
    expect(local.action).toBe('http://127.0.0.1:3000/api/contact');
    expect(local.warnings).toEqual([expect.stringMatching(/^tampa\.yaml contactEndpoint: http:\/\/127\.0\.0\.1:3000\/api\/contact posts to a loopback or private address \(127\.0\.0\.1\).*PUBLIC_URL/)]);
    expect((await run('http://192.168.1.20:3000/api/contact')).warnings).toHaveLength(1);
  });

  it('refuses a site whose form has nowhere to post, naming the field and the flag (decision 13)', async () => {
    const r = await buildSiteFiles(configNamingNoFile({ contactEndpoint: undefined }), none);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : problemLines('tampa.yaml', r.errors)).toEqual([
      "tampa.yaml contactEndpoint: missing: the contact form has nowhere to post, and on a static host every patient's message would be lost. Set contactEndpoint in the config to the clinic server's contact API, like https://clinic.example.com/api/contact, or pass --contact-endpoint with that URL, or --contact-endpoint same-origin when the clinic server itself serves the site.",
    ]);
  });

  it('takes a path (build --contact-endpoint same-origin, or the config) as the clinic server serving the site, without a word', async () => {
    expect(await run('/api/contact')).toEqual({ action: '/api/contact', warnings: [] });
    expect(await run(undefined, { contactEndpoint: '/api/contact' })).toEqual({ action: '/api/contact', warnings: [] });
    expect(await run('/clinic/api/contact')).toEqual({ action: '/clinic/api/contact', warnings: [] });
  });

  it('says nothing when the clinic server serves the site itself (serve, dev)', async () => {
    expect(await run(undefined, { servedByClinic: true })).toEqual({ action: '/api/contact', warnings: [] });
    expect(await run(ENDPOINT, { servedByClinic: true })).toEqual({ action: ENDPOINT, warnings: [] });
  });
});
