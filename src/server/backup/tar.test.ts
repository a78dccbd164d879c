import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TarFormatError, type TarHeader } from './tar-format.js';
import { listTar, readEntry } from './tar-reader.js';
import { TarWriter } from './tar-writer.js';

/** The backup's tar format: what it writes, tar(1) reads; what tar(1) writes (ustar, pax, GNU), it reads; damage is an error. */
const work = mkdtempSync(join(tmpdir(), 'clinic-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hasTar = spawnSync('tar', ['--version']).status === 0;

const LONG_DIR = `deployments/${'a'.repeat(60)}/releases/${'b'.repeat(70)}`;
const entries: { h: TarHeader; body?: string }[] = [
  { h: { path: 'deployments', type: 'directory', mode: 0o755, mtime: 1_700_000_000, size: 0 } },
  { h: { path: LONG_DIR, type: 'directory', mode: 0o755, mtime: 1_700_000_000, size: 0 } },
  // 100+ bytes: split into ustar's prefix and name.
  { h: { path: `${LONG_DIR}/index.html`, type: 'file', mode: 0o644, mtime: 1_700_000_001, size: 5 }, body: 'hello' },
  // 255+ bytes and no split that fits: a pax path.
  { h: { path: `${LONG_DIR}/${'c'.repeat(120)}.html`, type: 'file', mode: 0o600, mtime: 1_700_000_002, size: 2 }, body: 'ok' },
  { h: { path: `${LONG_DIR}/café.txt`, type: 'file', mode: 0o644, mtime: 1_700_000_003, size: 0 }, body: '' },
  { h: { path: `${LONG_DIR}/same.html`, type: 'hardlink', mode: 0o644, mtime: 1_700_000_001, size: 0, linkpath: `${LONG_DIR}/index.html` } },
  { h: { path: 'deployments/current', type: 'symlink', mode: 0o777, mtime: 1_700_000_004, size: 0, linkpath: 'releases/20250101T000000000Z-0123abcd' } },
  // A link target past 100 bytes: a pax linkpath.
  { h: { path: 'deployments/far', type: 'symlink', mode: 0o777, mtime: 1_700_000_004, size: 0, linkpath: `${'d'.repeat(90)}/${'e'.repeat(40)}` } },
];

async function write(file: string): Promise<void> {
  const w = await TarWriter.create(file);
  for (const e of entries) await w.add(e.h, e.body === undefined ? undefined : Buffer.from(e.body));
  await w.finish();
}

describe('backup tar', () => {
  const file = join(work, 'round.tar');

  it('reads back what it writes, long names, links and all, padded to whole records', async () => {
    await write(file);
    expect(statSync(file).size % 10240).toBe(0);
    const read = await listTar(file);
    expect(read.map(({ path, type, mode, mtime, size, linkpath }) => ({ path, type, mode, mtime, size, linkpath }))).toEqual(
      entries.map(({ h }) => ({ ...h, linkpath: h.linkpath })),
    );
    const handle = await open(file, 'r');
    try {
      expect((await readEntry(handle, read[3]!)).toString()).toBe('ok');
    } finally {
      await handle.close();
    }
  });

  it('records each entry as written, a file with the SHA-256 of its content, for the manifest', async () => {
    const w = await TarWriter.create(join(work, 'written.tar'));
    for (const e of entries) await w.add(e.h, e.body === undefined ? undefined : Buffer.from(e.body));
    await w.finish();
    expect(statSync(join(work, 'written.tar')).mode & 0o777).toBe(0o600);
    expect(w.written[0]).toEqual({ path: 'deployments', type: 'directory' });
    // sha256('hello'), as sha256sum prints it.
    expect(w.written[2]).toEqual({ path: `${LONG_DIR}/index.html`, type: 'file', size: 5, sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824' });
    expect(w.written[5]).toEqual({ path: `${LONG_DIR}/same.html`, type: 'hardlink', link: `${LONG_DIR}/index.html` });
    expect(w.written.length).toBe(entries.length);
  });

  it.skipIf(!hasTar)('writes what tar(1) extracts: names, contents, symlinks and hard links', async () => {
    await write(join(work, 'for-tar.tar'));
    const out = join(work, 'extracted');
    mkdirSync(out);
    const r = spawnSync('tar', ['-xf', join(work, 'for-tar.tar'), '-C', out], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(out, LONG_DIR, `${'c'.repeat(120)}.html`), 'utf8')).toBe('ok');
    expect(readFileSync(join(out, LONG_DIR, 'café.txt'), 'utf8')).toBe('');
    expect(statSync(join(out, LONG_DIR, 'same.html')).ino).toBe(statSync(join(out, LONG_DIR, 'index.html')).ino);
    expect(readlinkSync(join(out, 'deployments/current'))).toBe('releases/20250101T000000000Z-0123abcd');
    expect(readlinkSync(join(out, 'deployments/far'))).toBe(`${'d'.repeat(90)}/${'e'.repeat(40)}`);
  });

  it.skipIf(!hasTar).each(['gnu', 'posix', 'ustar'])('reads what tar(1) writes in its %s format', async (format) => {
    const src = join(work, `src-${format}`);
    const deep = format === 'ustar' ? 'x'.repeat(90) : 'x'.repeat(200);
    mkdirSync(join(src, 'uploads', deep), { recursive: true });
    writeFileSync(join(src, 'uploads', deep, 'f.txt'), 'content');
    symlinkSync('f.txt', join(src, 'uploads', deep, 'l'));
    const file = join(work, `${format}.tar`);
    const r = spawnSync('tar', [`--format=${format}`, '-cf', file, '-C', src, 'uploads'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const read = await listTar(file);
    expect(read.find((e) => e.path === `uploads/${deep}/f.txt`)).toMatchObject({ type: 'file', size: 7 });
    expect(read.find((e) => e.path === `uploads/${deep}/l`)).toMatchObject({ type: 'symlink', linkpath: 'f.txt' });
    expect(read.find((e) => e.path === `uploads/${deep}`)).toMatchObject({ type: 'directory' });
  });

  it('refuses a damaged header, an archive cut short, and one without its end', async () => {
    await write(join(work, 'whole.tar'));
    const bytes = readFileSync(join(work, 'whole.tar'));
    const damaged = join(work, 'damaged.tar');
    const flipped = Buffer.from(bytes);
    flipped[520] = flipped[520]! ^ 0xff; // inside the second header's name
    writeFileSync(damaged, flipped);
    // Named by where it is and the entry before it (its own name, damaged, is not repeated).
    await expect(listTar(damaged)).rejects.toThrow(/^the header at byte 512 \(the entry after "deployments"\) is damaged \(checksum\)/);

    const cut = join(work, 'cut.tar');
    writeFileSync(cut, bytes);
    truncateSync(cut, 2048 + 100);
    await expect(listTar(cut)).rejects.toThrow(TarFormatError);

    // Every entry whole, but no end marker: the writer was stopped before it finished.
    const endless = join(work, 'endless.tar');
    const w = await TarWriter.create(endless);
    await w.add({ path: 'uploads', type: 'directory', mode: 0o755, mtime: 0, size: 0 });
    await w.finish();
    truncateSync(endless, 512);
    await expect(listTar(endless)).rejects.toThrow(/no end marker: it was cut short/);

    // A file given by mistake: refused, and none of its text repeated in the message.
    writeFileSync(join(work, 'text.tar'), 'not a tar at all\n'.repeat(64));
    await expect(listTar(join(work, 'text.tar'))).rejects.toThrow(/^the header at byte 0 \(the first entry\) is damaged \(checksum\): not a tar archive/);
  });
});
