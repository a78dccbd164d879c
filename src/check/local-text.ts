import { localContentSchema, type ClinicConfig } from '../config/schema.js';
import { renderSite, type SiteFiles } from '../pages/render-site.js';
import { pageText } from './page-text.js';
import { difference, shingles, union } from './shingles.js';

/**
 * What one city's pages say of their own: the five-word runs (shingles) of its indexable pages
 * that the template does not put there. The template is found by rendering the same config with
 * its local content emptied (no why-this-city text, team, areas, local questions or description):
 * whatever that site says too is copy every city gets, whatever it lacks is this city's own text.
 * A shingle that spans the edge of a local text counts as local.
 */
export interface LocalText {
  /** Sorted shingle hashes of the city's indexable pages that its template's pages lack. */
  local: Uint32Array;
}

/**
 * `words` turns a page's text into the words compared, with names and contact details set aside
 * (see `normaliser`); every city of one check must be read with the same one. `files` is the
 * city's rendered site when the caller has it (otherwise it is rendered here); the template is
 * always rendered from `config`.
 */
export function localText(config: ClinicConfig, words: (text: string) => string[], files?: SiteFiles<string>): LocalText {
  const template = new Map(indexablePages(renderSite(withoutLocalContent(config))));
  // Most pages (services, legal) are the same in the site and its template: read those once.
  // site \ template = (same ∪ changed) \ (same ∪ template's changed) = changed \ (same ∪ template's changed)
  const same: Uint32Array[] = [];
  const changed: Uint32Array[] = [];
  const read = (html: string) => shingles(words(pageText(html)));
  for (const [route, html] of indexablePages(files ?? renderSite(config))) {
    const t = template.get(route);
    template.delete(route);
    if (t === html) same.push(read(html));
    else {
      changed.push(read(html));
      if (t !== undefined) same.push(read(t));
    }
  }
  for (const html of template.values()) same.push(read(html));
  return { local: difference(union(changed), union(same)) };
}

/** The config with every local content field emptied: the same site as the template renders it. */
export function withoutLocalContent(config: ClinicConfig): ClinicConfig {
  // Parsed from nothing, so a local field added to the schema later is emptied too.
  return { ...config, description: undefined, localContent: localContentSchema.parse({}) };
}

/** The shingles of every page a search engine indexes, in one sorted set. */
export function siteShingles(files: SiteFiles<string>, words: (text: string) => string[]): Uint32Array {
  return union(indexablePages(files).map(([, html]) => shingles(words(pageText(html)))));
}

/** `about/index.html` -> `/about/`; pages a search engine is told not to index are left out. */
export function indexablePages(files: SiteFiles<string>): [string, string][] {
  const out: [string, string][] = [];
  for (const [file, html] of Object.entries(files)) {
    if (!file.endsWith('.html') || /<meta name="robots" content="[^"]*noindex/.test(html)) continue;
    out.push([`/${file.replace(/index\.html$/, '')}`, html]);
  }
  return out;
}
