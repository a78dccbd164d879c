/**
 * Image types told by their first bytes, never by a file name or a declared content type, which
 * the sender chooses freely.
 */
export type ImageKind = 'png' | 'jpg' | 'gif' | 'svg';

/** The content type of every image kind a site holds: logos (ImageKind) and photos (photo-type.ts). */
export const CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;

export const IMAGE_TYPES: Record<ImageKind, string> = { png: CONTENT_TYPES.png, jpg: CONTENT_TYPES.jpg, gif: CONTENT_TYPES.gif, svg: CONTENT_TYPES.svg };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, sig: readonly number[]): boolean {
  return bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
}

/** The raster type of `bytes` (PNG, JPEG, GIF87a/89a), or undefined. */
export function rasterKind(bytes: Uint8Array): 'png' | 'jpg' | 'gif' | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  return undefined;
}

/**
 * True when `bytes` look like an SVG document: UTF-8 text whose first markup, after an optional
 * BOM, XML declaration, comments and doctype, is an `<svg` element. The sanitizer decides the rest.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = head
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '');
  return /^\s*<svg[\s>/]/.test(rest);
}

/** The image kind of `bytes`, or undefined when it is none of JPG, PNG, GIF, SVG. */
export function imageKind(bytes: Uint8Array): ImageKind | undefined {
  return rasterKind(bytes) ?? (looksLikeSvg(bytes) ? 'svg' : undefined);
}
