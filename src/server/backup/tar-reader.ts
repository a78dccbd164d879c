import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { BLOCK, TarFormatError, type TarEntry, type TarType } from './tar-format.js';

/** Reading an archive back (tar-format.ts): every entry as it is, the ustar, pax and GNU variants other tools write. */

function readString(block: Buffer, offset: number, length: number): string {
  const end = block.indexOf(0, offset);
  return block.toString('utf8', offset, end === -1 || end > offset + length ? offset + length : end);
}

/** An octal field, or GNU's base-256 (high bit set) for large values. */
function readNumber(block: Buffer, offset: number, length: number): number {
  if (block[offset]! & 0x80) {
    let value = block[offset]! & 0x7f;
    for (let i = 1; i < length; i++) value = value * 256 + block[offset + i]!;
    return value;
  }
  const text = block.toString('ascii', offset, offset + length).replace(/[\0 ]+$/, '').trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) return NaN;
  return parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  const stored = readNumber(block, 148, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    if (data[at] === 0) break;
    const space = data.indexOf(0x20, at);
    const length = Number(data.toString('ascii', at, space));
    if (space === -1 || !Number.isInteger(length) || length <= 0 || at + length > data.length) throw new TarFormatError('a pax header is damaged');
    const record = data.toString('utf8', space + 1, at + length - 1);
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

const TYPES: Record<string, TarType> = { '0': 'file', '\0': 'file', '7': 'file', '5': 'directory', '2': 'symlink', '1': 'hardlink' };

/**
 * Every entry of the archive at `path`, in order, with where each one's content starts. Checks
 * every header's checksum and that the archive ends with its end marker: a damaged or truncated
 * file throws TarFormatError. Names are as written (pax and GNU long names applied), not checked.
 */
export async function listTar(path: string): Promise<TarEntry[]> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    const readAt = async (buf: Buffer, at: number) => {
      if (at + buf.length > size) throw new TarFormatError('the archive ends in the middle of an entry: it was cut short');
      const { bytesRead } = await file.read(buf, 0, buf.length, at);
      if (bytesRead !== buf.length) throw new TarFormatError('the archive ends in the middle of an entry: it was cut short');
    };
    let at = 0;
    let pending: { path?: string; linkpath?: string; size?: number } = {};
    for (;;) {
      if (at + BLOCK > size) throw new TarFormatError('the archive has no end marker: it was cut short');
      await readAt(block, at);
      if (block.every((b) => b === 0)) break;
      if (!checksumOk(block)) {
        const where = entries.length ? `the entry after ${JSON.stringify(entries.at(-1)!.path)}` : 'the first entry';
        // Its name only when the block is a tar header and the name a plain path: never the text of a file given by mistake.
        const name = readString(block, 0, 100);
        const shown = block.toString('latin1', 257, 262) === 'ustar' && /^[\w.\/-]+$/.test(name) ? `, whose name reads ${JSON.stringify(name)}` : '';
        throw new TarFormatError(`the header at byte ${at} (${where}${shown}) is damaged (checksum): not a tar archive, or a damaged one`);
      }
      const flag = String.fromCharCode(block[156]!);
      const headerSize = readNumber(block, 124, 12);
      if (!Number.isSafeInteger(headerSize) || headerSize < 0) throw new TarFormatError(`the header at byte ${at} has no valid size`);
      const dataOffset = at + BLOCK;
      const extSize = flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K' ? headerSize : 0;
      if (extSize) {
        if (extSize > 1 << 20) throw new TarFormatError(`the extended header at byte ${at} is too large`);
        const data = Buffer.alloc(extSize);
        await readAt(data, dataOffset);
        if (flag === 'x') {
          const pax = parsePax(data);
          if (pax.path !== undefined) pending.path = pax.path;
          if (pax.linkpath !== undefined) pending.linkpath = pax.linkpath;
          if (pax.size !== undefined) pending.size = Number(pax.size);
        } else if (flag === 'L') pending.path = readString(data, 0, data.length);
        else if (flag === 'K') pending.linkpath = readString(data, 0, data.length);
        // 'g': global pax settings; a backup never has them, and nothing here takes them.
        at = dataOffset + Math.ceil(extSize / BLOCK) * BLOCK;
        continue;
      }
      const magic = block.toString('ascii', 257, 263);
      const prefix = magic === 'ustar\0' ? readString(block, 345, 155) : '';
      const rawName = readString(block, 0, 100);
      const name = pending.path ?? (prefix ? `${prefix}/${rawName}` : rawName);
      const type = TYPES[flag] ?? 'other';
      const entrySize = pending.size ?? headerSize;
      if (!Number.isSafeInteger(entrySize) || entrySize < 0) throw new TarFormatError(`the entry ${JSON.stringify(name)} has no valid size`);
      // Only files carry content; a hard link's or a folder's size field is ignored, as tar(1) does.
      const dataSize = type === 'file' || type === 'other' ? entrySize : 0;
      if (dataOffset + dataSize > size) throw new TarFormatError(`the archive ends inside ${JSON.stringify(name)}: it was cut short`);
      entries.push({
        path: type === 'directory' ? name.replace(/\/+$/, '') : name,
        type,
        flag,
        mode: readNumber(block, 100, 8) & 0o7777,
        mtime: readNumber(block, 136, 12) || 0,
        size: dataSize,
        linkpath: type === 'symlink' || type === 'hardlink' ? (pending.linkpath ?? readString(block, 157, 100)) : undefined,
        dataOffset,
      });
      pending = {};
      at = dataOffset + Math.ceil(dataSize / BLOCK) * BLOCK;
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** Copies an entry's content from the open archive to `target` (an open file), in chunks; returns the SHA-256 of what it copied. */
export async function copyEntry(archive: FileHandle, entry: TarEntry, target: FileHandle): Promise<string> {
  const hash = createHash('sha256');
  const chunk = 1 << 20;
  for (let done = 0; done < entry.size; ) {
    const buf = Buffer.alloc(Math.min(chunk, entry.size - done));
    const { bytesRead } = await archive.read(buf, 0, buf.length, entry.dataOffset + done);
    if (bytesRead !== buf.length) throw new TarFormatError(`the archive ends inside ${JSON.stringify(entry.path)}: it was cut short`);
    hash.update(buf);
    for (let at = 0; at < buf.length; ) at += (await target.write(buf, at, buf.length - at)).bytesWritten;
    done += buf.length;
  }
  return hash.digest('hex');
}

/** An entry's whole content (for small entries: the manifest). */
export async function readEntry(archive: FileHandle, entry: TarEntry): Promise<Buffer> {
  const buf = Buffer.alloc(entry.size);
  const { bytesRead } = await archive.read(buf, 0, buf.length, entry.dataOffset);
  if (bytesRead !== buf.length) throw new TarFormatError(`the archive ends inside ${JSON.stringify(entry.path)}: it was cut short`);
  return buf;
}
