/** Deployments: names, the files map, the release store, zips and deployment URLs. */
export { decodeSiteFiles, encodeBinary, type FilesPayload, type SiteBytes } from '../bundle/files.js';
export { checkFileName, FILE_LIMITS, isSiteName } from '../bundle/names.js';
export { createReleaseStore, type ReleaseStoreOptions } from './disk-store.js';
export type { ReleaseMeta, ReleaseStore } from './store.js';
export { checkUrlTemplate, DEFAULT_URL_TEMPLATE, deploymentUrl } from './url-template.js';
export { zipStream, type ZipEntry } from '../bundle/zip.js';
