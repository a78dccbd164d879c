import { createContext, useContext } from 'react';
import type { Lang } from '../../config/languages.js';
import type { BrandLocation, BrandModel, BrandPaths } from './model.js';

/** What a brand page's components need: the brand, the page's path, its links and the stylesheet. */
export interface BrandPageContext {
  model: BrandModel;
  /** The page's language (model.lang): English at the root, Spanish under `/es/` (issue 40 item 5). */
  lang: Lang;
  /** The brand's paths in the page's language (model.ts brandPaths): every link to a brand page goes through these. */
  paths: BrandPaths;
  /** The page's path on the brand site: `/locations/fl/`. */
  path: string;
  /** A brand path (`/locations/`) or site file as this page links it: relative, or from the root on the not-found page. */
  url: (target: string) => string;
  css: string;
  /** The way from this page to the site's root: `` on the home, `../../` on a state page, `/` on the not-found page. */
  root: string;
  /** A location's directory card, rendered once, its links starting with ROOT_TOKEN (directory.tsx). */
  cardHtml: (location: BrandLocation) => string;
}

export const BrandCtx = createContext<BrandPageContext | null>(null);

export function useBrandPage(): BrandPageContext {
  const ctx = useContext(BrandCtx);
  if (!ctx) throw new Error('useBrandPage() outside a brand page: wrap the tree in <BrandCtx.Provider>');
  return ctx;
}
