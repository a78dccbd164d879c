/** Uploaded logos and photos: the store, and the asset source sites read them through. */
export type { UploadStore } from './store.js';
export { cityAssetSource } from './asset-source.js';
