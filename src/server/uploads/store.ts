import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The uploads folder (`<data>/uploads`): the names this server gives uploads, writing one whole or
 * not at all, and reading one back. The admin's upload routes write it; the site pipeline's asset
 * source for the server (uploads/asset-source.ts) reads it; neither reaches into the other.
 */

/** Names this server gives uploads; nothing else is ever read from the uploads folder. */
export const UPLOAD_NAME = /^(logo-[0-9a-f]{32}\.(png|jpg|gif|svg)|photo-[0-9a-f]{32}\.(jpg|webp))$/;

/** Writes a new file; tests inject one that fails half-way, like a full disk does. */
export type FileWriter = (path: string, bytes: Uint8Array) => Promise<void>;
export const writeNew: FileWriter = (path, bytes) => writeFile(path, bytes, { flag: 'wx' });

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

/** An uploaded file by its generated name, or undefined. */
export async function readUpload(dir: string, name: string): Promise<Uint8Array | undefined> {
  if (!UPLOAD_NAME.test(name)) return undefined;
  try {
    return await readFile(join(dir, name));
  } catch {
    return undefined;
  }
}

/**
 * Where uploads are kept, as the routes and the site pipeline see them: this folder (one server,
 * the default), or the database every server shares (uploads/pg-store.ts). Names are checked by
 * the caller (UPLOAD_NAME); an upload is immutable once stored (its name is new each time).
 */
export interface UploadStore {
  /** Stores a new upload whole or not at all; `ok` false when there is no room left. */
  put(name: string, bytes: Uint8Array): Promise<{ ok: boolean }>;
  /** An upload by its generated name, or undefined. */
  get(name: string): Promise<Uint8Array | undefined>;
}

/** The uploads folder as an UploadStore; `write` is for tests (a disk that fills up half-way). */
export function folderUploadStore(dir: string, write: FileWriter = writeNew): UploadStore {
  return { put: (name, bytes) => storeUpload(dir, name, bytes, write), get: (name) => readUpload(dir, name) };
}
