/** The brand site on the clinic server (issue 24): built from the brand settings and the stored cities, previewed, downloaded, deployed, rolled back. */
export { brandSiteRoutes, type BrandSiteRouteDeps } from './routes.js';
export { BRAND_SITE, brandSiteService, type BrandSiteService } from './service.js';
export { brandLocationUrl, readStoredBrandSite } from './read.js';
export { brandRedirectRoutes } from './redirects.js';
