import type { ClinicConfig } from '../../config/schema.js';
import { fileStamp, type AssetSource, type DirAssetSource } from '../asset-source.js';
import type { SiteProblem } from '../logo.js';
import { isFileSitePath } from '../site-paths.js';
import { cachedPhoto } from './cache.js';
import { encoderVersion } from './encode.js';
import { isHeic, photoKind, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from './photo-type.js';
import { cacheKey, FORMAT_EXT, sha256, type PhotoRole } from './settings.js';
import { NO_PHOTOS, type PhotoVariant, type SitePhoto, type SitePhotos } from '../../model/photos.js';

export type PhotosResult = { ok: true; photos: SitePhotos; files: Record<string, Uint8Array> } | { ok: false; errors: SiteProblem[] };

/** A photo a config names: its field, its file and alt text, and the role it is shown in. */
export interface Wanted {
  field: string;
  src: string;
  alt: string;
  role: PhotoRole;
}

/** Every photo a config names (hero, gallery, team), in that order. */
export function wantedPhotos(config: ClinicConfig): Wanted[] {
  const wanted: Wanted[] = [];
  const { hero, gallery } = config.photos;
  if (hero) wanted.push({ field: 'photos.hero', ...hero, role: 'hero' });
  gallery.forEach((p, i) => wanted.push({ field: `photos.gallery[${i}]`, ...p, role: 'gallery' }));
  config.localContent.team.forEach((m, i) => m.photo && wanted.push({ field: `localContent.team[${i}].photo`, ...m.photo, role: 'team' }));
  return wanted;
}

/**
 * The photos a config names (hero, gallery, team), read from `assets`, checked by their bytes,
 * encoded (or taken from the cache in `cacheDir`) and named by content:
 * `images/<file name>-<hash>-<width>.<avif|webp|jpg>`. Problems name the field:
 * `photos.gallery[1].src: ...`.
 */
export async function readPhotos(config: ClinicConfig, assets: AssetSource, cacheDir?: string): Promise<PhotosResult> {
  const wanted = wantedPhotos(config);
  if (wanted.length === 0) return { ok: true, photos: NO_PHOTOS, files: {} };

  const results = await Promise.all(wanted.map((w) => readPhoto(w, assets, cacheDir)));
  const errors = results.flatMap((r) => ('error' in r ? [r.error] : []));
  if (errors.length) return { ok: false, errors };
  const files: Record<string, Uint8Array> = {};
  const byField = new Map<string, SitePhoto>();
  results.forEach((r, i) => {
    if (!('photo' in r)) return;
    Object.assign(files, r.files);
    byField.set(wanted[i]!.field, r.photo);
  });
  return {
    ok: true,
    files,
    photos: {
      hero: byField.get('photos.hero'),
      gallery: config.photos.gallery.map((_, i) => byField.get(`photos.gallery[${i}]`)!),
      team: config.localContent.team.map((_, i) => byField.get(`localContent.team[${i}].photo`) ?? null),
    },
  };
}

type PhotoOutcome = { photo: SitePhoto; files: Record<string, Uint8Array> } | { error: SiteProblem };

async function readPhoto(w: Wanted, assets: AssetSource, cacheDir: string | undefined): Promise<PhotoOutcome> {
  const fail = (message: string): PhotoOutcome => ({ error: { field: `${w.field}.src`, message } });
  if (!isFileSitePath(w.src)) return fail(`${w.src} is not a plain site path (no '.', '..' or empty parts); name the photo like /photos/clinic.jpg`);
  const source = await sourceOf(w.src, assets);
  if (!source.ok) return fail(source.message);
  const key = cacheKey(source.hash, w.role, encoderVersion());
  // Bytes are read again only when neither memory nor the cache holds the photo; a file changed
  // since it was checked is not encoded under the old file's key.
  const bytes = async () => source.bytes ?? (await assets.read(w.src).then((b) => (b && sha256(b) === source.hash ? b : undefined)));
  const encoded = await cachedPhoto(key, w.role, bytes, cacheDir);
  if (!encoded.ok) {
    return fail(
      encoded.reason === 'pixels'
        ? `${w.src} has ${Math.round((encoded.pixels ?? 0) / 1e6)} megapixels, more than the ${PHOTO_MAX_PIXELS / 1e6} taken; export it smaller (2,000 to 4,000 pixels wide is plenty)`
        : `${w.src} could not be read as an image (damaged or cut short); export it again`,
    );
  }
  const base = fileBase(w.src);
  const files: Record<string, Uint8Array> = {};
  const lists: Record<'avif' | 'webp' | 'jpeg', PhotoVariant[]> = { avif: [], webp: [], jpeg: [] };
  for (const v of [...encoded.photo.variants].sort((a, b) => a.width - b.width)) {
    const path = `images/${base}-${v.hash.slice(0, 10)}-${v.width}.${FORMAT_EXT[v.format]}`;
    files[path] = v.bytes;
    lists[v.format].push({ path, width: v.width });
  }
  return { photo: { alt: w.alt, width: encoded.photo.width, height: encoded.photo.height, ...lists }, files };
}

/** `/photos/Front Desk (2).JPG` -> `front-desk-2`: readable in a site's files and in image search. */
export function fileBase(src: string): string {
  const name = src.slice(src.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return slug || 'photo';
}

type Source = { ok: true; hash: string; bytes?: Uint8Array } | { ok: false; message: string };

/**
 * Files already read and accepted in this thread, by the file on disk and its stat: 1,000 cities
 * naming one hero photo read and hash it once, not 1,000 times. Only sources on disk that say
 * which file a path stands for (configAssetSource) are remembered; any change to the file
 * (size, times, inode) reads it again.
 */
const accepted = new Map<string, { stamp: string; hash: string }>();

async function sourceOf(src: string, assets: AssetSource): Promise<Source> {
  const file = 'fileFor' in assets ? (assets as DirAssetSource).fileFor(src) : undefined;
  // A stat answers in microseconds; through the thread pool it cost a 1,000-city build more than the stat itself.
  const stamp = file ? fileStamp(file) : undefined;
  const known = file && accepted.get(file);
  if (known && known.stamp === stamp) return { ok: true, hash: known.hash };
  const bytes = await assets.read(src);
  if (!bytes) return { ok: false, message: `no file ${src} in ${assets.name}${assets.hint ? `; ${assets.hint}` : ''}` };
  const problem = byteProblem(src, bytes);
  if (problem) return { ok: false, message: problem };
  const hash = sha256(bytes);
  if (file && stamp) {
    if (accepted.size >= 1000) accepted.clear();
    accepted.set(file, { stamp, hash });
  }
  return { ok: true, hash, bytes };
}

/** What is wrong with a photo's bytes before decoding it, or undefined. */
export function byteProblem(src: string, bytes: Uint8Array): string | undefined {
  if (bytes.byteLength > PHOTO_MAX_BYTES) return `${src} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024}MB; export it smaller (a photo 2,000 to 4,000 pixels wide is 1 to 5MB)`;
  if (bytes.byteLength === 0) return `${src} is an empty file`;
  if (isHeic(bytes)) return `${src} is a HEIC photo (the iPhone's camera format), which browsers cannot show; export it as JPEG`;
  if (!photoKind(bytes)) return `${src} is not a JPG, PNG, WebP or AVIF image`;
  return undefined;
}
