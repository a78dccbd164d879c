import { apiRequest, call, getJson } from './api.js';

/** The calls of the brand site (src/server/brand-site/routes.ts). */

/** GET /api/brand-site. */
export interface BrandSiteState {
  siteName: string;
  domainName: string | null;
  businessName: string | null;
  /** The brand settings and the saved cities make a brand site. */
  ready: boolean;
  /** No brand site domain in the brand settings yet. */
  noDomain: boolean;
  /** Why it cannot be built (`brand.yaml:3:5 locations.FL[1]: no saved city atlantis`). */
  errors: string[];
  locations: { slug: string; city: string; state: string; path: string; version: number }[];
  url: string | null;
  live: string | null;
  newest: string | null;
  releases: { id: string; createdAt: string; live: boolean }[];
  /** A rollback holds it on an older release: redeploy-all skips it. */
  pinned: boolean;
  /** The live release differs from what the saved settings and cities would build. */
  changed: boolean;
  changes: string[];
}

/** One listed city of a refused deploy's doorway check. */
export interface BrandDoorwayLine {
  slug: string;
  city: string;
  verdict: string;
  score: number;
  localWords: number;
  closest: { slug: string; city: string } | null;
}

export interface BrandDoorway {
  threshold: number;
  minLocalWords: number;
  failing: BrandDoorwayLine[];
}

export const getBrandSite = () => getJson<BrandSiteState>('/api/brand-site');
export const previewBrandSite = () => call<{ id: string; url: string; warnings: string[] }>('POST', '/api/brand-site/preview', {});
export const deployBrandSite = (confirmDoorway = false) =>
  call<{ message: string; deploymentUrl: string; releaseId: string }>('POST', '/api/brand-site/deploy', confirmDoorway ? { confirmDoorway: true } : {});
export const makeBrandReleaseLive = (id: string) => call<{ pinned: boolean }>('POST', `/api/brand-site/releases/${encodeURIComponent(id)}/live`);
/** POST /api/brand-site/package: the zip, or a thrown failure. */
export const downloadBrandSite = async () => (await apiRequest('POST', '/api/brand-site/package', {})).blob();
