import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError } from './backup-error.js';
import { FORMAT_VERSION, MANIFEST_FILE, manifestBytes, readManifest, type BackupManifest } from './manifest.js';
import { TarFormatError } from './tar-format.js';
import { listTar } from './tar-reader.js';
import { TarWriter } from './tar-writer.js';
import { verifyArchive } from './verify.js';

/**
 * `backup verify` on every byte of a small archive written the way backup.ts writes one: whatever
 * byte is flipped (headers, a pax header, contents, padding, the manifest, the archive's end), the
 * archive is refused, never reported whole. The CLI test (test/cli/backup-verify.test.ts) does the
 * same on a real backup through the built bin, 20 positions, with restore.
 */
const work = mkdtempSync(join(tmpdir(), 'clinic-backup-verify-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LONG = `deployments/tampa/releases/20250101T000000000Z-0123abcd/${'deep/'.repeat(30)}page.html`;

function manifestOf(entries: BackupManifest['entries']): BackupManifest {
  return {
    format: 'clinic-gen-backup',
    formatVersion: FORMAT_VERSION,
    clinicGenVersion: '9.9.9',
    schemaVersion: 13,
    createdAt: '2025-06-30T02:00:00.412Z',
    dataKeyId: '3f9c2a71d04be215',
    databaseBytes: 700,
    counts: { messages: 2, cities: 1, accounts: 1, sites: 1, releases: 1, files: 2, uploads: 1 },
    plaintextMessages: 0,
    notIncluded: ['the data key'],
    entries,
  };
}

/** A backup's layout in small: a database, a release with a long (pax) path and a hard link, an upload, the manifest last. */
async function smallBackup(file: string): Promise<void> {
  const w = await TarWriter.create(file);
  await w.add({ path: 'clinic.db', type: 'file', mode: 0o600, mtime: 1_750_000_000, size: 700 }, Buffer.alloc(700, 'SQLite page '));
  await w.add({ path: 'deployments', type: 'directory', mode: 0o755, mtime: 1_750_000_000, size: 0 });
  await w.add({ path: 'deployments/tampa', type: 'directory', mode: 0o755, mtime: 1_750_000_000, size: 0 });
  await w.add({ path: LONG, type: 'file', mode: 0o644, mtime: 1_750_000_001, size: 11 }, Buffer.from('<h1>hi</h1>'));
  await w.add({ path: 'deployments/tampa/same.html', type: 'hardlink', mode: 0o644, mtime: 1_750_000_001, size: 0, linkpath: LONG });
  await w.add({ path: 'deployments/tampa/current', type: 'symlink', mode: 0o777, mtime: 1_750_000_002, size: 0, linkpath: 'releases/20250101T000000000Z-0123abcd' });
  await w.add({ path: 'uploads', type: 'directory', mode: 0o755, mtime: 1_750_000_000, size: 0 });
  await w.add({ path: `uploads/logo-${'a'.repeat(32)}.png`, type: 'file', mode: 0o644, mtime: 1_750_000_003, size: 3 }, Buffer.from('png'));
  const body = manifestBytes(manifestOf([...w.written]));
  await w.add({ path: MANIFEST_FILE, type: 'file', mode: 0o600, mtime: 1_750_000_000, size: body.length }, body);
  await w.finish();
}

/** What verify makes of the archive at `file`: 'ok', or the error it names. */
async function verdict(file: string): Promise<string> {
  let entries;
  try {
    entries = await listTar(file);
  } catch (err) {
    if (err instanceof TarFormatError) return err.message;
    throw err;
  }
  const handle = await open(file, 'r');
  try {
    const v = await verifyArchive(handle, entries, '');
    return v.ok ? 'ok' : v.error;
  } catch (err) {
    if (err instanceof BackupError || err instanceof TarFormatError) return err.message;
    throw err;
  } finally {
    await handle.close();
  }
}

describe('backup verify', () => {
  const file = join(work, 'small.tar');

  it('finds a flipped byte anywhere in the archive, and reports a whole one whole', async () => {
    await smallBackup(file);
    expect(await verdict(file)).toBe('ok');
    const bytes = readFileSync(file);
    const entries = await listTar(file);
    expect(entries.length).toBe(9);
    // Every byte of the entries, and of the zeros that end the archive every 32nd and the last,
    // flipped in place one at a time (one bit, the flip a disk or a copy most often makes) and put back.
    const last = entries.at(-1)!;
    const end = last.dataOffset + Math.ceil(last.size / 512) * 512;
    const positions = [...Array(end).keys(), ...Array.from({ length: Math.ceil((bytes.length - end) / 32) }, (_, i) => end + i * 32), bytes.length - 1];
    const handle = await open(file, 'r+');
    const passed: number[] = [];
    const named = new Map<string, number>();
    try {
      for (const at of positions) {
        await handle.write(Buffer.of(bytes[at]! ^ 0x01), 0, 1, at);
        const v = await verdict(file);
        await handle.write(Buffer.of(bytes[at]!), 0, 1, at);
        if (v === 'ok') passed.push(at);
        const what = /^(the manifest|clinic\.db|deployments\/tampa\/releases|uploads\/logo|the header at byte|the archive|the end of the archive)/.exec(v)?.[1] ?? v.slice(0, 40);
        named.set(what, (named.get(what) ?? 0) + 1);
      }
    } finally {
      await handle.close();
    }
    expect(positions.length).toBeGreaterThan(5000);
    expect(passed).toEqual([]);
    // Each region named as what it is.
    for (const what of ['the manifest', 'clinic.db', 'deployments/tampa/releases', 'uploads/logo', 'the header at byte', 'the end of the archive']) expect(named.get(what), what).toBeGreaterThan(0);
    expect(await verdict(file)).toBe('ok');
  }, 120_000);

  it('finds the flip a tar reader overlooks: a NUL for a space in a header checksum', async () => {
    const copy = join(work, 'nul.tar');
    const bytes = readFileSync(file);
    const db = (await listTar(file))[0]!;
    // ustar's checksum field is 6 digits, a NUL and a space: tar(1) reads "0012345 " as well.
    const at = db.dataOffset - 512 + 154;
    expect(bytes[at]).toBe(0);
    const flipped = Buffer.from(bytes);
    flipped[at] = 0x20;
    writeFileSync(copy, flipped);
    expect((await listTar(copy)).length).toBe(9);
    expect(await verdict(copy)).toBe('clinic.db: its tar header is damaged');
  });

  it('reads a manifest of format 1 as unverifiable, and never takes a damaged one for it', () => {
    const { entries: _e, plaintextMessages: _p, ...v1 } = manifestOf([]);
    const old = Buffer.from(`${JSON.stringify({ ...v1, formatVersion: 1 }, null, 2)}\n`);
    expect(readManifest(old)).toMatchObject({ ok: true, checked: false, manifest: { formatVersion: 1 } });
    const now = manifestBytes(manifestOf([{ path: 'clinic.db', type: 'file', size: 1, sha256: 'a'.repeat(64) }]));
    expect(readManifest(now)).toMatchObject({ ok: true, checked: true });
    // The format number flipped to 1 and to 3, the SHA-256 line removed: damage, not another format.
    const version = now.indexOf('"formatVersion": 2') + '"formatVersion": '.length;
    for (const digit of ['1', '3']) {
      const b = Buffer.from(now);
      b.write(digit, version);
      expect(readManifest(b)).toMatchObject({ ok: false, error: expect.stringMatching(/^the manifest \(clinic-gen-backup\.json\) is damaged/) });
    }
    const cut = Buffer.from(now.toString().replace(/,\n {2}"manifestSha256": "[0-9a-f]+"/, ''));
    expect(JSON.parse(cut.toString())).toMatchObject({ formatVersion: 2 });
    expect(readManifest(cut)).toEqual({ ok: false, error: 'the manifest (clinic-gen-backup.json) is damaged: its last line, its SHA-256, is missing or changed' });
  });
});
