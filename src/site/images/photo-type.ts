import { CONTENT_TYPES, rasterKind } from '../image-type.js';

/**
 * Photo types told by their first bytes, never by a file name or a declared content type (see
 * image-type.ts for the logo's). A photo is a JPG, PNG, WebP or AVIF: what phones, cameras and
 * image editors export and what sharp decodes; GIF and SVG are logo formats, not photos.
 */
export type PhotoKind = 'jpg' | 'png' | 'webp' | 'avif';

/** The content type of each photo kind, for serving uploads. */
export const PHOTO_TYPES: Record<PhotoKind, string> = { jpg: CONTENT_TYPES.jpg, png: CONTENT_TYPES.png, webp: CONTENT_TYPES.webp, avif: CONTENT_TYPES.avif };

/** A photo file may be up to 15MB: a 48-megapixel phone photo is 8-12MB. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/**
 * At most 50 megapixels are decoded (48-megapixel phones fit): a small file can claim a huge
 * size, and decoding it would take gigabytes of memory.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The brands an ISO media file (AVIF, HEIC) declares in its leading `ftyp` box. */
function ftypBrands(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(size, bytes.length, 256);
  if (size < 16) return undefined;
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands;
}

/** The photo kind of `bytes`, or undefined when it is none of JPG, PNG, WebP, AVIF. */
export function photoKind(bytes: Uint8Array): PhotoKind | undefined {
  const raster = rasterKind(bytes);
  if (raster === 'jpg' || raster === 'png') return raster;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands?.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  return undefined;
}

/**
 * True for a HEIC/HEIF photo (an iPhone's camera format): refused like any other non-photo, but
 * the message can say what to do, since browsers cannot show it.
 */
export function isHeic(bytes: Uint8Array): boolean {
  const brands = ftypBrands(bytes);
  return !!brands && !brands.some((b) => b === 'avif' || b === 'avis') && brands.some((b) => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(b));
}
