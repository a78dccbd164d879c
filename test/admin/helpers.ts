import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { createApp } from '../../src/server/app.js';
import { createAdminApp, type AdminAppOptions } from '../../src/server/admin-api/index.js';
import { fromAddress, memoryStore, TEST_FILES, testConfig } from '../../src/server/testing.js';
import type { AppOptions } from '../../src/server/types.js';

/** Test plumbing of the admin: an app with the admin routes on a temp data folder, zips, images. */

export function adminTestApp(options: Partial<AdminAppOptions> = {}, appOptions: Partial<AppOptions> = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'clinic-admin-'));
  const admin = createAdminApp({ config: testConfig(), dataDir, ...options, releases: { durable: false, ...options.releases } });
  const app = createApp({ config: testConfig(), files: TEST_FILES, store: memoryStore(), extraRoutes: admin.app, options: appOptions });
  // The admin is open to loopback only when no password is set; these requests come from there.
  const request = (path: string, init?: RequestInit) => app.request(path, init, fromAddress('127.0.0.1'));
  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { app, request, json, dataDir, store: admin.store };
}

/** A 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with one file in the `logo` field. */
export function logoForm(bytes: Uint8Array | string, name = 'logo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('logo', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return form;
}

export interface ZipFile {
  name: string;
  data: Buffer;
}

/**
 * Reads a zip from its central directory (stored and deflated entries): enough to check what a
 * package holds without trusting an unzip tool's path clean-up.
 */
export function readZip(zip: Buffer): ZipFile[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files: ZipFile[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    files.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

/** True when a zip entry name extracts inside its folder: relative, no '..', no backslash, no drive. */
export function isContainedName(name: string): boolean {
  return !name.startsWith('/') && !/^[A-Za-z]:/.test(name) && !name.includes('\\') && !name.split('/').includes('..') && !name.includes('\0');
}
