import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { BLOCK, type TarHeader, type TarType } from './tar-format.js';

/** Writing a backup's archive (tar-format.ts): ustar headers, pax ones for what ustar cannot hold. */

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

/** Bytes of zeros that end an archive of `entriesBytes`: the end marker (two zero blocks), padded to a whole record. */
export function endLength(entriesBytes: number): number {
  const end = 2 * BLOCK;
  return end + ((RECORD - ((entriesBytes + end) % RECORD)) % RECORD);
}

/** `bytes` followed by zeros up to the next block. */
function pad(bytes: Buffer): Buffer {
  const rest = bytes.length % BLOCK;
  return rest === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(BLOCK - rest)]);
}

/** An entry as written, for the backup's manifest (manifest.ts): a file with its size and SHA-256, a link with its target. */
export interface WrittenEntry {
  path: string;
  type: TarType;
  size?: number;
  sha256?: string;
  link?: string;
}

/** Appends entries to a new file; `finish` writes the end of the archive and syncs it to disk. */
export class TarWriter {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  /** Bytes of the archive so far. */
  bytes = 0;
  /** Every entry so far, in order, each file's content hashed as it was written. */
  readonly written: WrittenEntry[] = [];

  private constructor(private readonly handle: FileHandle) {}

  /** Creates `path`, which must not exist, readable by its owner only (it holds the server's data, whatever the umask). */
  static async create(path: string): Promise<TarWriter> {
    const handle = await open(path, 'wx', 0o600);
    await handle.chmod(0o600);
    return new TarWriter(handle);
  }

  private record(h: TarHeader, size: number, sha256?: string): void {
    const at = h.path;
    if (h.type === 'file') this.written.push({ path: at, type: 'file', size, sha256 });
    else if (h.type === 'directory') this.written.push({ path: at, type: 'directory' });
    else this.written.push({ path: at, type: h.type, link: h.linkpath ?? '' });
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
    const content = h.type === 'file' ? Buffer.from(body?.buffer ?? new ArrayBuffer(0), body?.byteOffset ?? 0, body?.byteLength ?? 0) : undefined;
    this.record(h, content?.length ?? 0, content && createHash('sha256').update(content).digest('hex'));
    if (content && content.length > 0) await this.push(pad(content));
  }

  /** One file entry whose content is read from `source` in chunks, for a file too large to hold in memory. */
  async addFrom(h: TarHeader, source: string): Promise<void> {
    const file = await open(source, 'r');
    try {
      const size = (await file.stat()).size;
      for (const b of headerBlocks({ ...h, type: 'file', size })) await this.push(b);
      const hash = createHash('sha256');
      const chunk = 1 << 20;
      for (let at = 0; at < size; ) {
        const buf = Buffer.alloc(Math.min(chunk, size - at));
        const { bytesRead } = await file.read(buf, 0, buf.length, at);
        if (bytesRead === 0) throw new Error(`tar: ${source} shrank while it was read`);
        const read = bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
        hash.update(read);
        await this.push(read);
        at += bytesRead;
      }
      const rest = size % BLOCK;
      if (rest) await this.push(Buffer.alloc(BLOCK - rest));
      this.record({ ...h, type: 'file' }, size, hash.digest('hex'));
    } finally {
      await file.close();
    }
  }

  /** Writes the end of the archive (two zero blocks, padded to a record), syncs and closes. */
  async finish(): Promise<void> {
    await this.push(Buffer.alloc(endLength(this.bytes)));
    await this.flush();
    await this.handle.sync();
    await this.handle.close();
  }

  /** Closes without finishing (the caller removes the file). */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}
