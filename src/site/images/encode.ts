import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';
import { PHOTO_MAX_PIXELS } from './photo-type.js';
import { FORMATS, ROLE_WIDTHS, sha256, widthsFor, type PhotoFormat, type PhotoRole } from './settings.js';

/** One encoded file of a photo. `hash` is the SHA-256 of its bytes (hex). */
export interface EncodedVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  hash: string;
  bytes: Uint8Array;
}

/** Every file of one photo in one role: upright, sRGB, no metadata. */
export interface EncodedPhoto {
  width: number;
  height: number;
  variants: EncodedVariant[];
}

export type EncodeResult = { ok: true; photo: EncodedPhoto } | { ok: false; reason: 'pixels' | 'unreadable'; pixels?: number };

type SharpFn = (input?: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFn> | undefined;

/**
 * sharp, loaded on first use: libvips takes 0.1-1 s to load, which a build without photos (or
 * with every photo in the cache) should not pay.
 */
export function loadSharp(): Promise<SharpFn> {
  return (loading ??= import('sharp').then((m) => m.default as unknown as SharpFn));
}

let versionText: string | undefined;

/**
 * The encoder's version for cache keys, read from sharp's package.json without loading libvips
 * (each sharp release pins its libvips).
 */
export function encoderVersion(): string {
  if (versionText) return versionText;
  try {
    const main = createRequire(import.meta.url).resolve('sharp');
    versionText = `sharp ${(JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version}`;
  } catch {
    versionText = 'sharp';
  }
  return versionText;
}

let encodes = 0;

/** How many photos this thread has encoded (a warm rebuild encodes none): for tests and the bench. */
export function imageEncodeCount(): number {
  return encodes;
}

/**
 * Encodes one photo for `role`: turned upright by its EXIF orientation, converted to sRGB, and
 * written as AVIF, WebP and JPEG at the role's widths (settings.ts). sharp writes no metadata
 * unless asked, so EXIF (with a phone's GPS position), XMP, IPTC and ICC are all dropped. The
 * source is decoded once, to the largest width, and every file is made from those pixels.
 */
export async function encodePhoto(bytes: Uint8Array, role: PhotoRole): Promise<EncodeResult> {
  encodes++;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > PHOTO_MAX_PIXELS) return { ok: false, reason: 'pixels', pixels };
    const largest = ROLE_WIDTHS[role].at(-1)!;
    const { data, info } = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const jobs = widthsFor(role, info.width).flatMap((width) =>
      (Object.keys(FORMATS) as PhotoFormat[]).map(async (format): Promise<EncodedVariant> => {
        let img = sharp(data, { raw });
        if (width !== info.width) img = img.resize({ width });
        // JPEG has no transparency: a PNG's transparent parts become white, not black.
        if (format === 'jpeg') img = img.flatten({ background: '#ffffff' }).jpeg(FORMATS.jpeg);
        else img = format === 'avif' ? img.avif(FORMATS.avif) : img.webp(FORMATS.webp);
        const out = await img.toBuffer({ resolveWithObject: true });
        return { format, width: out.info.width, height: out.info.height, hash: sha256(out.data), bytes: new Uint8Array(out.data) };
      }),
    );
    const variants = await Promise.all(jobs);
    const top = variants.reduce((a, b) => (b.width > a.width ? b : a));
    return { ok: true, photo: { width: top.width, height: top.height, variants } };
  } catch {
    // Damaged or cut-short files, and anything else libvips refuses to decode.
    return { ok: false, reason: 'unreadable' };
  }
}
