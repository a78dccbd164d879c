import { createHash } from 'node:crypto';
import { fileBytes } from '../../model/files.js';
import type { LogoFile } from '../logo.js';
import { logoSize } from './logo-size.js';

/** The logo as a card draws it: its size in pixels and hash (the cache key's part), and its image. */
export interface CardLogo {
  width: number;
  height: number;
  hash: string;
  /** The image as a data URL, made only when a band is drawn (a rebuild makes none). */
  href(): Promise<string>;
}

/** Logos by hash, the last few brands' (1,000 cities of a few clinics share a few logos). */
const held = new Map<string, CardLogo | undefined>();
const HELD = 8;

/**
 * The site's logo (already checked, an SVG already sanitized: logo.ts) for a card: an SVG as it
 * is, a raster logo made a PNG at most 160 pixels high (twice the card's logo box), so a 5 MB
 * photo of a sign does not travel through every drawing. Undefined when its size cannot be read:
 * the card then shows the mark, as without a logo.
 */
export function cardLogo(file: LogoFile): CardLogo | undefined {
  const bytes = fileBytes(file.content);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  if (held.has(hash)) return held.get(hash);
  const svg = file.name === 'logo.svg';
  const size = logoSize(bytes, svg);
  let href: Promise<string> | undefined;
  const logo = size && {
    ...size,
    hash,
    href: () => (href ??= svg ? Promise.resolve(`data:image/svg+xml;base64,${Buffer.from(bytes).toString('base64')}`) : rasterHref(bytes)),
  };
  held.set(hash, logo);
  if (held.size > HELD) held.delete(held.keys().next().value!);
  return logo;
}

/**
 * A raster logo whose header reads as an image but whose pixels do not decode (a file cut short,
 * a damaged export). The pipeline reports it as the logo field's error, not as a failure of its own.
 */
export class LogoDecodeError extends Error {
  constructor(readonly detail: string) {
    super(`the logo image could not be decoded: ${detail}`);
    this.name = 'LogoDecodeError';
  }
}

async function rasterHref(bytes: Uint8Array): Promise<string> {
  // Loaded here only: sharp takes a quarter of a second to load, and a rebuild draws nothing.
  const { default: sharp } = await import('sharp');
  try {
    const png = await sharp(bytes).resize({ height: 160, withoutEnlargement: true }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch (err) {
    throw new LogoDecodeError(err instanceof Error ? err.message : String(err));
  }
}
