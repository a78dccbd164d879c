/**
 * Test photos for the image pipeline and the photo upload, made with sharp in the test itself.
 * Not imported by production code.
 */
import sharp from 'sharp';

/**
 * A `width` x `height` JPEG, its top half red and bottom half blue, stored sideways with EXIF
 * orientation 6 ("turn 90 degrees clockwise to view"), as a phone held upright writes it: shown
 * upright it is `height` wide, blue on the left and red on the right. It carries everything a
 * phone's photo leaks: EXIF with a GPS position and the camera, XMP, and IPTC.
 */
export async function phonePhoto(width = 600, height = 400): Promise<Buffer> {
  const half = Math.round(height / 2);
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .composite([{ input: { create: { width, height: half, channels: 3, background: '#dc2626' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', ImageDescription: 'Front desk' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 14/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '82/1 21/1 1200/100' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane Doe</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
    .toBuffer();
  return withIptc(jpeg, 'Jane Doe at 5950 Newberry Pines Avenue');
}

/** A JPEG with an IPTC caption (an APP13 "Photoshop 3.0" segment) put in after its SOI marker. */
export function withIptc(jpeg: Buffer, caption: string): Buffer {
  const text = Buffer.from(caption, 'latin1');
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, text.length >> 8, text.length & 0xff]), text]);
  const data = record.length % 2 ? Buffer.concat([record, Buffer.from([0])]) : record;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(record.length);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), Buffer.from('8BIM', 'latin1'), Buffer.from([0x04, 0x04, 0, 0]), size, data]);
  const head = Buffer.from([0xff, 0xed, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

/** A plain photo-like JPEG (a gradient with some noise), `width` x `height`. */
export async function plainPhoto(width = 1000, height = 750, tint = '#0f766e'): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: tint } })
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A small JPEG whose header claims `width` x `height` pixels: what a hostile or broken file does
 * to make a decoder allocate gigabytes. Made by rewriting the size in a tiny JPEG's SOF0 segment.
 */
export async function claimedSizeJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } }).jpeg().toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}
