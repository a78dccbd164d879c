/** Uploaded logos and photos: the store, and the asset source sites read them through. */
export { folderUploadStore, UPLOAD_NAME, type UploadStore } from './store.js';
export { cityAssetSource, uploadsAssetSource } from './asset-source.js';
