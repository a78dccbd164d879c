import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dom } from '../../../test/helpers/site.js';
import type { FontChoice } from '../../config/schema.js';
import { clinicConfigSchema } from '../../config/schema.js';
import { renderSite, renderSiteDirect } from '../../pages/render-site.js';
import { configAssetSource } from '../asset-source.js';
import { sampleWithoutPhotos } from '../cards/testing.js';
import { fileText, type SiteFiles } from '../../model/files.js';
import { buildSiteFiles } from '../pipeline.js';
import { FONT_FACES } from './faces.js';
import { readPackageFile } from './font-files.js';

const assets = configAssetSource('configs/tampa.yaml');

async function site(font: FontChoice) {
  const r = await buildSiteFiles(sampleWithoutPhotos('tampa', { font }), assets);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.files;
}

const pages = (files: SiteFiles) => Object.entries(files).filter(([f]) => f.endsWith('.html')) as [string, string][];
const fonts = (files: Record<string, unknown>) => Object.keys(files).filter((f) => f.endsWith('.woff2'));
const csp = (html: string) => dom(html).querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;

describe('the brand typeface in a site', () => {
  it.each(['inter', 'source-sans-3'] as const)('%s: the one font file is in the site and every page preloads it', async (font) => {
    const files = await site(font);
    expect(fonts(files)).toEqual([expect.stringMatching(new RegExp(`^assets/${font}-latin-wght\\.[0-9a-f]{10}\\.woff2$`))]);
    const [file] = fonts(files);
    const bytes = files[file!] as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('wOF2');
    expect(Buffer.compare(bytes, readPackageFile(FONT_FACES[font].webFont))).toBe(0);
    for (const [name, html] of pages(files)) {
      const doc = dom(html);
      expect(doc.querySelector('html')!.getAttribute('data-font'), name).toBe(font);
      const preloads = doc.querySelectorAll('link[rel="preload"][as="font"]');
      expect(preloads.length, name).toBe(1);
      const link = preloads[0]!;
      // The not-found page links from the site root; the others relatively, from where they sit.
      const target = name.endsWith('404.html') ? link.getAttribute('href')!.slice(1) : join(name, '..', link.getAttribute('href')!);
      expect(target, name).toBe(file);
      expect([link.getAttribute('type'), link.getAttribute('crossorigin')], name).toEqual(['font/woff2', '']);
      expect(csp(html), name).toContain("font-src 'self';");
    }
  });

  it('changing `font` changes the face: another file, another family named on every page', async () => {
    const [inter, sans] = await Promise.all([site('inter'), site('source-sans-3')]);
    expect(fonts(inter)).not.toEqual(fonts(sans));
    expect(fileText(inter['index.html']!)).toContain('<html lang="en" data-font="inter">');
    expect(fileText(sans['index.html']!)).toContain('<html lang="en" data-font="source-sans-3">');
  });

  it('system: no font file and no preload (the policy still allows the site\'s own fonts: see csp.ts)', async () => {
    const files = await site('system');
    expect(fonts(files)).toEqual([]);
    for (const [name, html] of pages(files)) {
      expect(html, name).not.toContain('rel="preload"');
      expect(csp(html), name).toContain("font-src 'self';");
      expect(html, name).toContain('data-font="system"');
    }
  });

  it.each(['inter', 'source-sans-3', 'system'] as const)('%s: the templated renderer gives the same bytes as React', (font) => {
    const config = sampleWithoutPhotos('orlando', { font, logoUrl: undefined });
    expect(renderSite(config)).toEqual(renderSiteDirect(config));
  });

  it('refuses a face it does not ship, naming the ones it does', () => {
    const r = clinicConfigSchema.safeParse({ ...sampleWithoutPhotos('tampa'), font: 'comic-sans' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['font'], message: 'expected one of inter, source-sans-3, system' });
  });
});
