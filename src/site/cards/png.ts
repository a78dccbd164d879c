import { concatBytes } from '../../model/files.js';
import { constants, crc32, deflateRaw } from 'node:zlib';
import { promisify } from 'node:util';

const deflate = promisify(deflateRaw);

/**
 * A social card is a stack of horizontal bands (brand, headline, city, footer), most of them shared:
 * a service page's headline is the same for every city of a brand, the brand's top and footer for
 * all its pages. So each band is drawn and compressed once, and a card is written by joining
 * compressed bands: a PNG's image data is one zlib stream split over IDAT chunks as the writer
 * likes, and deflate data compressed apart joins into one stream when each piece but the last
 * ends on a byte boundary without the final-block bit (a sync flush). Only the stream's Adler-32
 * is per card, and it combines from the bands' own. Joining takes microseconds; drawing and
 * compressing a whole card takes about 15 ms.
 */
export interface Band {
  /** A complete IDAT chunk (length, type, compressed rows, CRC). */
  chunk: Uint8Array;
  /** Adler-32 of the band's filtered rows, and how many bytes they are. */
  adler: number;
  rawLength: number;
  rows: number;
}

/**
 * Compresses `rows` rows of RGBA pixels (the alpha is dropped: cards are opaque) as a band of an
 * RGB image. Rows are stored unfiltered: on a flat brand colour, deflate finds the repeats itself,
 * smaller and faster than with PNG's prediction filters (measured on the sample cards). `level`:
 * 3 for a band drawn for one city (about 1.5 ms for a headline band, a third larger), 6 for a band
 * the brand's cities share and that is compressed once (about 5 ms). `last`: the band that ends
 * the image. Level 9 is left alone: 40 ms a band for 5% fewer bytes.
 */
export async function encodeBand(rgba: Uint8Array, width: number, rows: number, last: boolean, level = 6): Promise<Band> {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * rows);
  // The copy and the Adler-32 sum in one pass. The sums are reduced once a row: JavaScript's
  // numbers hold them exactly far beyond a row's growth (zlib, with 32-bit sums, must every 5552 bytes).
  let a = 1;
  let b = 0;
  for (let y = 0, s = 0, d = 0; y < rows; y++) {
    raw[d++] = 0; // filter: none
    b += a;
    for (let x = 0; x < width; x++, s += 4) {
      const red = rgba[s]!;
      const green = rgba[s + 1]!;
      const blue = rgba[s + 2]!;
      raw[d++] = red;
      raw[d++] = green;
      raw[d++] = blue;
      a += red;
      b += a;
      a += green;
      b += a;
      a += blue;
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  const data = await deflate(raw, { level, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
  return { chunk: pngChunk('IDAT', data), adler: ((b << 16) | a) >>> 0, rawLength: raw.byteLength, rows };
}

const SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);
/** zlib header: deflate, 32 KB window, best compression (a hint only). */
const ZLIB_HEADER = pngChunk('IDAT', Uint8Array.of(0x78, 0xda));
const IEND = pngChunk('IEND', new Uint8Array(0));

/** A PNG of `width` pixels and the bands' rows, the bands top to bottom (the last encoded `last`). */
export function joinBands(width: number, bands: readonly Band[]): Uint8Array {
  const height = bands.reduce((n, b) => n + b.rows, 0);
  const header = new Uint8Array(13);
  const h = new DataView(header.buffer);
  h.setUint32(0, width);
  h.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, PNG's filter method (rows say none), no interlace
  let adler = 1;
  for (const b of bands) adler = adler32Combine(adler, b.adler, b.rawLength);
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, adler);
  const parts = [SIGNATURE, pngChunk('IHDR', header), ZLIB_HEADER, ...bands.map((b) => b.chunk), pngChunk('IDAT', trailer), IEND];
  return concatBytes(parts);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.byteLength);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.byteLength);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.byteLength, crc32(out.subarray(4, 8 + data.byteLength)) >>> 0);
  return out;
}

const BASE = 65521;

/** Adler-32 of `bytes`, continuing from `adler`. */
export function adler32(bytes: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  for (let i = 0; i < bytes.length; ) {
    // 5552 bytes is the most that can be summed before the 32-bit sums need reducing (zlib's NMAX).
    const end = Math.min(i + 5552, bytes.length);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** Adler-32 of two pieces joined, from each piece's own and the second's length (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % BASE;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (second & 0xffff) + BASE - 1;
  sum2 += (first >>> 16) + (second >>> 16) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
