import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { claimedSizeJpeg, phonePhoto, plainPhoto } from '../../site/images/testing.js';
import { adminFormConfig, adminTestApp, PNG } from '../../../test/helpers/server-app.js';
import { UPLOAD_CSP } from './routes.js';

/** POST /api/upload-photo: checked by content, kept upright and without metadata, served inert. */
type Reply = { success: boolean; url?: string; message: string; error?: string };
const MB = 1024 * 1024;

function photoForm(bytes: Uint8Array | string, name = 'photo.jpg', type = 'image/jpeg', field = 'photo'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return form;
}

async function upload(t: ReturnType<typeof adminTestApp>, form: FormData) {
  const res = await t.request('/api/upload-photo', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Reply };
}

describe('photo upload', () => {
  it('stores a phone photo upright and without EXIF (GPS), XMP or IPTC, and serves it inert', async () => {
    const t = adminTestApp();
    const { status, body } = await upload(t, photoForm(await phonePhoto(600, 400), '../IMG_0001.JPG'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: 'Photo uploaded successfully' });
    expect(body.url).toMatch(/^\/uploads\/photo-[0-9a-f]{32}\.jpg$/);
    const served = await t.request(body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ w: meta.width, h: meta.height, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
      w: 400,
      h: 600,
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      orientation: undefined,
    });
    expect(bytes.toString('latin1')).not.toMatch(/PhoneMaker|Jane Doe|Newberry/);
  });

  it('tells the type by content; keeps transparency as WebP; takes WebP and AVIF', async () => {
    const t = adminTestApp();
    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).png().toBuffer();
    expect((await upload(t, photoForm(clear, 'x.jpg', 'image/jpeg'))).body.url).toMatch(/\.webp$/);
    const photo = await plainPhoto(300, 200);
    expect((await upload(t, photoForm(await sharp(photo).webp().toBuffer(), 'x.png', 'image/png'))).body.url).toMatch(/\.jpg$/);
    expect((await upload(t, photoForm(await sharp(photo).avif().toBuffer(), 'x.txt', 'text/plain'))).body.url).toMatch(/\.jpg$/);
  });

  it('keeps at most 3200 pixels a side', async () => {
    const t = adminTestApp();
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#345' } }).jpeg().toBuffer();
    const { body } = await upload(t, photoForm(wide));
    const meta = await sharp(Buffer.from(await (await t.request(body.url!)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([3200, 800]);
  });

  it.each([
    ['plain text named .jpg', 'hello', 415, 'The file is not a JPG, PNG, WebP or AVIF image'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 415, 'The file is not a JPG, PNG, WebP or AVIF image'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>', 415, 'The file is not a JPG, PNG, WebP or AVIF image'],
    ['an iPhone HEIC', Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'), 415, 'The file is a HEIC photo, which browsers cannot show Export it as JPEG'],
    ['a damaged JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]), 400, 'The photo could not be read as an image (damaged or cut short)'],
    ['an empty file', '', 400, 'The photo file is empty'],
  ])('refuses %s with %i and a message for the admin', async (_, content, status, message) => {
    const r = await upload(adminTestApp(), photoForm(content as string));
    expect(r.status).toBe(status);
    expect(r.body.success).toBe(false);
    expect(r.body.message.startsWith(message)).toBe(true);
  });

  it('refuses more than 50 megapixels, and more than 15MB before reading the body', async () => {
    const t = adminTestApp();
    const r = await upload(t, photoForm(await claimedSizeJpeg(10_000, 6_000)));
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/^The photo has 60 megapixels, more than the 50 taken/);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await t.request('/api/upload-photo', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(16 * MB) },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as Reply).message).toBe('The photo is larger than 15MB');
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it('asks for multipart with a field named photo', async () => {
    const t = adminTestApp();
    expect((await t.json('POST', '/api/upload-photo', { photo: 'x' })).status).toBe(415);
    const r = await upload(t, photoForm(PNG, 'a.png', 'image/png', 'logo'));
    expect(r).toMatchObject({ status: 400, body: { message: 'No photo file was sent (expected a form field named photo)' } });
  });

  it('serves only the names it gives photos', async () => {
    const t = adminTestApp();
    for (const p of ['/uploads/photo-0123.jpg', '/uploads/photo-00000000000000000000000000000000.jpg', '/uploads/photo-00000000000000000000000000000000.avif']) {
      expect((await t.request(p)).status).toBe(404);
    }
  });

  it('makes an uploaded photo the hero of a generated site, in every format', async () => {
    const t = adminTestApp();
    const { body } = await upload(t, photoForm(await plainPhoto(1000, 600)));
    const res = await t.json('POST', '/api/generate-clinic-website', adminFormConfig({ photos: { hero: { src: body.url, alt: 'Our front desk' } } }));
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: Record<string, string> };
    const images = Object.keys(files).filter((f) => f.startsWith('images/'));
    expect(images.filter((f) => f.endsWith('.avif'))).toHaveLength(3);
    // Binary files travel base64 in the JSON answer, AVIF too.
    for (const [end, format] of [['-800.webp', 'webp'], ['-800.avif', 'heif'], ['-800.jpg', 'jpeg']]) {
      const file = images.find((f) => f.endsWith(end!))!;
      expect((await sharp(Buffer.from(files[file]!, 'base64')).metadata()).format, file).toBe(format);
    }
    expect(files['index.html']).toContain(`srcSet="${images.filter((f) => f.endsWith('.avif')).sort((a, b) => parseInt(a.split('-').at(-1)!) - parseInt(b.split('-').at(-1)!)).map((f) => `${f} ${parseInt(f.split('-').at(-1)!)}w`).join(', ')}"`);
    const missing = await t.json('POST', '/api/generate-clinic-website', adminFormConfig({ photos: { hero: { src: '/uploads/photo-00000000000000000000000000000000.jpg', alt: 'Gone' } } }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: Record<string, string> }).errors['photos.hero.src']).toMatch(/^no file \/uploads\/photo-0+\.jpg in this server's uploads/);
  });
});
