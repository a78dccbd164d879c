import { open, type FileHandle } from 'node:fs/promises';

/**
 * The tar format of `clinic-gen backup` (docs/backups.md): POSIX ustar, with pax extended headers
 * for what ustar cannot hold (a path past 255 bytes, a link target past 100, a file past 8 GiB).
 * Any tar reads what this writes (`tar -tvf backup.tar`). The reader takes the ustar, pax and GNU
 * variants other tools write and reports every entry as it is, names unchecked: restore decides
 * what it accepts (backup.ts). Written here rather than taken from a package because a backup needs
 * exactly four entry types, and restore must see every raw name to refuse one, not have it
 * sanitized away.
 */

export type TarType = 'file' | 'directory' | 'symlink' | 'hardlink';

export interface TarHeader {
  /** Relative, `/`-separated; a directory's without the trailing `/` (it is added in the archive). */
  path: string;
  type: TarType;
  /** Permission bits (0o644). */
  mode: number;
  /** Seconds since 1970. */
  mtime: number;
  /** Bytes of a file's content; 0 for the other types. */
  size: number;
  /** A symlink's target, or a hard link's earlier entry. */
  linkpath?: string;
}

/** An entry as read back: its header, its raw type flag, and where its content starts in the file. */
export interface TarEntry extends Omit<TarHeader, 'type'> {
  type: TarType | 'other';
  /** The type flag as written ('0', '5', '2', '1', '3' for a character device...). */
  flag: string;
  dataOffset: number;
}

/** The file is not a tar archive, is damaged, or was cut short. */
export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

const BLOCK = 512;
/** Tar's record: archives are padded to a multiple of it, as tar(1) writes them. */
const RECORD = 20 * BLOCK;
const FLAG: Record<TarType, string> = { file: '0', directory: '5', symlink: '2', hardlink: '1' };
/** The largest size an 11-digit octal field holds. */
const MAX_OCTAL_SIZE = 0o77777777777;

const bytesOf = (s: string) => Buffer.byteLength(s, 'utf8');

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  block.write(value, offset, length, 'utf8');
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  // length - 1 digits and a NUL, as tar(1) writes them.
  block.write(Math.floor(value).toString(8).padStart(length - 1, '0').slice(-(length - 1)) + '\0', offset, length, 'ascii');
}

/** Splits a path into ustar's prefix (155 bytes) and name (100), at a `/`; undefined when it does not fit. */
function splitUstar(path: string): { prefix: string; name: string } | undefined {
  if (bytesOf(path) <= 100) return { prefix: '', name: path };
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (bytesOf(prefix) <= 155 && bytesOf(name) <= 100 && name) return { prefix, name };
  }
  return undefined;
}

function ustarBlock(h: { name: string; prefix: string; flag: string; mode: number; mtime: number; size: number; linkname: string }): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, h.name);
  writeOctal(block, 100, 8, h.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, h.size);
  writeOctal(block, 136, 12, Math.max(0, h.mtime));
  block.fill(0x20, 148, 156);
  block.write(h.flag, 156, 1, 'ascii');
  writeString(block, 157, 100, h.linkname);
  block.write('ustar\u000000', 257, 8, 'ascii');
  writeString(block, 345, 155, h.prefix);
  let sum = 0;
  for (const b of block) sum += b;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return block;
}

/** A pax record `<length> <key>=<value>\n`, whose length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = bytesOf(body);
  while (String(length).length + bytesOf(body) !== length) length = String(length).length + bytesOf(body);
  return `${length}${body}`;
}

/** The header blocks of one entry: a pax header first when ustar cannot hold its path, link or size. */
export function headerBlocks(h: TarHeader): Buffer[] {
  const path = h.type === 'directory' ? `${h.path}/` : h.path;
  const linkpath = h.linkpath ?? '';
  const size = h.type === 'file' ? h.size : 0;
  const split = splitUstar(path);
  const records: string[] = [];
  if (!split) records.push(paxRecord('path', path));
  if (bytesOf(linkpath) > 100) records.push(paxRecord('linkpath', linkpath));
  if (size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(size)));
  const base = { flag: FLAG[h.type], mode: h.mode, mtime: h.mtime };
  const main = ustarBlock({
    ...base,
    prefix: split?.prefix ?? '',
    // What a reader without pax sees: the path cut short (every reader of ours reads the pax record).
    name: split?.name ?? path.slice(-100).replace(/^[^/]*\//, ''),
    size: size > MAX_OCTAL_SIZE ? 0 : size,
    linkname: bytesOf(linkpath) > 100 ? '' : linkpath,
  });
  if (records.length === 0) return [main];
  const pax = Buffer.from(records.join(''), 'utf8');
  const paxName = `PaxHeaders/${path.replace(/\/$/, '').split('/').pop()!.slice(0, 80)}`;
  return [ustarBlock({ ...base, flag: 'x', name: paxName, prefix: '', size: pax.length, linkname: '' }), pad(pax), main];
}

