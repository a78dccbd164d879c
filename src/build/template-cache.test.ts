import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfigText } from '../config/load.js';
import { resolveSite } from '../pages/page-model.js';
import { renderResolvedSite, renderSiteDirect } from '../pages/render-site.js';
import type { ShapePages } from '../pages/site-files.js';
import { compile, fill, tokenize } from '../pages/template.js';
import { diskTemplates } from './template-cache.js';
import { readFileSync } from 'node:fs';
import { packageRoot } from '../config/package-root.js';

const root = mkdtempSync(join(tmpdir(), 'clinic-gen-templates-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pages: ShapePages = [
  ['index.html', compile('<p>\uE0000\uE001 and \uE0001\uE001</p>')],
  ['about/index.html', compile('<h1>\uE0000\uE001</h1>')],
];

describe('the template cache on disk', () => {
  it('gives back, in another store over the same folder, the pages one store kept', () => {
    const images = join(root, 'a', 'images');
    diskTemplates(images).set('shape-1', pages);
    const files = readdirSync(join(root, 'a', 'templates'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.json$/);
    // Another folder's store is another cache: nothing there.
    expect(diskTemplates(join(root, 'b', 'images')).get('shape-1')).toBeUndefined();
    expect(diskTemplates(images).get('shape-1')).toEqual(pages.map(([f, t]) => [f, { parts: t.parts, slots: t.slots }]));
    expect(diskTemplates(images).get('shape-2')).toBeUndefined();
  });

  it('takes a damaged entry for none, so the pages are rendered again', () => {
    const images = join(root, 'c', 'images');
    const store = diskTemplates(images);
    store.set('shape-1', pages);
    const [file] = readdirSync(join(root, 'c', 'templates'));
    writeFileSync(join(root, 'c', 'templates', file!), '{"format":"clinic-gen templates 1","key":"shape-1","pages":[["index.html",["a","b"],[0,1]]]}');
    expect(store.get('shape-1')).toBeUndefined();
    writeFileSync(join(root, 'c', 'templates', file!), '{"format":');
    expect(store.get('shape-1')).toBeUndefined();
  });

  it('makes a site from kept templates byte for byte as React renders it', () => {
    const text = readFileSync(join(packageRoot(), 'configs/tampa.yaml'), 'utf8');
    const loaded = parseConfigText(text, 'tampa.yaml');
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    // A shape no other test renders (the in-process cache would answer first): the store is asked.
    const config = { ...loaded.config, services: { ...loaded.config.services, peptideTherapy: true, vitaminInjections: false, semaglutide: false } };
    const site = resolveSite(config);
    const kept = new Map<string, ShapePages>();
    const store = { get: (k: string) => kept.get(k), set: (k: string, p: ShapePages) => void kept.set(k, p) };
    const first = renderResolvedSite(site, { templates: store });
    expect(kept.size).toBe(1);
    // What a later process reads back from disk: the same parts and slots, through JSON.
    const images = join(root, 'd', 'images');
    const [key, value] = [...kept][0]!;
    diskTemplates(images).set(key, value);
    const again = diskTemplates(images).get(key)!;
    expect(again).toHaveLength(value.length);
    const direct = renderSiteDirect(config);
    for (const [name, html] of Object.entries(first)) expect(html, name).toBe(direct[name]);
    // Each page filled from the templates read back from disk is the page React renders.
    const { values } = tokenize(site);
    for (const [name, template] of again) expect(fill(template, values), name).toBe(direct[name]);
  });
});
