import { concatBytes } from '../../model/files.js';
import { constants, crc32, deflateRawSync } from 'node:zlib';

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
 * A band's rows as a PNG stores them, before compression: each a filter byte (0: none) and RGB
 * pixels (cards are opaque). Rows are stored unfiltered: on a flat brand colour, deflate finds the
 * repeats itself, smaller and faster than with PNG's prediction filters (measured on the sample
 * cards). Their Adler-32 is summed once a backdrop, row by row (draw.ts), and text painted over
 * them (glyphs.ts) changes the sum by what it changes (adlerChange), without summing again.
 */
export interface RawRows {
  raw: Buffer;
  width: number;
  rows: number;
}

/** `rows` rows of one colour (`#rrggbb`) as RawRows: a band's background, with no pixels drawn. */
export function flatRows(width: number, rows: number, hex: string): RawRows {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * rows);
  flatRow(raw, 0, width, rgbaWord(hex));
  repeatRow(raw, 0, stride, 0, rows);
  return { raw, width, rows };
}

/**
 * A run of a band's rows compressed on its own: deflate data ending on a byte boundary (a sync
 * flush) unless it ends the image (`final`), so runs compressed apart join into one stream, and
 * its rows' Adler-32 and length, so the sums of runs joined combine.
 */
export interface Piece {
  data: Uint8Array;
  adler: number;
  rawLength: number;
}

/** `raw` (stored rows) compressed at `level` as a piece, on this thread. */
export function deflatePiece(raw: Uint8Array, adler: number, level: number, final: boolean): Piece {
  // One output buffer for most runs: zlib's default 16 KB would make several and join them.
  const out = deflateRawSync(raw, { level, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
  // Copied out: a single output chunk is a view of zlib's 64 KB buffer, which a run of a few KB
  // held in `pieces` (draw.ts) kept whole: 100 MB a thread in a build of 1,000 cities (issue 41).
  return { data: new Uint8Array(out), adler, rawLength: raw.byteLength };
}

/** A band of `rows` rows from its pieces, top to bottom. */
export function bandOf(pieces: readonly Piece[], rows: number): Band {
  let adler = 1;
  let rawLength = 0;
  for (const p of pieces) {
    adler = adler32Combine(adler, p.adler, p.rawLength);
    rawLength += p.rawLength;
  }
  const data = pieces.length === 1 ? pieces[0]!.data : concatBytes(pieces.map((p) => p.data));
  return { chunk: pngChunk('IDAT', data), adler, rawLength, rows };
}

/**
 * The Adler-32 of data after some of its bytes changed, from the sum before and the changes:
 * `added`, the bytes' changes summed, and `weighted`, each change times the number of bytes from
 * it to the end of the data (both taken modulo 65521, or small enough to be exact).
 */
export function adlerChange(adler: number, added: number, weighted: number): number {
  const a = ((((adler & 0xffff) + added) % BASE) + BASE) % BASE;
  const b = ((((adler >>> 16) + weighted) % BASE) + BASE) % BASE;
  return ((b << 16) | a) >>> 0;
}

/** `#rrggbb` as an RGBA pixel's four bytes read little-endian, opaque. */
export function rgbaWord(hex: string): number {
  const v = parseInt(hex.slice(1), 16);
  return ((255 << 24) | ((v & 0xff) << 16) | (v & 0xff00) | (v >>> 16)) >>> 0;
}

/** A row of `raw` at `to` of one colour (the little-endian word of an RGBA pixel), unfiltered. */
function flatRow(raw: Buffer, to: number, width: number, colour: number): void {
  raw[to] = 0;
  raw.fill(Uint8Array.of(colour & 0xff, (colour >>> 8) & 0xff, (colour >>> 16) & 0xff), to + 1, to + 1 + width * 3);
}

/** Copies the row at `from` over rows `y0` to `y1` of `raw`, doubling the copied block each time. */
function repeatRow(raw: Buffer, from: number, stride: number, y0: number, y1: number): void {
  if (y0 >= y1) return;
  if (from !== y0 * stride) raw.copy(raw, y0 * stride, from, from + stride);
  for (let n = 1; y0 + n < y1; n *= 2) raw.copy(raw, (y0 + n) * stride, y0 * stride, (y0 + Math.min(n, y1 - y0 - n)) * stride);
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
