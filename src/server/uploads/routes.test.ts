import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminTestApp, logoForm, PNG } from '../../../test/helpers/server-app.js';
import { folderUploadStore, type FileWriter } from './store.js';
import { UPLOAD_CSP, uploadRoutes } from './routes.js';

/** POST /api/upload-logo: type by content, the 5 MB limit before buffering, inert serving. */
type Reply = { success: boolean; logoUrl?: string; message: string; error?: string };
const MB = 1024 * 1024;

async function upload(t: ReturnType<typeof adminTestApp>, form: FormData) {
  const res = await t.request('/api/upload-logo', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Reply };
}

describe('logo upload', () => {
  it('stores a PNG under a generated name and serves it with nosniff and a sandboxing CSP', async () => {
    const t = adminTestApp();
    const { status, body } = await upload(t, logoForm(PNG, '../../evil name.png'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: 'Logo uploaded successfully' });
    expect(body.logoUrl).toMatch(/^\/uploads\/logo-[0-9a-f]{32}\.png$/);
    const served = await t.request(body.logoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores a JPEG logo without where and when it was taken (EXIF GPS, XMP), its pixels unchanged', async () => {
    const t = adminTestApp();
    const clean = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
    const app1 = Buffer.from('Exif\0\0GPSLatitude 27 56 49 N <x:xmpmeta/>', 'latin1');
    const tagged = Buffer.concat([clean.subarray(0, 2), Buffer.from([0xff, 0xe1, (app1.length + 2) >> 8, (app1.length + 2) & 0xff]), app1, clean.subarray(2)]);
    const { status, body } = await upload(t, logoForm(tagged, 'logo.jpg', 'image/jpeg'));
    expect(status).toBe(200);
    const stored = Buffer.from(await (await t.request(body.logoUrl!)).arrayBuffer());
    expect(stored.includes('GPSLatitude')).toBe(false);
    expect(stored.equals(clean)).toBe(true);
  });

  it('tells the type by content, not by name or declared type', async () => {
    const t = adminTestApp();
    const tiny = sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } });
    const [jpeg, gif] = await Promise.all([tiny.clone().jpeg().toBuffer(), tiny.clone().gif().toBuffer()]);
    expect((await upload(t, logoForm(jpeg, 'photo.png', 'image/png'))).body.logoUrl).toMatch(/\.jpg$/);
    expect((await upload(t, logoForm(gif, 'x.txt', 'text/plain'))).body.logoUrl).toMatch(/\.gif$/);
    expect((await upload(t, logoForm(PNG, 'logo.svg', 'image/svg+xml'))).body.logoUrl).toMatch(/\.png$/);
  });

  it.each([
    ['plain text named .png', 'hello, I am not an image', 'notes.png'],
    ['HTML posing as SVG', '<html><body><svg></svg><script>alert(1)</script></body></html>', 'logo.svg'],
    ['a PDF', '%PDF-1.7\n...', 'logo.jpg'],
  ])('refuses %s with 415 and a message for the alert', async (_, content, name) => {
    const { status, body } = await upload(adminTestApp(), logoForm(content, name, 'image/png'));
    expect(status).toBe(415);
    const text = 'The file is not a JPG, PNG, GIF or SVG image';
    expect(body).toEqual({ success: false, error: text, message: text });
  });

  it('refuses a JPEG it cannot walk to take the metadata out, rather than storing it with its EXIF', async () => {
    const t = adminTestApp();
    const clean = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
    const app1 = Buffer.from('Exif\0\0GPSLatitude 27 56 49 N', 'latin1');
    // A segment length that runs past its data: the walk cannot go on from there.
    const broken = Buffer.concat([clean.subarray(0, 2), Buffer.from([0xff, 0xe1, 0x7f, 0xff]), app1, clean.subarray(2)]);
    const { status, body } = await upload(t, logoForm(broken, 'logo.jpg', 'image/jpeg'));
    expect(status).toBe(400);
    expect(body.error).toContain('The image is damaged or cut short');
    expect(body.error).not.toContain('GPS');
  });

  it('refuses more than 5MB by Content-Length before reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await adminTestApp().request('/api/upload-logo', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(6 * MB) },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as Reply).message).toBe('The logo is larger than 5MB');
    expect(pulled).toBeLessThanOrEqual(2); // the stream's own read-ahead, nothing more
  });

  it('counts a streamed body without a length and stops just past the limit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 50 * MB) return c.close();
        sent += 256 * 1024;
        c.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const res = await adminTestApp().request('/api/upload-logo', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(6 * MB);
  });

  it('takes a file of exactly 5MB and refuses one byte more', async () => {
    const t = adminTestApp();
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]);
    expect((await upload(t, logoForm(exact))).status).toBe(200);
    const over = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length + 1)]);
    const res = await upload(t, logoForm(over));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The logo is larger than 5MB');
  });

  it('answers other malformed uploads with 4xx and a message', async () => {
    const t = adminTestApp();
    const json = await t.json('POST', '/api/upload-logo', { logo: 'x' });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    expect((await upload(t, form)).body.message).toMatch(/field named logo/);
    expect((await upload(t, logoForm(''))).body.message).toBe('The logo file is empty');
  });

  it('serves nothing else from /uploads', async () => {
    const t = adminTestApp();
    for (const p of ['/uploads/clinic.db', '/uploads/logo-0123.png', '/uploads/logo-00000000000000000000000000000000.png']) {
      expect((await t.request(p)).status).toBe(404);
    }
    // The URL parser resolves %2e%2e as '..' (WHATWG), the path guard refuses what is left encoded.
    for (const p of ['/uploads/%2e%2e/clinic.db', '/uploads/..%2fclinic.db', '/uploads/logo-x%00.png']) {
      const res = await t.request(p);
      expect([400, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('SQLite format');
    }
  });
});

describe('a disk that fills up during an upload', () => {
  it('answers 507 and leaves no file behind, not even a partial one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-uploads-'));
    // Writes part of the file, then fails the way a full disk does.
    const fullDisk: FileWriter = async (path, bytes) => {
      await writeFile(path, bytes.subarray(0, 10), { flag: 'wx' });
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const res = await uploadRoutes(folderUploadStore(dir, fullDisk)).request('/api/upload-logo', { method: 'POST', body: logoForm(PNG) });
    expect(res.status).toBe(507);
    expect(await res.json()).toMatchObject({ success: false, message: 'The server has no room left to store the logo Free some disk space on the server and upload again.' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes the whole file under its final name only after it is complete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-uploads-'));
    const seen: string[] = [];
    const watching: FileWriter = async (path, bytes) => {
      seen.push(path);
      await writeFile(path, bytes, { flag: 'wx' });
    };
    const res = await uploadRoutes(folderUploadStore(dir, watching)).request('/api/upload-logo', { method: 'POST', body: logoForm(PNG) });
    const { logoUrl } = (await res.json()) as Reply;
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBe(join(dir, logoUrl!.slice('/uploads/'.length)));
    expect(seen[0]!.slice(dir.length + 1)).toMatch(/^\.tmp-/);
    expect(readdirSync(dir)).toEqual([logoUrl!.slice('/uploads/'.length)]);
    expect(readFileSync(join(dir, readdirSync(dir)[0]!)).equals(PNG)).toBe(true);
  });
});
