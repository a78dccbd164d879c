/** Generate and Download Package: what deployments reuse to offer a release as a package. */
export { pageContactEndpoint, releasePackageEntries } from './deploy-guide.js';
/** Sites built off the request loop, on the server's build worker (Generate, a saved version's deploy, the brand site). */
export { BUILD_RETRY_AFTER_SECONDS, siteBuilds, type SiteBuildPool } from './build-pool.js';
export type { BrandJob } from './build-pool.js';
