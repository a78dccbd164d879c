/** Deployments: what other features use of them (the store's interface, on disk or in PostgreSQL, and deployment URLs). */
export { createReleaseStore, type ReleaseStoreOptions } from './disk-store.js';
export { releaseTime, type ReleaseMeta, type ReleaseStore } from './store.js';
export { checkUrlTemplate, DEFAULT_URL_TEMPLATE, deploymentUrl } from './url-template.js';
