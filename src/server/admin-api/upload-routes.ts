import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Hono } from 'hono';
import { IMAGE_TYPES, imageKind, type ImageKind } from '../../site/image-type.js';
import * as M from '../../messages/server.js';
import { apiError, type FailureText } from '../http/api-error.js';
import { IMMUTABLE } from '../http/cache-control.js';
import type { AppEnv } from '../types.js';
import { readBytes, sizeLabel } from './read-bytes.js';
import { sanitizeSvgSliced } from '../../site/svg-sanitize.js';

/** Spec section 5: JPG, PNG, GIF, SVG, max 5MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
// Room for the multipart boundaries and part headers around a file of the maximum size.
const FORM_OVERHEAD = 64 * 1024;
/** Names this server gives uploads; nothing else is ever read from the uploads folder. */
export const UPLOAD_NAME = /^logo-[0-9a-f]{32}\.(png|jpg|gif|svg)$/;
/**
 * Uploaded files are served inert: no script, no plugins, no requests, and a sandbox that gives
 * an SVG opened on its own an opaque origin, on top of the sanitising done at upload.
 */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Writes a new file; tests inject one that fails half-way, like a full disk does. */
export type FileWriter = (path: string, bytes: Uint8Array) => Promise<void>;
const writeNew: FileWriter = (path, bytes) => writeFile(path, bytes, { flag: 'wx' });

/**
 * Stores `bytes` as `dir/name` completely or not at all: written under a temporary name (which
 * UPLOAD_NAME never serves), renamed into place once whole, removed when the write fails. A full
 * disk must not leave a 0-byte logo that a generated site would then reference.
 */
export async function storeUpload(dir: string, name: string, bytes: Uint8Array, write: FileWriter = writeNew): Promise<{ ok: boolean }> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.tmp-${randomBytes(6).toString('hex')}-${name}`);
  try {
    await write(tmp, bytes);
    await rename(tmp, join(dir, name));
    return { ok: true };
  } catch (err) {
    await rm(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return { ok: false };
    throw err;
  }
}

/** POST /api/upload-logo and GET /uploads/<name>. `dir` is `<data>/uploads`. */
export function uploadRoutes(dir: string, write: FileWriter = writeNew): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/api/upload-logo', async (c) => {
    // The admin's alert reads `message`: 'Failed to upload logo: {message}' (spec section 8).
    const fail = (status: 400 | 413 | 415 | 507, text: FailureText) => apiError(c, status, { error: text });
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(type)) return fail(415, M.logoNotMultipart);
    const body = await readBytes(c.req.raw, LOGO_MAX_BYTES + FORM_OVERHEAD);
    if (!body.ok) return body.status === 413 ? fail(413, M.logoTooLarge(sizeLabel(LOGO_MAX_BYTES))) : fail(400, M.requestMalformed(body.reason));
    let file: FormDataEntryValue | null;
    try {
      // Turns between the steps: on a body already in memory they would run back to back (see steps.ts).
      await nextTurn();
      file = (await new Response(body.bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData()).get('logo');
      await nextTurn();
    } catch {
      return fail(400, M.logoUnreadable);
    }
    if (!file || typeof file === 'string') return fail(400, M.logoMissing);
    let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > LOGO_MAX_BYTES) return fail(413, M.logoTooLarge(sizeLabel(LOGO_MAX_BYTES)));
    if (bytes.byteLength === 0) return fail(400, M.logoEmpty);
    const kind = imageKind(bytes);
    if (!kind) return fail(415, M.logoNotImage);
    if (kind === 'svg') {
      // In slices with a time budget: a 5 MB hostile SVG must not hold up other requests.
      const clean = await sanitizeSvgSliced(decodeUtf8(bytes) ?? '');
      if (!clean.ok) return fail(400, clean.error);
      bytes = new TextEncoder().encode(clean.svg);
    }
    const name = `logo-${randomBytes(16).toString('hex')}.${kind}`;
    const stored = await storeUpload(dir, name, bytes, write);
    if (!stored.ok) return fail(507, M.logoNotSaved);
    return c.json({ success: true, logoUrl: `/uploads/${name}`, message: M.logoUploaded.title });
  });

  app.on(['GET', 'HEAD'], '/uploads/*', async (c, next) => {
    const name = c.get('path').slice('/uploads/'.length);
    if (!UPLOAD_NAME.test(name)) return next();
    const bytes = await readUpload(dir, name);
    if (!bytes) return next();
    c.set('csp', UPLOAD_CSP);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': IMAGE_TYPES[name.slice(name.lastIndexOf('.') + 1) as ImageKind],
      // A name is never reused for other content.
      'Cache-Control': IMMUTABLE,
    });
  });

  return app;
}

/** An uploaded file by its generated name, or undefined. */
export async function readUpload(dir: string, name: string): Promise<Uint8Array | undefined> {
  if (!UPLOAD_NAME.test(name)) return undefined;
  try {
    return await readFile(join(dir, name));
  } catch {
    return undefined;
  }
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
