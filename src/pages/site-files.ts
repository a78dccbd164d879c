import { ASSETS } from './assets.js';
import type { Site } from './page-model.js';
import { allRoutes } from './routes.js';
import { faviconSvg, robotsTxt, sitemapXml } from './seo.js';
import { Lru, encodeValues, fill, fillBytes, type Template } from './template.js';
import type { SiteFiles } from '../model/files.js';

/**
 * A site's files from the compiled templates of its shape (template.ts), without React: the site
 * pipeline (site/pipeline.ts) fills a city's pages from templates made before (in this process, or
 * kept on disk by a build) and loads the renderer (render-site.tsx) only for a shape it has none
 * of. What a rebuild of one changed city loads is then the config's schema and these, not React.
 */

/** A shape's compiled pages: each file and its template. */
export type ShapePages = (readonly [string, Template])[];

/**
 * Where the compiled pages of a shape are kept between processes (src/build/template-cache.ts: a
 * folder beside the photo cache): a rebuild of one city in a new process fills its pages from them
 * instead of rendering the shape through React again. The renderer only asks and tells; `key` is
 * the shape as JSON, and the store makes it part of its own key with the code's identity.
 */
export interface TemplateStore {
  get(key: string): ShapePages | undefined;
  set(key: string, pages: ShapePages): void;
}

const templates = new Lru<ShapePages>(64);

/** The templates of a shape (`key`, the shape as JSON) made before: in this process, else in `store`. */
export function knownTemplates(key: string, store?: TemplateStore): ShapePages | undefined {
  let pages = templates.get(key);
  if (!pages) {
    pages = store?.get(key);
    if (pages) templates.set(key, pages);
  }
  return pages;
}

/** Keeps a shape's templates just made, in this process and in `store`. */
export function keepTemplates(key: string, pages: ShapePages, store?: TemplateStore): void {
  store?.set(key, pages);
  templates.set(key, pages);
}

/** The site's pages filled from its shape's templates with its values, and the files beside them. */
export function fillSite(site: Site, values: string[], pages: ShapePages, opts: { html?: 'bytes' } = {}): SiteFiles {
  const files: SiteFiles = {};
  if (opts.html === 'bytes') {
    const encoded = encodeValues(values);
    for (const [file, template] of pages) files[file] = fillBytes(template, encoded);
  } else {
    for (const [file, template] of pages) files[file] = fill(template, values);
  }
  addSiteFiles(site, files);
  return files;
}

/**
 * Adds the files beside the pages: sitemap, robots, favicon, stylesheet, the contact island and the
 * menu's script. A placed site has neither sitemap nor robots.txt: a domain has one of each, the
 * brand site's, which lists the location's pages (src/brand-site/pages/). A placed site showing
 * the brand's identity has none of the others either: its pages link the brand's (brand-identity.ts).
 */
export function addSiteFiles(site: Site, files: SiteFiles): void {
  if (!site.placement) {
    if (!site.canonicalUrl) files['sitemap.xml'] = sitemapXml(site, allRoutes(site.config));
    files['robots.txt'] = robotsTxt(site);
  }
  // On a brand site with the brand's identity, the icon, stylesheet and scripts are the brand's, at its root, once (issue 36 item 5).
  if (site.placement?.brand) return;
  files['favicon.svg'] = faviconSvg(site);
  files[ASSETS.css.file] = ASSETS.css.content;
  files[ASSETS.contactJs.file] = ASSETS.contactJs.content;
  files[ASSETS.contactFormJs.file] = ASSETS.contactFormJs.content;
  files[ASSETS.menuJs.file] = ASSETS.menuJs.content;
}
