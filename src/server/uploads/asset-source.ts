import { dirAssetSource, type AssetSource } from '../../site/asset-source.js';
import { UPLOAD_NAME, type UploadStore } from './store.js';

/** What to do when a file a config names is gone: the admin uploads logos and photos alike. */
const HINT = 'upload the file again';

/**
 * The files uploaded to this server (logos, photos), by the site path the upload answered with
 * (`/uploads/<name>`). Only names the server gives uploads are read (readUpload checks them).
 */
export function uploadsAssetSource(uploads: UploadStore): AssetSource {
  const nameOf = (sitePath: string) => (sitePath.startsWith('/uploads/') ? sitePath.slice('/uploads/'.length) : '');
  return {
    name: "this server's uploads",
    hint: HINT,
    read: async (sitePath) => (UPLOAD_NAME.test(nameOf(sitePath)) ? uploads.get(nameOf(sitePath)) : undefined),
  };
}

/**
 * Where a city's pictures are read from when the server builds it (a stored city's deploy, the
 * admin's Generate): `/uploads/...` from this server's uploads (the admin's logo and photo
 * uploads), any other site path from `folders` in turn:
 * the served clinic's config folder and the package's configs/ folder, which hold the pictures of
 * the clinic and of the sample cities imported on first start (`/images/tampa/logo.svg` is
 * `configs/images/tampa/logo.svg`, as `clinic-gen build` reads it). Each folder refuses a path
 * that leaves it, through a symbolic link too (dirAssetSource).
 */
export function cityAssetSource(uploadStore: UploadStore, folders: readonly string[]): AssetSource {
  const uploads = uploadsAssetSource(uploadStore);
  const dirs = [...new Set(folders)].map((dir) => dirAssetSource(dir));
  return {
    name: "this server's uploads or the sample pictures",
    hint: HINT,
    async read(sitePath) {
      if (sitePath.startsWith('/uploads/')) return uploads.read(sitePath);
      for (const dir of dirs) {
        const bytes = await dir.read(sitePath);
        if (bytes) return bytes;
      }
      return undefined;
    },
  };
}
