/** Deployments: names, the files map, the release store, zips and deployment URLs. */
export { decodeSiteFiles, encodeBinary, type FilesPayload, type SiteBytes } from './files.js';
export { checkFileName, FILE_LIMITS, isSiteName } from './names.js';
export { createReleaseStore, type ReleaseStoreOptions } from './release-store.js';
export type { ReleaseMeta, ReleaseStore } from './releases.js';
export { checkUrlTemplate, DEFAULT_URL_TEMPLATE, deploymentUrl } from './url-template.js';
export { zipStream, type ZipEntry } from './zip.js';
