import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '../../src/server/backup/backup.js';
import type { TarEntry } from '../../src/server/backup/tar-format.js';
import { listTar, readEntry } from '../../src/server/backup/tar-reader.js';
import { TarWriter } from '../../src/server/backup/tar-writer.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { serverDataFolder } from '../helpers/data-folder.js';
import { ROOT } from '../helpers/site.js';

/**
 * `clinic-gen backup verify` and the check restore makes first (issue 38, item 4 and item 2's
 * backup half; docs/backups.md), through the built bin on real archives: a flipped byte in the
 * manifest, a file, a header or the padding is named and restores nothing; an archive of format 1
 * restores unverified and says so; a backup of data holding messages in clear says it.
 */

const work = tempDir('clinic-backup-verify-');
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = { DATA_KEY: '', DATA_KEY_FILE: '', DATA_KEY_PREVIOUS: '', DATABASE_URL: '', XDG_CONFIG_HOME: join(work, 'config') };
const cli = (args: string[]) => runCli(args, { env });
const MANIFEST = 'clinic-gen-backup.json';
const good = join(work, 'good.tar');
let entries: TarEntry[] = [];
let bytes: Buffer;
const text = (s: string) => new TextEncoder().encode(s);
const site = (marker: string) =>
  new Map([
    ['index.html', text(`<!doctype html><h1>${marker}</h1>`)],
    ['about/index.html', text('<!doctype html><h1>About us</h1>')],
    ['assets/site.css', text(`body{color:#123}${'/* padding */'.repeat(60)}`)],
  ]);

async function manifestOf(tar: string): Promise<BackupManifest> {
  const handle = await open(tar, 'r');
  try {
    return JSON.parse((await readEntry(handle, (await listTar(tar)).find((e) => e.path === MANIFEST)!)).toString('utf8')) as BackupManifest;
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  // A data folder as a server leaves it: the database with its key's id, two sites (one with two
  // releases sharing files: hard links), a logo.
  const data = join(work, 'data');
  await serverDataFolder(data, { site, names: ['tampa one', 'tampa two', 'orlando'], logo: { name: `logo-${'c'.repeat(32)}.png`, bytes: text('png bytes of a logo') } });
  // With no umask to narrow it: the archive is the owner's alone by itself.
  const r = spawnSync('sh', ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, join(ROOT, 'bin/clinic-gen.js'), 'backup', '--data', data, '--out', good], { env: { ...process.env, ...env }, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/^ {2}checksums: the SHA-256 of each of its \d+ files, and of its manifest/m);
  entries = await listTar(good);
  bytes = readFileSync(good);
});

