import sharp from 'sharp';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine, adlerChange, bandOf, deflatePiece, joinBands, type Band } from './png.js';

/** RGBA pixels as a PNG's stored rows (a filter byte 0, then RGB), and their Adler-32. */
function stored(rgba: Uint8Array, width: number, rows: number): { raw: Buffer; adler: number } {
  const raw = Buffer.alloc((width * 3 + 1) * rows);
  for (let y = 0; y < rows; y++) for (let x = 0; x < width; x++) rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3).forEach((v, c) => (raw[y * (width * 3 + 1) + 1 + x * 3 + c] = v));
  return { raw, adler: adler32(raw) };
}

/** RGBA rows compressed whole as one band. */
function encodeBand(rgba: Uint8Array, width: number, rows: number, last: boolean, level = 6): Band {
  const { raw, adler } = stored(rgba, width, rows);
  return bandOf([deflatePiece(raw, adler, level, last)], rows);
}

/** RGBA rows: a flat colour with a few pixels of another, so the filters have something to do. */
function rows(width: number, height: number, [r, g, b]: number[], seed: number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) px.set([r!, g!, b!, 255], i * 4);
  for (let k = 0; k < 40; k++) px.set([(seed * 37 + k * 11) & 255, (k * 53) & 255, (seed + k) & 255, 255], ((k * 97 + seed * 13) % (width * height)) * 4);
  return px;
}

describe('cards as joined bands', () => {
  it('joins bands compressed apart into a PNG that decodes to exactly their pixels', async () => {
    const parts = [rows(64, 10, [30, 64, 175], 1), rows(64, 7, [255, 255, 255], 2), rows(64, 5, [15, 23, 42], 3)];
    const bands = await Promise.all(parts.map((p, i) => encodeBand(p, 64, p.length / 256, i === parts.length - 1)));
    const png = joinBands(64, bands);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([64, 22, 3]);
    const expected: number[] = [];
    for (const p of parts) for (let i = 0; i < p.length; i += 4) expected.push(p[i]!, p[i + 1]!, p[i + 2]!);
    expect(Buffer.compare(data, Buffer.from(expected))).toBe(0);
  });

  it('joins runs of rows compressed apart into one stream, to the image the rows compressed whole make', async () => {
    const base = stored(rows(64, 40, [30, 64, 175], 3), 64, 40);
    const stride = 64 * 3 + 1;
    const tail = encodeBand(rows(64, 1, [1, 2, 3], 9), 64, 1, true);
    for (const cuts of [[10, 20], [0, 5], [30, 40], [12, 18, 19], [], [1, 2, 3, 39]]) {
      for (const last of [false, true]) {
        const bounds = [0, ...cuts, 40].filter((y, i, all) => i === 0 || y !== all[i - 1]);
        const pieces = bounds.slice(1).map((y1, i) => {
          const part = base.raw.subarray(bounds[i]! * stride, y1 * stride);
          return deflatePiece(part, adler32(part), i % 2 ? 6 : 3, last && y1 === 40);
        });
        const band = bandOf(pieces, 40);
        const whole = bandOf([deflatePiece(base.raw, base.adler, 6, last)], 40);
        expect([band.adler, band.rawLength, band.rows]).toEqual([whole.adler, whole.rawLength, whole.rows]);
        // Decoded as one zlib stream (its Adler-32 checked), with a last band after when this one is not.
        const image = (b: Band) => inflateSync(idat(joinBands(64, last ? [b] : [b, tail])));
        expect(image(band).length).toBe((last ? 40 : 41) * stride);
        expect(Buffer.compare(image(band), image(whole)), `${cuts} ${last}`).toBe(0);
      }
    }
  });

  it('tells the Adler-32 of data after bytes of it changed, from the changes', () => {
    const data = Uint8Array.from({ length: 9000 }, (_, i) => (i * 31 + 7) & 255);
    const changed = Uint8Array.from(data);
    let [added, weighted] = [0, 0];
    for (const [at, v] of [[0, 255], [17, 0], [4000, 3], [8999, 200], [5000, 5000 & 255]] as const) {
      const delta = v - changed[at]!;
      changed[at] = v;
      added += delta;
      weighted += delta * (data.length - at);
    }
    expect(adlerChange(adler32(data), added % 65521, weighted % 65521)).toBe(adler32(changed));
  });

  it('writes a zlib stream whose checksum holds (a strict decoder accepts it)', async () => {
    const bands = await Promise.all([encodeBand(rows(8, 3, [1, 2, 3], 4), 8, 3, false), encodeBand(rows(8, 2, [9, 9, 9], 5), 8, 2, true)]);
    const png = joinBands(8, bands);
    // Collect the IDAT payloads and inflate them as one stream: zlib checks the Adler-32 at the end.
    const idat: Uint8Array[] = [];
    const v = new DataView(png.buffer, png.byteOffset);
    for (let at = 8; at < png.length; ) {
      const len = v.getUint32(at);
      if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
      at += 12 + len;
    }
    expect(inflateSync(Buffer.concat(idat)).length).toBe((8 * 3 + 1) * 5);
  });

  it('combines Adler-32 sums as zlib does', () => {
    const a = Uint8Array.from({ length: 7000 }, (_, i) => (i * 7) & 255);
    const b = Uint8Array.from({ length: 90000 }, (_, i) => (i * 13 + 5) & 255);
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32(new Uint8Array(0))).toBe(1);
  });
});

/** A PNG's IDAT payloads joined: its zlib stream. */
function idat(png: Uint8Array): Buffer {
  const parts: Uint8Array[] = [];
  const v = new DataView(png.buffer, png.byteOffset);
  for (let at = 8; at < png.length; at += 12 + v.getUint32(at)) {
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + v.getUint32(at)));
  }
  return Buffer.concat(parts);
}
