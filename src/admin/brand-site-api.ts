import * as B from '../contract/brand.js';
import { apiRequest, callRoute, readRoute, urlOfRoute } from './api.js';

/** The calls of the brand site (src/server/brand-site/routes.ts), typed by src/contract/brand.ts. */

export type { BrandSiteState, BrandDoorway } from '../contract/brand.js';

export const getBrandSite = () => readRoute(B.getBrandSite);
export const previewBrandSite = () => callRoute(B.previewBrandSite, { body: {} });
export const deployBrandSite = (confirmDoorway = false) => callRoute(B.deployBrandSite, { body: confirmDoorway ? { confirmDoorway: true } : {} });
export const makeBrandReleaseLive = (id: string) => callRoute(B.makeBrandReleaseLive, { params: { id } });
/** POST /api/brand-site/package: the zip, or a thrown failure. */
export const downloadBrandSite = async () => (await apiRequest(B.packageBrandSite.method, urlOfRoute(B.packageBrandSite), {})).blob();
