import * as B from '../contract/brand.js';
import { apiRequest, callRoute, readRoute, urlOfRoute } from './api.js';

/** The calls of the brand site (src/server/brand-site/routes.ts), typed by src/contract/brand.ts. */

export type { BrandSiteState, BrandDoorway, BrandPagesSummary } from '../contract/brand.js';

export const getBrandSite = () => readRoute(B.getBrandSite);
export const previewBrandSite = () => callRoute(B.previewBrandSite, { body: {} });
export const deployBrandSite = (confirmDoorway = false) => callRoute(B.deployBrandSite, { body: confirmDoorway ? { confirmDoorway: true } : {} });
export const makeBrandReleaseLive = (id: string) => callRoute(B.makeBrandReleaseLive, { params: { id } });
/** POST /api/brand-site/package: the zip, or a thrown failure. */
export const downloadBrandSite = async () => (await apiRequest(B.packageBrandSite.method, urlOfRoute(B.packageBrandSite), {})).blob();

/**
 * What a deploy says of the brand's own pages (issue 36 item 8): compared with each other, apart
 * from the locations, and never failing it (one page each, a set that does not grow with the locations).
 */
export function brandPagesLine(p: B.BrandPagesSummary | undefined): string {
  if (!p || !p.closest) return '';
  return `The brand's own ${p.pages} pages, compared apart from the locations: the two most alike, ${p.closest.a} and ${p.closest.b}, share ${Math.round(p.closest.score * 100)}% of their text (reported, not checked against the limit).`;
}
