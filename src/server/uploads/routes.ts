import { answerOf } from '../../contract/route.js';
import { uploadLogo, uploadPhoto } from '../../contract/site.js';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Hono } from 'hono';
import { stripRasterMetadata } from '../../site/image-metadata.js';
import { IMAGE_TYPES, imageKind, type ImageKind } from '../../site/image-type.js';
import { normalizeUpload } from '../../site/images/normalize-upload.js';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type PhotoKind } from '../../site/images/photo-type.js';
import * as M from '../../texts/server.js';
import { apiError, type FailureText } from '../http/api-error.js';
import { IMMUTABLE } from '../http/cache-control.js';
import type { AppEnv } from '../http/app-env.js';
import { UPLOAD_NAME, type UploadStore } from './store.js';
import type { Context } from 'hono';
import { readBytes } from '../http/read-body.js';
import { sizeLabel } from '../http/read-json.js';
import { sanitizeSvgSliced } from '../../site/svg-sanitize.js';

/** Spec section 5: JPG, PNG, GIF, SVG, max 5MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
// Room for the multipart boundaries and part headers around a file of the maximum size.
const FORM_OVERHEAD = 64 * 1024;
/**
 * Uploaded files are served inert: no script, no plugins, no requests, and a sandbox that gives
 * an SVG opened on its own an opaque origin, on top of the sanitising done at upload.
 */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** POST /api/upload-logo, POST /api/upload-photo and GET /uploads/<name>, over `uploads` (the folder or the database). */
export function uploadRoutes(uploads: UploadStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(uploadLogo.path, async (c) => {
    // The admin's alert reads `message`: 'Failed to upload logo: {message}' (spec section 8).
    const fail = (status: 400 | 413 | 415 | 507, text: FailureText) => apiError(c, status, { error: text });
    const read = await readFormFile(c, 'logo', LOGO_MAX_BYTES, { notMultipart: M.logoNotMultipart, tooLarge: M.logoTooLarge(sizeLabel(LOGO_MAX_BYTES)), missing: M.logoMissing, empty: M.logoEmpty });
    if (!read.ok) return fail(read.status, read.text);
    let bytes = read.bytes;
    const kind = imageKind(bytes);
    if (!kind) return fail(415, M.logoNotImage);
    if (kind === 'svg') {
      // In slices with a time budget: a 5 MB hostile SVG must not hold up other requests.
      const clean = await sanitizeSvgSliced(decodeUtf8(bytes) ?? '');
      if (!clean.ok) return fail(400, clean.error);
      bytes = new TextEncoder().encode(clean.svg);
    } else {
      // Stored without where and when it was taken: the logo goes into every site built from it.
      const stripped = stripRasterMetadata(bytes, kind);
      if (!stripped.ok) return fail(400, M.logoMetadataUnreadable);
      bytes = stripped.bytes;
    }
    const name = `logo-${randomBytes(16).toString('hex')}.${kind}`;
    const stored = await uploads.put(name, bytes);
    if (!stored.ok) return fail(507, M.logoNotSaved);
    return c.json(answerOf(uploadLogo, { success: true, logoUrl: `/uploads/${name}`, message: M.logoUploaded.title }));
  });

  // A clinic photo (hero, gallery, team): kept upright, at most 3200 px a side, with no metadata
  // (normalize-upload.ts), so a phone's GPS position never reaches the disk or /uploads/.
  app.post(uploadPhoto.path, async (c) => {
    const fail = (status: 400 | 413 | 415 | 507, text: FailureText) => apiError(c, status, { error: text });
    const read = await readFormFile(c, 'photo', PHOTO_MAX_BYTES, { notMultipart: M.photoNotMultipart, tooLarge: M.photoTooLarge(sizeLabel(PHOTO_MAX_BYTES)), missing: M.photoMissing, empty: M.photoEmpty });
    if (!read.ok) return fail(read.status, read.text);
    const photo = await normalizeUpload(read.bytes);
    if (!photo.ok) {
      if (photo.reason === 'pixels') return fail(413, M.photoTooManyPixels(String(Math.round(photo.pixels / 1e6))));
      return photo.reason === 'unreadable' ? fail(400, M.photoUnreadable) : fail(415, photo.reason === 'heic' ? M.photoHeic : M.photoNotImage);
    }
    const name = `photo-${randomBytes(16).toString('hex')}.${photo.kind}`;
    const stored = await uploads.put(name, photo.bytes);
    if (!stored.ok) return fail(507, M.photoNotSaved);
    return c.json(answerOf(uploadPhoto, { success: true, url: `/uploads/${name}`, message: M.photoUploaded.title }));
  });

  app.on(['GET', 'HEAD'], '/uploads/*', async (c, next) => {
    const name = c.get('path').slice('/uploads/'.length);
    if (!UPLOAD_NAME.test(name)) return next();
    const bytes = await uploads.get(name);
    if (!bytes) return next();
    c.set('csp', UPLOAD_CSP);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': name.startsWith('photo-') ? PHOTO_TYPES[ext as PhotoKind] : IMAGE_TYPES[ext as ImageKind],
      // A name is never reused for other content.
      'Cache-Control': IMMUTABLE,
    });
  });

  return app;
}

type FormFile = { ok: true; bytes: Uint8Array } | { ok: false; status: 400 | 413 | 415; text: FailureText };

/**
 * The file in form field `field` of a multipart upload of at most `max` bytes, read with the
 * limit enforced before buffering (Content-Length, then while streaming).
 */
async function readFormFile(
  c: Context<AppEnv>,
  field: string,
  max: number,
  texts: { notMultipart: FailureText; tooLarge: FailureText; missing: FailureText; empty: FailureText },
): Promise<FormFile> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return { ok: false, status: 415, text: texts.notMultipart };
  const body = await readBytes(c.req.raw, max + FORM_OVERHEAD);
  if (!body.ok) return body.status === 413 ? { ok: false, status: 413, text: texts.tooLarge } : { ok: false, status: 400, text: M.requestMalformed(body.reason) };
  let file: FormDataEntryValue | null;
  try {
    // Turns between the steps: on a body already in memory they would run back to back (see steps.ts).
    await nextTurn();
    file = (await new Response(body.bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData()).get(field);
    await nextTurn();
  } catch {
    return { ok: false, status: 400, text: M.logoUnreadable };
  }
  if (!file || typeof file === 'string') return { ok: false, status: 400, text: texts.missing };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > max) return { ok: false, status: 413, text: texts.tooLarge };
  if (bytes.byteLength === 0) return { ok: false, status: 400, text: texts.empty };
  return { ok: true, bytes };
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
