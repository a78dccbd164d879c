import { localContentSchema, type ClinicConfig } from '../config/schema.js';
import type { Placement } from '../pages/placement.js';
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
 *
 * With `placement` (a location of a brand site, placed as the brand build places it: brand-site/site.ts
 * brandPlacements), the pages read are those the brand site publishes in the location's folder
 * (`publishedPages`: its page, its contact page, any treatment page of its own; not its redirect
 * pages), and the template is rendered with the same placement, so that like is compared with like.
 */
export function localText(config: ClinicConfig, words: (text: string) => string[], files?: SiteFiles<string>, placement?: Placement): LocalText {
  const pagesOf = placement ? publishedPages : indexablePages;
  const extras = placement ? { placement } : {};
  const template = new Map(pagesOf(renderSite(withoutLocalContent(config), extras)));
  // Most pages (services, legal) are the same in the site and its template: read those once.
  // site \ template = (same ∪ changed) \ (same ∪ template's changed) = changed \ (same ∪ template's changed)
  const same: Uint32Array[] = [];
  const changed: Uint32Array[] = [];
  const read = (html: string) => shingles(words(pageText(html)));
  // A page the placed template has no page for (a treatment page of the location's own, where the
  // template has a redirect to the brand's) is set against the same page of the stand-alone
  // template: the treatment's copy every city gets is not the location's own text.
  let standAlone: Map<string, string> | undefined;
  for (const [route, html] of pagesOf(files ?? renderSite(config, extras))) {
    let t = template.get(route);
    if (t === undefined && placement) t = (standAlone ??= new Map(indexablePages(renderSite(withoutLocalContent(config))))).get(route);
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
  return { ...config, description: undefined, localContent: localContentSchema.parse({}), es: undefined };
}

/** The shingles of every page a search engine indexes, in one sorted set. */
export function siteShingles(files: SiteFiles<string>, words: (text: string) => string[]): Uint32Array {
  return union(indexablePages(files).map(([, html]) => shingles(words(pageText(html)))));
}

/** `about/index.html` -> `/about/`; pages a search engine is told not to index are left out. */
export function indexablePages(files: SiteFiles<string>): [string, string][] {
  const out: [string, string][] = [];
  for (const [file, html] of Object.entries(files)) {
    // The search for the tag first: the pattern alone is tried at every character of every page.
    if (!file.endsWith('.html') || (html.includes('<meta name="robots"') && /<meta name="robots" content="[^"]*noindex/.test(html))) continue;
    out.push([`/${file.replace(/index\.html$/, '')}`, html]);
  }
  return out;
}

/**
 * A placed location's pages as the brand site publishes them, `contact/index.html` -> `/contact/`:
 * every page but its redirect pages (a `meta refresh` to the brand's treatment and legal pages, or
 * from a moved address), noindex ones included: its contact page is one of its pages, even if a
 * search engine is told not to index it (issue 36 item 8).
 */
export function publishedPages(files: SiteFiles<string>): [string, string][] {
  const out: [string, string][] = [];
  for (const [file, html] of Object.entries(files)) {
    if (!file.endsWith('.html') || file === '404.html' || isRedirectPage(html)) continue;
    out.push([`/${file.replace(/index\.html$/, '')}`, html]);
  }
  return out;
}

/** A page whose only work is to send the browser elsewhere (`<meta http-equiv="refresh">`). */
export function isRedirectPage(html: string): boolean {
  return /<meta http-equiv="refresh"/i.test(html);
}