describe('backup verify', () => {
  it('reports a whole backup whole, in one line, and writes it owner-only', async () => {
    expect(statSync(good).mode & 0o777).toBe(0o600);
    const files = entries.filter((e) => e.type === 'file' && e.path !== MANIFEST);
    const r = cli(['backup', 'verify', '--in', good]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^backup ok: ${files.length} files, [\\d.]+ (KiB|MiB), and the manifest verified \\(SHA-256\\); the backup of \\S+, made by clinic-gen \\S+, needs data key [0-9a-f]+\\n$`));
    const m = await manifestOf(good);
    expect(m).toMatchObject({ formatVersion: 2, plaintextMessages: 0 });
    expect(m.entries?.filter((e) => e.type === 'file').map((e) => e.path)).toEqual(files.map((e) => e.path));
    expect(r.stdout).not.toContain('in clear');
    // Restored: verified first, then written.
    const target = join(work, 'good-restored');
    const ok = cli(['restore', '--in', good, '--data', target]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`^ {2}verified first: ${files.length} files, .*and the manifest \\(SHA-256\\)$`, 'm'));
    expect(readFileSync(join(target, 'uploads', `logo-${'c'.repeat(32)}.png`), 'utf8')).toBe('png bytes of a logo');
  });

  /** Where in the archive, from its layout: [what the flip hits, its offset, the XOR, what the error must name]. */
  type Flip = [string, (at: Layout) => number, number, (at: Layout) => string];
  interface Layout {
    entry: (path: string | RegExp) => TarEntry;
    manifest: TarEntry;
    /** Offset of `needle` in the manifest's text, as a byte offset in the archive. */
    inManifest: (needle: string, after?: number) => number;
  }
  const layout = (): Layout => {
    const entry = (p: string | RegExp) => entries.find((e) => e.type === 'file' && (typeof p === 'string' ? e.path === p : p.test(e.path)))!;
    const manifest = entry(MANIFEST);
    const body = bytes.subarray(manifest.dataOffset, manifest.dataOffset + manifest.size);
    const inManifest = (needle: string, after = 0) => {
      const i = body.indexOf(needle);
      expect(i, needle).toBeGreaterThanOrEqual(0);
      return manifest.dataOffset + i + after;
    };
    return { entry, manifest, inManifest };
  };
  const THE_MANIFEST = () => `the manifest (${MANIFEST}) is damaged`;
  const content = (l: Layout, p: string | RegExp, where: 'first' | 'middle' | 'last') => {
    const e = l.entry(p);
    return e.dataOffset + (where === 'first' ? 0 : where === 'last' ? e.size - 1 : Math.floor(e.size / 2));
  };
  const damaged = (p: string | RegExp) => (l: Layout) => `${l.entry(p).path} is damaged: its SHA-256 is not the one its manifest holds`;
  const LIVE_TAMPA = /^deployments\/tampa\/releases\/[^/]+\/index\.html$/;
  const FLIPS: Flip[] = [
    ['the manifest: its first byte', (l) => l.manifest.dataOffset, 0x01, THE_MANIFEST],
    ['the manifest: its format number (2 to 3)', (l) => l.inManifest('"formatVersion": 2', '"formatVersion": '.length), 0x01, THE_MANIFEST],
    ['the manifest: the count of messages in clear', (l) => l.inManifest('"plaintextMessages": 0', '"plaintextMessages": '.length), 0x01, THE_MANIFEST],
    ["the manifest: clinic.db's SHA-256", (l) => l.inManifest('"path":"clinic.db"', 60), 0x01, THE_MANIFEST],
    ['the manifest: its middle', (l) => l.manifest.dataOffset + Math.floor(l.manifest.size / 2), 0x01, THE_MANIFEST],
    ['the manifest: its own SHA-256', (l) => l.inManifest('"manifestSha256": "', '"manifestSha256": "'.length + 10), 0x01, THE_MANIFEST],
    ['the manifest: its last byte', (l) => l.manifest.dataOffset + l.manifest.size - 1, 0x01, THE_MANIFEST],
    ['clinic.db: its first byte', (l) => content(l, 'clinic.db', 'first'), 0x01, damaged('clinic.db')],
    ['clinic.db: its middle', (l) => content(l, 'clinic.db', 'middle'), 0x80, damaged('clinic.db')],
    ['clinic.db: its last byte', (l) => content(l, 'clinic.db', 'last'), 0x01, damaged('clinic.db')],
    ["Tampa's page: its first byte", (l) => content(l, LIVE_TAMPA, 'first'), 0x01, damaged(LIVE_TAMPA)],
    ["Tampa's stylesheet: its middle", (l) => content(l, /^deployments\/tampa\/releases\/[^/]+\/assets\/site\.css$/, 'middle'), 0x01, damaged(/^deployments\/tampa\/releases\/[^/]+\/assets\/site\.css$/)],
    ["Tampa's release record: its last byte", (l) => content(l, /^deployments\/tampa\/releases\/[^/]+\/\.release\.json$/, 'last'), 0x01, damaged(/^deployments\/tampa\/releases\/[^/]+\/\.release\.json$/)],
    ["Orlando's about page: its middle", (l) => content(l, /^deployments\/orlando\/.*about\/index\.html$/, 'middle'), 0x01, damaged(/^deployments\/orlando\/.*about\/index\.html$/)],
    ["Orlando's page: its last byte", (l) => content(l, /^deployments\/orlando\/releases\/[^/]+\/index\.html$/, 'last'), 0xff, damaged(/^deployments\/orlando\/releases\/[^/]+\/index\.html$/)],
    ['the logo: its middle', (l) => content(l, /^uploads\//, 'middle'), 0x01, damaged(/^uploads\//)],
    // A header's mode: its checksum no longer adds up.
    ["the logo's header: its mode", (l) => l.entry(/^uploads\//).dataOffset - 512 + 100, 0x01, (l) => `whose name reads ${JSON.stringify(l.entry(/^uploads\//).path)}) is damaged (checksum)`],
    // A NUL for a space in a header's checksum field, which tar(1) reads as the same number.
    ["clinic.db's header: its checksum's NUL", (l) => l.entry('clinic.db').dataOffset - 512 + 154, 0x20, () => 'clinic.db: its tar header is damaged'],
    ["the padding after Tampa's page", (l) => content(l, LIVE_TAMPA, 'last') + 1, 0x01, (l) => `${l.entry(LIVE_TAMPA).path} is damaged: the padding after its content is not zeros`],
    ['the zeros that end the archive', () => bytes.length - 1, 0x01, () => 'the end of the archive is damaged'],
  ];

  it('lays its 20 flips where they are meant to be: distinct, inside the archive', () => {
    const l = layout();
    const at = FLIPS.map(([, where]) => where(l));
    expect(new Set(at).size).toBe(20);
    for (const a of at) expect(a >= 0 && a < bytes.length).toBe(true);
    const manifestEnd = l.manifest.dataOffset + l.manifest.size;
    expect(at.slice(0, 7).every((a) => a >= l.manifest.dataOffset && a < manifestEnd)).toBe(true);
    // The content flips are inside their file's content.
    for (const [i, [, , , name]] of FLIPS.slice(7, 16).entries()) {
      const path = name(l).split(' is damaged')[0]!;
      const e = entries.find((x) => x.path === path)!;
      expect(at[7 + i]! >= e.dataOffset && at[7 + i]! < e.dataOffset + e.size, path).toBe(true);
    }
  });

  it.each(FLIPS)('finds one flipped byte in %s: verify exits 1 naming it, restore writes nothing', (_what, where, xor, name) => {
    const l = layout();
    const at = where(l);
    const flipped = Buffer.from(bytes);
    flipped[at] = flipped[at]! ^ xor;
    const tar = join(work, `flipped-${at}.tar`);
    writeFileSync(tar, flipped);
    const v = cli(['backup', 'verify', '--in', tar]);
    expect(v.code).toBe(1);
    expect(v.stdout).toBe('');
    expect(v.stderr).toContain(`--in: ${tar}: `);
    expect(v.stderr).toContain(name(l));

    // Into a folder that exists, empty: never written in (its time unchanged), still empty; or
    // into one that does not exist (every other flip): not made.
    const target = join(work, `target-${at}`);
    const exists = FLIPS.findIndex((f) => f[1] === where) % 2 === 0;
    if (exists) mkdirSync(target, { mode: 0o700 });
    const before = exists ? statSync(target).mtimeMs : undefined;
    const r = cli(['restore', '--in', tar, '--data', target]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(name(l));
    expect(r.stderr).toContain('nothing was restored');
    if (exists) {
      expect(readdirSync(target)).toEqual([]);
      expect(statSync(target).mtimeMs).toBe(before);
    } else expect(existsSync(target)).toBe(false);
  });
});

/** The good archive written again entry by entry, as `change` says: the way a tool that drops or adds an entry, or an older clinic-gen, would leave it. */
async function rewrite(out: string, change: (e: TarEntry, body: Buffer | undefined) => { skip?: boolean; manifest?: Buffer; before?: { path: string; body: Buffer } }): Promise<void> {
  const w = await TarWriter.create(out);
  const handle = await open(good, 'r');
  try {
    for (const e of entries) {
      const body = e.type === 'file' ? await readEntry(handle, e) : undefined;
      const c = change(e, body);
      if (c.skip) continue;
      if (c.before) await w.add({ path: c.before.path, type: 'file', mode: 0o644, mtime: e.mtime, size: c.before.body.length }, c.before.body);
      const content = e.path === MANIFEST && c.manifest ? c.manifest : body;
      await w.add({ path: e.path, type: e.type === 'other' ? 'file' : e.type, mode: e.mode, mtime: e.mtime, size: content?.length ?? 0, linkpath: e.linkpath }, content);
    }
  } finally {
    await handle.close();
  }
  await w.finish();
}

describe('backup verify: archives cut short, missing a file, or with one added', () => {
  it('names what is wrong and restores nothing', async () => {
    const cut = join(work, 'cut.tar');
    writeFileSync(cut, bytes);
    truncateSync(cut, Math.floor(bytes.length / 2));
    const half = cli(['backup', 'verify', '--in', cut]);
    expect(half.code).toBe(1);
    expect(half.stderr).toContain('cut short');
    // Only the zeros of its last record gone: tar(1) would not notice.
    writeFileSync(cut, bytes.subarray(0, bytes.length - 512));
    const tail = cli(['backup', 'verify', '--in', cut]);
    expect(tail.code).toBe(1);
    expect(tail.stderr).toContain('the archive was cut short: its last 512 bytes are missing');

    const logo = entries.find((e) => e.path.startsWith('uploads/logo-'))!;
    const missing = join(work, 'missing.tar');
    await rewrite(missing, (e) => ({ skip: e.path === logo.path }));
    const m = cli(['backup', 'verify', '--in', missing]);
    expect(m.code).toBe(1);
    expect(m.stderr).toContain(`${logo.path} is missing: its manifest lists it and the archive does not hold it`);

    const added = join(work, 'added.tar');
    const extra = `uploads/logo-${'d'.repeat(32)}.png`;
    await rewrite(added, (e) => (e.path === MANIFEST ? { before: { path: extra, body: Buffer.from('not from the server') } } : {}));
    const a = cli(['backup', 'verify', '--in', added]);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain(`${extra} is in the archive but not in its manifest`);

    for (const tar of [cut, missing, added]) {
      const target = join(work, `restore-${tar.split('/').pop()}`);
      const r = cli(['restore', '--in', tar, '--data', target]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('nothing was restored');
      expect(existsSync(target)).toBe(false);
    }
  });
});

describe('a backup of format 1 (before checksums)', () => {
  it('is reported as not verifiable file by file, and still restores, saying so', async () => {
    // As the previous clinic-gen wrote it: the same entries, its manifest without entries or checksums, last.
    const { entries: _list, plaintextMessages: _clear, manifestSha256: _sum, ...rest } = (await manifestOf(good)) as BackupManifest & { manifestSha256: string };
    const v1 = Buffer.from(`${JSON.stringify({ ...rest, formatVersion: 1 }, null, 2)}\n`, 'utf8');
    const old = join(work, 'format-1.tar');
    await rewrite(old, () => ({ manifest: v1 }));
    expect((await manifestOf(old)).formatVersion).toBe(1);

    const v = cli(['backup', 'verify', '--in', old]);
    expect(v.stderr).toBe('');
    expect(v.code).toBe(2);
    expect(v.stdout).toContain(`backup not verifiable file by file: ${old} is of format 1`);
    expect(v.stdout).toContain('which holds no checksums');
    expect(v.stdout).toContain(`its tar structure is whole (${entries.length} entries) and it restores`);

    const target = join(work, 'format-1-restored');
    const r = cli(['restore', '--in', old, '--data', target]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('note: a backup of format 1 holds no checksums: its files were not verified one by one');
    expect(r.stdout).not.toContain('verified first');
    expect(readFileSync(join(target, 'uploads', `logo-${'c'.repeat(32)}.png`), 'utf8')).toBe('png bytes of a logo');
    expect(readdirSync(target).sort()).toEqual(['clinic.db', 'deployments', 'uploads']);
  });
});

describe('a backup of data holding patients’ messages in clear', () => {
  const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2', 'sqlite-data');
  const IN_CLEAR = 'this backup holds 1,000 patient messages in clear: keep it as safe as the messages themselves';

  it('says so when it is made, in its manifest, when it is verified and when it is restored', async () => {
    // A copy of release d4b66c2's data folder (1,000 messages in clear), made writable; the fixture is never touched.
    const data = join(work, 'd4b66c2');
    cpSync(FIXTURE, data, { recursive: true });
    const writable = (p: string) => {
      chmodSync(p, statSync(p).isDirectory() ? 0o700 : 0o600);
      if (statSync(p).isDirectory()) for (const e of readdirSync(p)) writable(join(p, e));
    };
    writable(data);
    const out = join(work, 'd4b66c2.tar');
    const b = cli(['backup', '--data', data, '--out', out]);
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    expect(b.stdout).toContain(IN_CLEAR);
    expect(b.stdout).toMatch(/database: 1,000 messages/);
    expect(await manifestOf(out)).toMatchObject({ formatVersion: 2, plaintextMessages: 1000, counts: { messages: 1000 } });
    // What it says is so: the markers of the messages are in the archive as they were typed.
    expect(readFileSync(out).includes(Buffer.from('FIXTURE-PHI-0001:'))).toBe(true);

    const v = cli(['backup', 'verify', '--in', out]);
    expect(v.stderr).toBe('');
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^backup ok: \d+ files, /);
    expect(v.stdout).toContain(IN_CLEAR);

    const r = cli(['restore', '--in', out, '--data', join(work, 'd4b66c2-restored')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(IN_CLEAR);
  });
});