/** `bytes` followed by zeros up to the next block. */
function pad(bytes: Buffer): Buffer {
  const rest = bytes.length % BLOCK;
  return rest === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(BLOCK - rest)]);
}

/** Appends entries to a new file; `finish` writes the end of the archive and syncs it to disk. */
export class TarWriter {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  /** Bytes of the archive so far. */
  bytes = 0;

  private constructor(private readonly handle: FileHandle) {}

  /** Creates `path`, which must not exist. */
  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  private async push(chunk: Buffer): Promise<void> {
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    this.bytes += chunk.length;
    if (this.bufferedBytes >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.bufferedBytes === 0) return;
    const all = Buffer.concat(this.buffered, this.bufferedBytes);
    this.buffered = [];
    this.bufferedBytes = 0;
    for (let at = 0; at < all.length; ) at += (await this.handle.write(all, at, all.length - at)).bytesWritten;
  }

  /** One entry; a file's content is `body` (exactly `size` bytes). */
  async add(h: TarHeader, body?: Uint8Array): Promise<void> {
    if (h.type === 'file' && (body?.byteLength ?? 0) !== h.size) throw new Error(`tar: ${h.path} is ${h.size} bytes, given ${body?.byteLength ?? 0}`);
    for (const b of headerBlocks(h)) await this.push(b);
    if (h.type === 'file' && body && body.byteLength > 0) await this.push(pad(Buffer.from(body.buffer, body.byteOffset, body.byteLength)));
  }

  /** One file entry whose content is read from `source` in chunks, for a file too large to hold in memory. */
  async addFrom(h: TarHeader, source: string): Promise<void> {
    const file = await open(source, 'r');
    try {
      const size = (await file.stat()).size;
      for (const b of headerBlocks({ ...h, type: 'file', size })) await this.push(b);
      const chunk = 1 << 20;
      for (let at = 0; at < size; ) {
        const buf = Buffer.alloc(Math.min(chunk, size - at));
        const { bytesRead } = await file.read(buf, 0, buf.length, at);
        if (bytesRead === 0) throw new Error(`tar: ${source} shrank while it was read`);
        await this.push(bytesRead === buf.length ? buf : buf.subarray(0, bytesRead));
        at += bytesRead;
      }
      const rest = size % BLOCK;
      if (rest) await this.push(Buffer.alloc(BLOCK - rest));
    } finally {
      await file.close();
    }
  }

  /** Writes the end of the archive (two zero blocks, padded to a record), syncs and closes. */
  async finish(): Promise<void> {
    const end = 2 * BLOCK;
    const total = this.bytes + end;
    await this.push(Buffer.alloc(end + ((RECORD - (total % RECORD)) % RECORD)));
    await this.flush();
    await this.handle.sync();
    await this.handle.close();
  }

  /** Closes without finishing (the caller removes the file). */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

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
      if (!checksumOk(block)) throw new TarFormatError(`the header at byte ${at} is damaged (checksum): not a tar archive, or a damaged one`);
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

/** Copies an entry's content from the open archive to `target` (an open file), in chunks. */
export async function copyEntry(archive: FileHandle, entry: TarEntry, target: FileHandle): Promise<void> {
  const chunk = 1 << 20;
  for (let done = 0; done < entry.size; ) {
    const buf = Buffer.alloc(Math.min(chunk, entry.size - done));
    const { bytesRead } = await archive.read(buf, 0, buf.length, entry.dataOffset + done);
    if (bytesRead !== buf.length) throw new TarFormatError(`the archive ends inside ${JSON.stringify(entry.path)}: it was cut short`);
    for (let at = 0; at < buf.length; ) at += (await target.write(buf, at, buf.length - at)).bytesWritten;
    done += buf.length;
  }
}

/** An entry's whole content (for small entries: the manifest). */
export async function readEntry(archive: FileHandle, entry: TarEntry): Promise<Buffer> {
  const buf = Buffer.alloc(entry.size);
  const { bytesRead } = await archive.read(buf, 0, buf.length, entry.dataOffset);
  if (bytesRead !== buf.length) throw new TarFormatError(`the archive ends inside ${JSON.stringify(entry.path)}: it was cut short`);
  return buf;
}
