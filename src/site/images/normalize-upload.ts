import { loadSharp } from './encode.js';
import { isHeic, photoKind, PHOTO_MAX_PIXELS } from './photo-type.js';

/** The longest side an uploaded photo is kept at: twice the widest file a site gets (1600). */
export const UPLOAD_MAX_SIDE = 3200;

export type NormalizedUpload =
  | { ok: true; bytes: Uint8Array; kind: 'jpg' | 'webp' }
  | { ok: false; reason: 'not-photo' | 'heic' | 'unreadable' }
  | { ok: false; reason: 'pixels'; pixels: number };

/**
 * An uploaded photo as the server keeps it: checked by its bytes (JPG, PNG, WebP, AVIF; at most
 * 50 megapixels), turned upright, at most 3200 pixels a side, and re-encoded without any
 * metadata, as a JPEG at quality 92 (a WebP when it has transparency). The phone's original,
 * with its GPS position, is never written to the server's disk nor served from /uploads/, and
 * the site pipeline starts from a small, clean master.
 */
export async function normalizeUpload(bytes: Uint8Array): Promise<NormalizedUpload> {
  if (isHeic(bytes)) return { ok: false, reason: 'heic' };
  if (!photoKind(bytes)) return { ok: false, reason: 'not-photo' };
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > PHOTO_MAX_PIXELS) return { ok: false, reason: 'pixels', pixels };
    const img = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS })
      .autoOrient()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (meta.hasAlpha) return { ok: true, kind: 'webp', bytes: new Uint8Array(await img.webp({ quality: 92, alphaQuality: 100 }).toBuffer()) };
    return { ok: true, kind: 'jpg', bytes: new Uint8Array(await img.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer()) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
