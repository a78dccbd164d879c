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
 * Encoder settings: AVIF at effort 2 is 5-10 times faster than the default 4 for a few percent
 * more bytes, which keeps a cold build of a new photo within seconds; WebP and a progressive
 * mozjpeg JPEG (for browsers with neither) at the quality most image CDNs default to.
 */
export const FORMATS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
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
