import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

/** One entry of a zip: a checked relative name and its bytes. */
export type ZipEntry = { name: string; data: Uint8Array | string };

/**
 * A zip archive as a web stream, built while it is sent: nothing is buffered whole, so packaging a
 * site costs the same memory for ten files or a hundred. Entry names are relative and checked
 * (names.ts) by the callers, so no entry can point outside the folder it is extracted into.
 */
export function zipStream(entries: Iterable<ZipEntry>, date = new Date()): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  for (const e of entries) {
    const source = typeof e.data === 'string' ? e.data : Buffer.from(e.data);
    archive.append(source, { name: e.name, date });
  }
  // A failure surfaces as an error of the stream, which aborts the response.
  archive.finalize().catch(() => undefined);
  return Readable.toWeb(archive as unknown as Readable) as ReadableStream<Uint8Array>;
}

/** `Content-Disposition` for a download named `file` (callers pass plain ASCII names). */
export function attachment(file: string): string {
  return `attachment; filename="${file.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
