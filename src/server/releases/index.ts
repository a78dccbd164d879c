/** Deployments: what other features use of them (the store's interface, on disk or in PostgreSQL). */
export type { ReleaseStoreOptions } from './disk-store.js';
export { RELEASE_ID, releaseTime, type BuiltFrom, type ReleaseMeta, type ReleaseStore } from './store.js';
