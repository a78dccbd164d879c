import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import type { Lang } from '../../src/config/languages.js';
import type { ClinicConfig } from '../../src/config/schema.js';
import { clinicConfigSchema } from '../../src/config/schema.js';
import { configImageCacheDir } from '../../src/site/images/cache-dir.js';
import { buildSiteFiles } from '../../src/site/pipeline.js';
import { ROOT, sampleAssets, sampleConfig, type SAMPLES } from './site.js';

/**
 * A sample city with the languages a test gives (issue 40), built by the site pipeline as
 * `clinic-gen build` builds it (photos, cards, sitemap, both languages), at a fixed instant.
 */
export async function buildSampleIn(name: (typeof SAMPLES)[number], languages?: Lang[]): Promise<{ config: ClinicConfig; files: Record<string, string> }> {
  const base = sampleConfig(name);
  const config = clinicConfigSchema.parse(languages ? { ...base, languages } : base);
  const r = await buildSiteFiles(config, sampleAssets(), {
    contactEndpoint: 'same-origin',
    imageCacheDir: configImageCacheDir(join(ROOT, 'configs', `${name}.yaml`)),
    buildTime: new Date('2026-03-02T15:00:00Z'),
  });
  if (!r.ok) throw new Error(`build of ${name} failed: ${JSON.stringify(r.errors)}`);
  const files: Record<string, string> = {};
  for (const [file, content] of Object.entries(r.files)) {
    if (/\.(html|xml|txt)$/.test(file)) files[file] = typeof content === 'string' ? content : new TextDecoder().decode(content);
  }
  return { config, files };
}

/** The HTML files of a build, by relative path. */
export function htmlFiles(files: Record<string, string>): string[] {
  return Object.keys(files).filter((f) => f.endsWith('.html')).sort();
}

/** `es/contacto/index.html` -> `/es/contacto/`; `404.html` -> `/404.html`. */
export function pathOfFile(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/** `/es/contacto/` -> `es/contacto/index.html`. */
export function fileOfPath(path: string): string {
  return path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1);
}

export function parseHtml(html: string): HTMLElement {
  return parse(html, { comment: false });
}

/** An attribute's value whatever the case of its name (React writes `hrefLang`). */
export function attr(el: HTMLElement, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(el.attributes)) if (k.toLowerCase() === want) return v;
  return undefined;
}
