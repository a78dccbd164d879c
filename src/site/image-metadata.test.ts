import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripRasterMetadata } from './image-metadata.js';

/** A 24x16 image in a flat colour, as sharp encodes it (no metadata of its own). */
const plain = (format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .toFormat(format)
    .toBuffer();

const GPS = 'GPSLatitude 27 56 49 N; GPSLongitude 82 27 28 W';
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description photoshop:City="Tampa" xmp:CreatorTool="Phone 15"/></x:xmpmeta>';
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);
const bytesOf = (r: ReturnType<typeof stripRasterMetadata>) => {
  if (!r.ok) throw new Error('the file did not walk');
  return r.bytes;
};

/** A JPEG segment: marker, length, payload. */
const segment = (marker: number, payload: string) => {
  const body = Buffer.from(payload, 'latin1');
  return Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
};
/** A PNG chunk with its CRC. */
const chunk = (type: string, payload: string) => {
  const data = Buffer.from(payload, 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
};

describe('stripRasterMetadata', () => {
  it('takes EXIF (GPS), XMP and comments out of a JPEG and keeps its pixels', async () => {
    const clean = await plain('jpeg');
    const tagged = Buffer.concat([clean.subarray(0, 2), segment(0xe1, `Exif\0\0${GPS}`), segment(0xe1, `http://ns.adobe.com/xap/1.0/\0${XMP}`), segment(0xfe, 'shot by the clinic manager'), clean.subarray(2)]);
    const out = bytesOf(stripRasterMetadata(tagged, 'jpg'));
    for (const text of ['GPSLatitude', 'xmpmeta', 'clinic manager']) expect(has(out, text), text).toBe(false);
    expect(Buffer.compare(Buffer.from(out), clean)).toBe(0);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([24, 16, undefined, undefined]);
  });

  it('takes text, EXIF and time chunks out of a PNG and keeps the rest', async () => {
    const clean = await plain('png');
    const ihdrEnd = 8 + 12 + 13;
    const tagged = Buffer.concat([clean.subarray(0, ihdrEnd), chunk('tEXt', `Comment\0${GPS}`), chunk('eXIf', `MM\0*${GPS}`), chunk('iTXt', `XML:com.adobe.xmp\0\0\0\0\0${XMP}`), clean.subarray(ihdrEnd)]);
    const out = bytesOf(stripRasterMetadata(tagged, 'png'));
    for (const text of ['GPSLatitude', 'xmpmeta']) expect(has(out, text), text).toBe(false);
    expect(Buffer.compare(Buffer.from(out), clean)).toBe(0);
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(clean).raw().toBuffer())).toBe(true);
  });

  it('takes comments and XMP out of a GIF and keeps its frames', async () => {
    const clean = await plain('gif');
    // After the header, screen descriptor and global colour table: a comment and an XMP application extension.
    const packed = clean[10]!;
    const start = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, GPS.length]), Buffer.from(GPS, 'latin1'), Buffer.from([0])]);
    const xmpData = Buffer.from(XMP, 'latin1');
    const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP', 'latin1'), Buffer.from([xmpData.length]), xmpData, Buffer.from([0])]);
    const tagged = Buffer.concat([clean.subarray(0, start), comment, xmp, clean.subarray(start)]);
    const out = bytesOf(stripRasterMetadata(tagged, 'gif'));
    for (const text of ['GPSLatitude', 'xmpmeta']) expect(has(out, text), text).toBe(false);
    expect(Buffer.compare(Buffer.from(out), clean)).toBe(0);
  });

  it('takes EXIF out of a JPEG whose markers follow fill bytes (0xFF), which decoders read', async () => {
    const clean = await plain('jpeg');
    const tagged = Buffer.concat([clean.subarray(0, 2), Buffer.from([0xff]), segment(0xe1, `Exif\0\0${GPS}`), Buffer.from([0xff, 0xff]), clean.subarray(2)]);
    expect((await sharp(tagged).metadata()).width).toBe(24);
    const out = stripRasterMetadata(tagged, 'jpg');
    expect(out.ok && has(out.bytes, 'GPSLatitude')).toBe(false);
    expect(out.ok && Buffer.compare(Buffer.from(out.bytes), clean)).toBe(0);
  });

  it('ends each file where its image ends: what follows (a second picture with its own EXIF, appended data) goes', async () => {
    const jpeg = await plain('jpeg');
    const second = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, `Exif\0\0${GPS}`), Buffer.from([0xff, 0xd9])]);
    const mpo = bytesOf(stripRasterMetadata(Buffer.concat([jpeg, second]), 'jpg'));
    expect(Buffer.compare(Buffer.from(mpo), jpeg)).toBe(0);
    const png = await plain('png');
    expect(Buffer.compare(Buffer.from(bytesOf(stripRasterMetadata(Buffer.concat([png, Buffer.from(GPS)]), 'png'))), png)).toBe(0);
    const gif = await plain('gif');
    expect(Buffer.compare(Buffer.from(bytesOf(stripRasterMetadata(Buffer.concat([gif, Buffer.from(GPS)]), 'gif'))), gif)).toBe(0);
  });

  it('takes a GIF without its trailer, or with a stray byte where a block would start, ended there as decoders read it', async () => {
    const gif = await plain('gif');
    expect(gif.at(-1)).toBe(0x3b);
    for (const odd of [gif.subarray(0, gif.length - 1), Buffer.concat([gif.subarray(0, gif.length - 1), Buffer.from([0x00]), Buffer.from(GPS)])]) {
      const out = bytesOf(stripRasterMetadata(odd, 'gif'));
      expect(Buffer.compare(Buffer.from(out), gif)).toBe(0);
      expect((await sharp(out).metadata()).width).toBe(24);
    }
  });

  it('hands back a file with nothing to drop as it is, and refuses one whose blocks do not walk', async () => {
    const clean = await plain('png');
    expect(stripRasterMetadata(clean, 'png')).toEqual({ ok: true, bytes: clean });
    const jpeg = await plain('jpeg');
    for (const [name, broken, kind] of [
      ['a segment longer than the file', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xf0]), Buffer.from(GPS)]), 'jpg'],
      ['stray bytes between segments', Buffer.concat([jpeg.subarray(0, 2), Buffer.from('junk'), segment(0xe1, `Exif\0\0${GPS}`), jpeg.subarray(2)]), 'jpg'],
      ['a PNG cut short', clean.subarray(0, clean.length - 20), 'png'],
    ] as const) {
      expect(stripRasterMetadata(broken, kind), name).toEqual({ ok: false });
    }
  });
});
