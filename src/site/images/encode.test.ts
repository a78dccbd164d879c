import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePhoto, imageEncodeCount } from './encode.js';
import { phonePhoto, plainPhoto } from './testing.js';

/** What a patient's browser gets from a phone's photo: upright pixels and nothing else. */
describe('encodePhoto', () => {
  it('turns a sideways phone photo upright and strips its EXIF (GPS), XMP and IPTC', async () => {
    const input = await phonePhoto(600, 400);
    const before = await sharp(input).metadata();
    // The test photo carries what a phone writes, or this test proves nothing.
    expect(before).toMatchObject({ width: 600, height: 400, orientation: 6 });
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.xmp?.toString()).toContain('Jane Doe');
    expect(before.iptc?.toString('latin1')).toContain('Newberry Pines');

    const r = await encodePhoto(input, 'hero');
    if (!r.ok) throw new Error(r.reason);
    // Upright: 400 wide and 600 tall; the hero's widths stop at the source's own width.
    expect(r.photo).toMatchObject({ width: 400, height: 600 });
    expect(r.photo.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual(['avif 400x600', 'jpeg 400x600', 'webp 400x600']);
    for (const v of r.photo.variants) {
      const out = sharp(v.bytes);
      const meta = await out.metadata();
      expect(meta.format).toBe(v.format === 'jpeg' ? 'jpeg' : v.format === 'webp' ? 'webp' : 'heif');
      expect([meta.width, meta.height]).toEqual([400, 600]);
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc, orientation: meta.orientation }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
        orientation: undefined,
      });
      expect(Buffer.from(v.bytes).toString('latin1')).not.toMatch(/PhoneMaker|Jane Doe|Newberry|GPS/);
      // Blue (the photo's bottom) now on the left, red (its top) on the right.
      const { data, info } = await out.raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [left, right] = [at(40, 300), at(360, 300)];
      expect(left[2]! > 150 && left[0]! < 100, `left ${left}`).toBe(true);
      expect(right[0]! > 150 && right[2]! < 100, `right ${right}`).toBe(true);
    }
  });

  it('makes every width of the role below the source width, in all three formats', async () => {
    const before = imageEncodeCount();
    const r = await encodePhoto(await plainPhoto(1700, 850), 'hero');
    if (!r.ok) throw new Error(r.reason);
    expect(imageEncodeCount()).toBe(before + 1);
    const widths = (f: string) => r.photo.variants.filter((v) => v.format === f).map((v) => `${v.width}x${v.height}`).sort();
    for (const f of ['avif', 'webp', 'jpeg']) expect(widths(f)).toEqual(['1200x600', '1600x800', '480x240', '800x400']);
    expect(r.photo).toMatchObject({ width: 1600, height: 800 });
  });

  it('gives transparent parts of a PNG a white background in the JPEG', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const r = await encodePhoto(png, 'team');
    if (!r.ok) throw new Error(r.reason);
    const jpeg = r.photo.variants.find((v) => v.format === 'jpeg')!;
    const { data } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('refuses a file it cannot decode as a value, not an exception', async () => {
    const cut = (await plainPhoto(400, 300)).subarray(0, 600);
    expect(await encodePhoto(cut, 'gallery')).toEqual({ ok: false, reason: 'unreadable' });
  });
});
