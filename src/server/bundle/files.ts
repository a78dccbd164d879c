import { checkFileName, FILE_LIMITS, BINARY_EXTENSIONS } from './names.js';
import { fileBytes, fileText, type SiteFiles } from '../../model/files.js';
import { rasterKind } from '../../site/image-type.js';

/**
 * The files map of a generated site as it travels in JSON (spec section 3: "a map of file name to
 * file content"). Text files are strings. Binary files (the logo, by extension: png, jpg, gif...)
 * are base64 strings, since JSON cannot carry bytes; `encodeSiteFiles` and `decodeSiteFiles` are
 * the two ends of that rule. In memory a site is a SiteFiles (src/model/files.ts).
 */
export type FilesPayload = Record<string, string>;

/**
 * A checked site: relative name -> bytes, the form a release or a preview is stored and served in.
 * A Map, not a SiteFiles record, on purpose: it is looked up by names taken from request paths, and
 * a Map has no inherited keys (`constructor`, `__proto__`) for such a lookup to find.
 */
export type SiteBytes = Map<string, Uint8Array>;

export type DecodeResult = { ok: true; files: SiteBytes; totalBytes: number } | { ok: false; error: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const encoder = new TextEncoder();

/** The base64 form of a binary file for a files map. */
export function encodeBinary(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The JSON form of a site's files: binary types (by extension) base64, the rest text. */
export function encodeSiteFiles(files: SiteFiles): FilesPayload {
  const out: FilesPayload = {};
  for (const [name, content] of Object.entries(files)) {
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    out[name] = BINARY_EXTENSIONS.has(ext) ? encodeBinary(fileBytes(content)) : fileText(content);
  }
  return out;
}

/**
 * Checks and decodes a files map: every name (names.ts), every size, base64 of binary files, and
 * that images are the images their names say. A site needs `index.html`.
 */
export function decodeSiteFiles(input: unknown, { requireIndex = true } = {}): DecodeResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, error: 'files must be a map of file name to file content' };
  }
  return checkSite(Object.entries(input as Record<string, unknown>), requireIndex, (name, content, binary) => {
    if (typeof content !== 'string') return `the content of ${name} must be a string`;
    if (!binary) return encoder.encode(content);
    if (content.length % 4 !== 0 || !BASE64.test(content)) return `${name} must be base64-encoded`;
    return Buffer.from(content, 'base64');
  });
}

/**
 * The same checks for a site made on this server (the site pipeline's files): no JSON trip, so no
 * base64 round of the logo, and the same refusals as a deploy from the admin.
 */
export function checkSiteFiles(files: SiteFiles): DecodeResult {
  return checkSite(Object.entries(files), true, (_name, content) => fileBytes(content as string | Uint8Array));
}

/** Every name, size and image of a site, its contents made bytes by `bytesOf` (a string is a refusal). */
function checkSite(
  entries: [string, unknown][],
  requireIndex: boolean,
  bytesOf: (name: string, content: unknown, binary: boolean) => Uint8Array | string,
): DecodeResult {
  if (entries.length === 0) return { ok: false, error: 'files is empty; generate the website first' };
  if (entries.length > FILE_LIMITS.maxFiles) return { ok: false, error: `a site may hold at most ${FILE_LIMITS.maxFiles} files` };
  const files: SiteBytes = new Map();
  let totalBytes = 0;
  for (const [name, content] of entries) {
    const checked = checkFileName(name);
    if (!checked.ok) return checked;
    const bytes = bytesOf(name, content, checked.binary);
    if (typeof bytes === 'string') return { ok: false, error: bytes };
    if (checked.binary) {
      // A .png must be a PNG: the name decides the Content-Type the file is served with.
      const kind = rasterKind(bytes);
      const expected = checked.ext === 'jpeg' ? 'jpg' : checked.ext;
      if (['png', 'jpg', 'gif'].includes(expected) && kind !== expected) return { ok: false, error: `${name} is not a ${expected.toUpperCase()} image` };
    }
    if (bytes.byteLength > FILE_LIMITS.maxFileBytes) return { ok: false, error: `${name} is larger than ${FILE_LIMITS.maxFileBytes / 1024 / 1024} MB` };
    totalBytes += bytes.byteLength;
    if (totalBytes > FILE_LIMITS.maxTotalBytes) return { ok: false, error: `the site is larger than ${FILE_LIMITS.maxTotalBytes / 1024 / 1024} MB` };
    files.set(name, bytes);
  }
  if (requireIndex && !files.has('index.html')) return { ok: false, error: 'files must include index.html, the home page' };
  const clash = folderClash(files.keys());
  if (clash) return { ok: false, error: `${clash.file} is a file, and ${clash.inside} needs a folder of that name; rename one of them` };
  return { ok: true, files, totalBytes };
}

/** A name that is both a file and a folder of another file (`x.html` and `x.html/index.html`): no disk holds both. */
function folderClash(names: Iterable<string>): { file: string; inside: string } | undefined {
  const all = new Set(names);
  for (const name of all) {
    for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
      const folder = name.slice(0, i);
      if (all.has(folder)) return { file: folder, inside: name };
    }
  }
  return undefined;
}
