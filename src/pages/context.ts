import { createContext, useContext } from 'react';
import type { Lang } from '../config/languages.js';
import type { Site } from './page-model.js';

/** What every component on a page may need: the site, where the page sits, and the asset URLs. */
export interface PageContext {
  site: Site;
  /** Route of the page being rendered, e.g. `/trt-therapy/`. */
  path: string;
  /**
   * Turns a site route (`/about/`) or asset path (`assets/site.css`) into the URL this page links
   * with: relative (`../about/`) so a site works under any folder, or absolute for the not-found
   * page, which a server may answer at any depth.
   */
  url: (target: string) => string;
  assets: { css: string; contactJs: string; contactFormJs: string; menuJs: string };
}

export const PageCtx = createContext<PageContext | null>(null);

export function usePage(): PageContext {
  const ctx = useContext(PageCtx);
  if (!ctx) throw new Error('usePage() outside a page: wrap the tree in <PageCtx.Provider>');
  return ctx;
}

/**
 * The language of what is being rendered (issue 40): `lang` when a caller gives it (the contact
 * island, the brand site's parts rendered without a city page around them), else the city page's,
 * else English.
 */
export function useLang(lang?: Lang): Lang {
  const page = useContext(PageCtx);
  return lang ?? page?.site.lang ?? 'en';
}
