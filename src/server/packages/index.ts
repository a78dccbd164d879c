/** Generate and Download Package: what deployments reuse to offer a release as a package. */
export { pageContactEndpoint, releasePackageEntries } from './package-routes.js';
