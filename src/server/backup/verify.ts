import { createHash } from 'node:crypto';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { BackupError } from './backup-error.js';
import { MANIFEST_FILE, readManifest, type BackupManifest, type ManifestEntry } from './manifest.js';
import { planRestore, type Planned } from './restore-plan.js';
import { BLOCK, TarFormatError, type TarEntry } from './tar-format.js';
import { listTar, readEntry } from './tar-reader.js';
import { endLength, headerBlocks } from './tar-writer.js';

/**
 * `clinic-gen backup verify` and the check restore makes before it writes anything (issue 38,
 * item 4; docs/backups.md). A backup of format 2 is checked byte for byte: the manifest against
 * its own SHA-256, every entry against the manifest's list (none missing, none added), every
 * file's content against its SHA-256, every tar header against the one clinic-gen writes for that
 * entry, and the padding and the archive's end as zeros. Nothing is written and the data key is
 * not needed. A backup of format 1 has no checksums: only its tar structure can be checked.
 */

export type Verified =
  | { ok: true; manifest: BackupManifest; plan: Planned[]; checked: true; files: number; bytes: number }
  | { ok: true; manifest: BackupManifest; plan: Planned[]; checked: false }
  | { ok: false; error: string };

const CHUNK = 1 << 20;

/** What a reader of the archive finds at `[at, at + length)`, read whole (short if the file is). */
async function bytesAt(archive: FileHandle, at: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await archive.read(buf, done, length - done, at + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buf.subarray(0, done);
}

/** The SHA-256 of an entry's content, read in chunks. */
async function contentHash(archive: FileHandle, e: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  for (let done = 0; done < e.size; ) {
    const buf = await bytesAt(archive, e.dataOffset + done, Math.min(CHUNK, e.size - done));
    if (buf.length === 0) throw new TarFormatError(`the archive ends inside ${JSON.stringify(e.path)}: it was cut short`);
    hash.update(buf);
    done += buf.length;
  }
  return hash.digest('hex');
}

const isZeros = (b: Buffer) => b.every((x) => x === 0);
const same = (m: ManifestEntry, e: TarEntry) => m.type === e.type && (e.type === 'file' ? m.size === e.size : e.type === 'directory' || m.link === e.linkpath);

/**
 * Every entry of a format-2 archive against its manifest, in the archive's order; the first
 * problem found, naming the file (or `the manifest`), or undefined when every byte is as written.
 */
async function checkEntries(archive: FileHandle, entries: TarEntry[], listed: ManifestEntry[], size: number): Promise<string | undefined> {
  const byPath = new Map(listed.map((m) => [m.path, m]));
  const seen = new Set<string>();
  let end = 0;
  for (const e of entries) {
    const name = e.path === MANIFEST_FILE ? `the manifest (${MANIFEST_FILE})` : e.path;
    // The header as clinic-gen's writer makes it for this entry: a flipped byte any tar reader would overlook is found too.
    const expected = Buffer.concat(headerBlocks({ path: e.path, type: e.type === 'other' ? 'file' : e.type, mode: e.mode, mtime: e.mtime, size: e.size, linkpath: e.linkpath }));
    if (e.dataOffset - expected.length !== end || !expected.equals(await bytesAt(archive, end, expected.length))) return `${name}: its tar header is damaged`;
    if (e.path !== MANIFEST_FILE) {
      const m = byPath.get(e.path);
      if (!m) return `${e.path} is in the archive but not in its manifest: the archive was changed after it was written`;
      if (seen.has(e.path)) return `${e.path} is in the archive twice`;
      seen.add(e.path);
      if (!same(m, e)) return `${e.path} is damaged: it is not the ${m.type}${m.size !== undefined ? ` of ${m.size} bytes` : ''}${m.link ? ` to ${m.link}` : ''} its manifest lists`;
      if (e.type === 'file' && (await contentHash(archive, e)) !== m.sha256) return `${e.path} is damaged: its SHA-256 is not the one its manifest holds`;
    }
    const padded = Math.ceil(e.size / BLOCK) * BLOCK;
    if (!isZeros(await bytesAt(archive, e.dataOffset + e.size, padded - e.size))) return `${name} is damaged: the padding after its content is not zeros`;
    end = e.dataOffset + padded;
  }
  const missing = listed.find((m) => !seen.has(m.path));
  if (missing) return `${missing.path} is missing: its manifest lists it and the archive does not hold it`;
  const tail = endLength(end);
  if (size < end + tail) return `the archive was cut short: its last ${end + tail - size} bytes are missing`;
  if (size > end + tail) return `the archive has ${size - end - tail} bytes after its end: it was changed after it was written`;
  for (let at = end; at < size; at += CHUNK) if (!isZeros(await bytesAt(archive, at, Math.min(CHUNK, size - at)))) return 'the end of the archive is damaged: it is not zeros';
  return undefined;
}

/**
 * The archive open as `archive` (whose entries `listTar` read), checked without writing anything:
 * the entries restore would refuse (restore-plan.ts) throw a BackupError ending with `after`; damage
 * is `{ ok: false, error }` naming the first damaged file, or the manifest.
 */
export async function verifyArchive(archive: FileHandle, entries: TarEntry[], after: string): Promise<Verified> {
  const plan = planRestore(entries, after);
  const read = readManifest(await readEntry(archive, plan.find((e) => e.path === MANIFEST_FILE)!));
  if (!read.ok) return read;
  if (!read.checked) return { ok: true, manifest: read.manifest, plan, checked: false };
  const problem = await checkEntries(archive, entries, read.manifest.entries ?? [], (await archive.stat()).size);
  if (problem) return { ok: false, error: problem };
  const files = entries.filter((e) => e.type === 'file' && e.path !== MANIFEST_FILE);
  return { ok: true, manifest: read.manifest, plan, checked: true, files: files.length, bytes: files.reduce((n, e) => n + e.size, 0) };
}

/** An archive's entries, a damaged or cut-short tar as a BackupError naming the file and ending with `after`. */
export async function archiveEntries(input: string, after: string): Promise<TarEntry[]> {
  try {
    return await listTar(input);
  } catch (err) {
    if (err instanceof TarFormatError) throw new BackupError(`--in: ${input}: ${err.message}${after}`);
    throw err;
  }
}

export type VerifyResult = Extract<Verified, { ok: true }> & { entries: number };

/** `clinic-gen backup verify --in FILE`: the whole archive checked, nothing restored, no key needed. Damage throws a BackupError naming the file. */
export async function verifyBackup(o: { input: string }): Promise<VerifyResult> {
  const st = await lstat(o.input).catch(() => undefined);
  if (!st?.isFile()) throw new BackupError(`--in: ${o.input} is not a file`);
  const entries = await archiveEntries(o.input, '');
  const archive = await open(o.input, 'r');
  try {
    const v = await verifyArchive(archive, entries, '');
    if (!v.ok) throw new BackupError(`--in: ${o.input}: ${v.error}`);
    return { ...v, entries: entries.length };
  } catch (err) {
    if (err instanceof TarFormatError) throw new BackupError(`--in: ${o.input}: ${err.message}`);
    throw err;
  } finally {
    await archive.close();
  }
}
