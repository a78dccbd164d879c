import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { checkFileName } from './names.js';

/** One entry of a zip: a checked relative name and its bytes, or a file on disk to stream. */
export type ZipEntry = { name: string; data: Uint8Array | string } | { name: string; path: string };

/**
 * A zip archive as a web stream, built while it is sent: nothing is buffered whole, so packaging a
 * site costs the same memory for ten files or a hundred. Entry names are relative and checked
 * (names.ts) by the callers, so no entry can point outside the folder it is extracted into.
 */
export function zipStream(entries: Iterable<ZipEntry>, date = new Date()): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  for (const e of entries) {
    const source = 'path' in e ? createReadStream(e.path) : typeof e.data === 'string' ? e.data : Buffer.from(e.data);
    archive.append(source, { name: e.name, date });
  }
  // A failure surfaces as an error of the stream, which aborts the response.
  archive.finalize().catch(() => undefined);
  return Readable.toWeb(archive as unknown as Readable) as ReadableStream<Uint8Array>;
}

/**
 * The files of a folder as zip entries (regular files only, names checked; dot files such as the
 * release metadata are left out).
 */
export async function folderEntries(dir: string): Promise<ZipEntry[]> {
  const out: ZipEntry[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const d of await readdir(join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory() && !d.name.startsWith('.')) await walk(name);
      else if (d.isFile() && checkFileName(name).ok) out.push({ name, path: join(dir, name) });
    }
  };
  await walk('');
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** `Content-Disposition` for a download named `file` (callers pass plain ASCII names). */
export function attachment(file: string): string {
  return `attachment; filename="${file.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
