import { createHash } from 'node:crypto';

/**
 * How photos are encoded. Every value here is part of the cache key (cacheKey), so a change
 * here re-encodes; a change to the code that does not show here bumps ENCODER_VERSION.
 */
export const ENCODER_VERSION = 1;

/** Where a photo is shown decides the widths it needs. */
export type PhotoRole = 'hero' | 'gallery' | 'team';

/**
 * Widths per role, capped at the source's width. The hero spans the screen: 480 for a small
 * phone, 800 for a phone at 2x, 1200 and 1600 for tablets and desktops. Gallery photos take a
 * third to a half of the page; team photos sit on a card of about 350 px.
 */
export const ROLE_WIDTHS: Record<PhotoRole, readonly number[]> = {
  hero: [480, 800, 1200, 1600],
  gallery: [480, 800, 1200],
  team: [320, 640],
};

/**
 * Encoder settings, chosen by what each format is for and what a cold build of a new photo costs
 * (all three are made for every width; measured on the sample photos, one thread):
 * - AVIF, which nearly every browser takes: effort 2 (5-10 times faster than the default 4 for a
 *   few percent more bytes) with 4:2:0 chroma as JPEG and video use for photos (sharp's AVIF
 *   default is 4:4:4): a fifth less time and 6% fewer bytes than 4:4:4, no change a patient sees.
 * - WebP, for the browsers without AVIF: effort 2, half the time of the default 4 for 6% more bytes.
 * - JPEG, for browsers with neither (almost none): libjpeg-turbo, progressive with optimised
 *   Huffman tables; mozjpeg took 3.4 times as long for 14% fewer bytes nobody is sent.
 * Together: the nine sample photos at 480, 800 and 1200 px, one thread, 2.7 s against 4.1 s with
 * 4:4:4 AVIF, WebP effort 4 and mozjpeg (issue 25).
 */
export const FORMATS = {
  avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 2 },
  jpeg: { quality: 75, progressive: true, optimiseCoding: true },
} as const;

export type PhotoFormat = keyof typeof FORMATS;
export const FORMAT_EXT: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The widths a source of `sourceWidth` pixels gets for `role`: never wider than the source. */
export function widthsFor(role: PhotoRole, sourceWidth: number): number[] {
  const wanted = ROLE_WIDTHS[role];
  const below = wanted.filter((w) => w < sourceWidth);
  return below.length === wanted.length ? [...wanted] : [...below, sourceWidth];
}

/**
 * The cache key of one source in one role: its content hash, the settings and the encoder
 * (sharp and libvips) version, so an upgrade that changes the bytes makes new entries.
 */
export function cacheKey(sourceHash: string, role: PhotoRole, encoder: string): string {
  const settings = JSON.stringify({ v: ENCODER_VERSION, widths: ROLE_WIDTHS[role], formats: FORMATS, encoder });
  return createHash('sha256').update(`${sourceHash}\n${role}\n${settings}`).digest('hex').slice(0, 32);
}

/** The hex SHA-256 of bytes. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
