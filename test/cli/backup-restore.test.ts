import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTaskStore } from '../../src/server/tasks/admin-tasks.js';
import { listTar, readEntry } from '../../src/server/backup/tar-reader.js';
import type { BackupManifest } from '../../src/server/backup/backup.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { logoForm, PNG, validMessage } from '../helpers/server-app.js';
import { ROOT } from '../helpers/site.js';

/**
 * `clinic-gen backup` and `clinic-gen restore` as an operator runs them (issue 22, item 4;
 * docs/backups.md): a backup of a live `clinic-gen serve` while contact posts stream in, restored
 * into an empty folder and served again; and every refusal.
 */

const json = { 'Content-Type': 'application/json' };
/** Contact posts streamed in, and how many at once. */
const POSTS = 1000;
const LANES = 8;
/** Acknowledged posts before the backup starts: the backup then runs with the stream going on. */
const BEFORE_BACKUP = 200;

/** The built bin, without blocking this process: the posts go on while it runs. Killed past `timeoutMs`. */
function cliAsync(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // 'close', not 'exit': the pipes may still hold its last lines when it exits.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function manifestOf(tar: string): Promise<BackupManifest> {
  const entry = (await listTar(tar)).find((e) => e.path === 'clinic-gen-backup.json')!;
  const handle = await open(tar, 'r');
  try {
    return JSON.parse((await readEntry(handle, entry)).toString('utf8')) as BackupManifest;
  } finally {
    await handle.close();
  }
}

const SITE = (marker: string): Record<string, string> => ({
  'index.html': `<!doctype html><title>${marker}</title><h1>${marker}</h1>`,
  '404.html': '<!doctype html><title>Page not found</title><h1>Page Not Found</h1>',
  'about/index.html': '<!doctype html><title>About</title><h1>About us</h1>',
});

describe('backup of a live server, restored into an empty folder', () => {
  const work = tempDir('clinic-backup-');
  let first: ServeProcess | undefined;
  let second: ServeProcess | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps every message acknowledged before the backup started, the deployments with their symlinks, and no data key', async () => {
    // No DATA_KEY: the server makes its key file, and the helper puts the key's folder inside the
    // data folder (XDG_CONFIG_HOME), so the backup has a key file within reach to leave out.
    const s = (first = await startServeProcess({ env: { CONTACT_RATE_LIMIT: '0', DATA_KEY: '' } }));
    const keyFile = join(s.dataDir, '.config', 'clinic-gen', 'data-key');
    const key = readFileSync(keyFile, 'utf8').trim();
    const owner = await s.owner();
    const admin = (path: string, init: RequestInit = {}) => fetch(`${s.url}${path}`, { ...init, headers: { Authorization: owner, ...init.headers } });
    const deploy = async (city: string, marker: string) => {
      const res = await admin('/api/deploy-website', { method: 'POST', headers: json, body: JSON.stringify({ city, files: SITE(marker) }) });
      expect(res.status).toBe(200);
    };
    // Ten releases of Lakeland, as many as a site keeps (each links the files the one before holds),
    // one of Orlando; a logo.
    for (let i = 0; i < 10; i++) await deploy('Lakeland', `lakeland-before-${i}`);
    await deploy('Orlando', 'orlando-one');
    expect((await admin('/api/upload-logo', { method: 'POST', body: logoForm(PNG) })).status).toBe(200);

    const acked = new Set<string>();
    const statuses: number[] = [];
    let sent = 0;
    let ackedBefore: Set<string> | undefined;
    let backupRunning = false;
    let backupWallMs = 0;
    let ackedDuring = 0;
    let backup: ReturnType<typeof cliAsync> | undefined;
    const out = join(work, 'backup.tar');
    const lanes = Array.from({ length: LANES }, async () => {
      while (sent < POSTS) {
        const i = sent++;
        const res = await fetch(`${s.url}/api/contact`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ ...validMessage({ message: `backup stream ${i}` }), site: 'tampa', page: 'contact/' }),
        });
        statuses.push(res.status);
        if (res.status !== 201) continue;
        acked.add(((await res.json()) as { id: string }).id);
        if (backupRunning) ackedDuring++;
        if (!backup && acked.size >= BEFORE_BACKUP) {
          // What was acknowledged before the backup started: all of it must be in the backup.
          ackedBefore = new Set(acked);
          backupRunning = true;
          const t0 = performance.now();
          backup = cliAsync(['backup', '--data', s.dataDir, '--out', out], { XDG_CONFIG_HOME: join(work, 'no-config') }).finally(() => {
            backupRunning = false;
            backupWallMs = performance.now() - t0;
          });
          deploying = deployWhileBackingUp();
        }
      }
    });
    // Lakeland is deployed again and again while the backup runs: past 10 releases every deploy
    // prunes the oldest, so releases appear and vanish under the backup's feet.
    let deploysDuring = 0;
    let deploying: Promise<void> | undefined;
    const deployWhileBackingUp = async () => {
      while (backupRunning && deploysDuring < 40) await deploy('Lakeland', `lakeland-during-${deploysDuring++}`);
    };
    await Promise.all(lanes);
    await deploying;
    const b = await backup!;
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    // The server kept serving: every post of the stream was stored.
    expect(statuses.filter((st) => st !== 201)).toEqual([]);
    expect(acked.size).toBe(POSTS);
    expect(b.stdout).toMatch(/^wrote .*backup\.tar: [\d.]+ (KiB|MiB) in [\d.]+ m?s$/m);
    expect(b.stdout).toMatch(/deployments: 2 live sites, \d+ releases/);
    expect(b.stdout).toMatch(/uploads: 1 file$/m);
    expect(b.stdout).toContain('not in it: the data key');
    console.log(`backup under load: ${ackedBefore!.size} posts acknowledged before it started, ${ackedDuring} while it ran, ${deploysDuring} deploys while it ran; the process took ${Math.round(backupWallMs)} ms; ${b.stdout.split('\n')[0]}`);

    // The archive: the database, deployments with `current` as symlinks, uploads, the manifest;
    // no key file, no cache, nothing of the key's text.
    const entries = await listTar(out);
    const paths = entries.map((e) => e.path);
    expect(paths).toContain('clinic.db');
    expect(paths).toContain('clinic-gen-backup.json');
    expect(paths.filter((p) => /data-key|\.config|^cache/.test(p))).toEqual([]);
    expect(paths.every((p) => /^(clinic\.db|clinic-gen-backup\.json|deployments|uploads)(\/|$)/.test(p))).toBe(true);
    const currents = entries.filter((e) => e.path.endsWith('/current'));
    expect(currents.map((e) => [e.path, e.type])).toEqual([
      ['deployments/lakeland/current', 'symlink'],
      ['deployments/orlando/current', 'symlink'],
    ]);
    expect(entries.some((e) => e.type === 'hardlink')).toBe(true);
    const bytes = readFileSync(out);
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    expect(bytes.includes(Buffer.from(key, 'base64'))).toBe(false);
    // Patients' words are sealed at rest: the archive holds none of them in clear.
    for (const clear of ['backup stream', 'jordan@example.com', '555-0100', 'Rivera']) expect(bytes.includes(Buffer.from(clear)), clear).toBe(false);
    expect(existsSync(keyFile)).toBe(true);
    // Taken under load, with links and releases coming and going: every byte as its manifest says (issue 38).
    const verified = runCli(['backup', 'verify', '--in', out], { env: { XDG_CONFIG_HOME: join(work, 'no-config-dir') } });
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^backup ok: [\d,]+ files, /);

    // Restored into a folder that does not exist yet, with the key given: the key is recognized.
    const target = join(work, 'restored');
    const r = runCli(['restore', '--in', out, '--data', target], { env: { DATA_KEY: key, XDG_CONFIG_HOME: join(work, 'no-config-dir') } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('integrity check ok');
    expect(r.stdout).toContain('DATA_KEY is the key this data was written with');
    const current = join(target, 'deployments', 'lakeland', 'current');
    expect(lstatSync(current).isSymbolicLink()).toBe(true);
    expect(readlinkSync(current)).toMatch(/^releases\/\d{8}T\d{9}Z-[0-9a-f]{8}$/);
    // The live release the backup found, whole: the deploys during the backup left it consistent.
    const liveMarker = /<h1>(lakeland-[a-z0-9-]+)<\/h1>/.exec(readFileSync(join(current, 'index.html'), 'utf8'))?.[1];
    expect(liveMarker).toBeDefined();
    expect(readFileSync(join(current, 'about', 'index.html'), 'utf8')).toContain('About us');
    const lakelandReleases = readdirSync(join(target, 'deployments', 'lakeland', 'releases'));
    for (const id of lakelandReleases) expect(readdirSync(join(target, 'deployments', 'lakeland', 'releases', id)).sort()).toEqual(['.release.json', '404.html', 'about', 'index.html']);
    // Files the releases shared are one file again, as on the server.
    expect(statSync(join(current, '404.html')).nlink).toBe(lakelandReleases.length);
    expect(readdirSync(target).sort()).toEqual(['clinic.db', 'deployments', 'uploads']);

    // A server on the restored folder with the same key: every message acknowledged before the
    // backup started is there and opens; the deployed sites and the logo are served.
    const t = (second = await startServeProcess({ env: { DATA_KEY: key, CONTACT_RATE_LIMIT: '0' }, args: ['--data', target] }));
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${t.url}${path}`, { headers: { Authorization: owner } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const restored = new Set<string>();
    for (let page = 1; page <= Math.ceil(POSTS / 200) + 1; page++) {
      const body = await get<{ messages: { id: string; message: string; unreadable?: string }[]; total: number }>(`/api/messages?page=${page}&pageSize=200`);
      // Each one opens with the key given to the restored server.
      expect(body.messages.filter((m) => m.unreadable !== undefined || !m.message.startsWith('backup stream '))).toEqual([]);
      for (const m of body.messages) restored.add(m.id);
      if (restored.size >= body.total) break;
    }
    const missing = [...ackedBefore!].filter((id) => !restored.has(id));
    expect(missing).toEqual([]);
    // The backup is one moment of the database: what it holds is what the manifest counted.
    expect(restored.size).toBe((await manifestOf(out)).counts.messages);
    const byCity = await get<{ cities: { site: string; total: number }[] }>('/api/messages/by-city');
    expect(byCity.cities.find((c) => c.site === 'tampa')?.total).toBe(restored.size);
    const live = await fetch(`${t.sitesUrl}/sites/lakeland/`);
    expect(live.status).toBe(200);
    expect(await live.text()).toContain(liveMarker);
    expect((await fetch(`${t.sitesUrl}/sites/orlando/about/`)).status).toBe(200);
  });
});

/** A tar written by hand, byte by byte as ustar lays it out: what a hostile or broken archive holds. */
function handTar(entries: { name: string; flag?: string; body?: string; link?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = Buffer.from(e.body ?? '');
    const h = Buffer.alloc(512);
    h.write(e.name, 0, 100);
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    h.write('00000000000\0', 136);
    h.fill(' ', 148, 156);
    h.write(e.flag ?? '0', 156);
    h.write(e.link ?? '', 157, 100);
    h.write('ustar\u000000', 257);
    let sum = 0;
    for (const byte of h) sum += byte;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

describe('refusals', () => {
  const work = tempDir('clinic-backup-refusals-');
  const data = join(work, 'data');
  const key = randomBytes(32).toString('base64');
  const env = { DATA_KEY: key, XDG_CONFIG_HOME: join(work, 'config') };
  const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { env: { ...env, ...extra } });
  const backupFile = join(work, 'good.tar');

  beforeAll(async () => {
    // A data folder as a first start leaves it: the database with the data key's id, no deployments yet.
    const t = await openTaskStore({ dataDir: data, env });
    await t.close();
    expect(cli(['backup', '--data', data, '--out', backupFile]).code).toBe(0);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('backup: refuses a folder without clinic.db, an --out that exists (unless --force), and DATABASE_URL', () => {
    const empty = join(work, 'empty-data');
    mkdirSync(empty);
    const none = cli(['backup', '--data', empty, '--out', join(work, 'x.tar')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`--data: ${empty} holds no clinic.db`);
    expect(existsSync(join(work, 'x.tar'))).toBe(false);

    const existing = join(work, 'existing.tar');
    writeFileSync(existing, 'keep me');
    const again = cli(['backup', '--data', data, '--out', existing]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`--out: ${existing} already exists`);
    expect(again.stderr).toContain('--force');
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    const forced = cli(['backup', '--data', data, '--out', existing, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(existing).subarray(0, 100).toString()).not.toBe('keep me');
    // No temporary file is left beside it.
    expect(readdirSync(work).filter((n) => n.startsWith('.'))).toEqual([]);

    const pg = cli(['backup', '--data', data, '--out', join(work, 'pg.tar')], { DATABASE_URL: 'postgres://clinic@127.0.0.1:1/clinic' });
    expect(pg.code).toBe(1);
    expect(pg.stderr).toContain('DATABASE_URL is set');
    expect(pg.stderr).toContain('pg_dump');
  });

  it('restore: refuses a folder that is not empty, naming it, and leaves it as it was', () => {
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    const r = cli(['restore', '--in', backupFile, '--data', busy]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`--data: ${busy} is not empty`);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  });

  it.each([
    ['a ".." step', [{ name: '../evil.txt', body: 'x' }], 'would land outside the data folder'],
    ['an absolute path', [{ name: '/tmp/clinic-evil.txt', body: 'x' }], 'an absolute path'],
    ['a symlink pointing outside', [{ name: 'deployments/', flag: '5' }, { name: 'deployments/x/current', flag: '2', link: '../../../../etc' }], 'points only down into its own folder'],
    ['an absolute symlink', [{ name: 'uploads/', flag: '5' }, { name: 'uploads/passwd', flag: '2', link: '/etc/passwd' }], 'points only down into its own folder'],
    ['a file written through a symlink', [{ name: 'uploads/', flag: '5' }, { name: 'uploads/l', flag: '2', link: 'a' }, { name: 'uploads/l/f', body: 'x' }], 'which is not a folder'],
    ['a hard link to a file outside', [{ name: 'uploads/', flag: '5' }, { name: 'uploads/h', flag: '1', link: '../../etc/passwd' }], 'would land outside the data folder'],
    ['a device', [{ name: 'uploads/', flag: '5' }, { name: 'uploads/null', flag: '3' }], 'is not a file, folder or link'],
    ['a name a backup does not hold', [{ name: '.config/clinic-gen/data-key', body: 'x' }], 'a backup holds only'],
  ])('restore: refuses a hand-made archive with %s, writing nothing', (_what, entries, why) => {
    const tar = join(work, `hand-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(tar, handTar([{ name: 'clinic-gen-backup.json', body: '{}' }, ...entries]));
    const target = join(work, `hand-target-${randomBytes(4).toString('hex')}`);
    const r = cli(['restore', '--in', tar, '--data', target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--in: refusing the entry');
    expect(r.stderr).toContain(why);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(work, 'evil.txt'))).toBe(false);
    expect(existsSync('/tmp/clinic-evil.txt')).toBe(false);
  });

  it('restore: refuses an archive cut short, and a data key other than the one the data was written with', () => {
    const cut = join(work, 'cut.tar');
    writeFileSync(cut, readFileSync(backupFile));
    truncateSync(cut, Math.floor(statSync(backupFile).size / 2));
    const target = join(work, 'cut-target');
    mkdirSync(target);
    const r = cli(['restore', '--in', cut, '--data', target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cut short');
    expect(readdirSync(target)).toEqual([]);

    const other = cli(['restore', '--in', backupFile, '--data', target], { DATA_KEY: randomBytes(32).toString('base64') });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('DATA_KEY: this backup was written with data key');
    expect(readdirSync(target)).toEqual([]);

    // The right key, into the same (still empty) folder.
    const ok = cli(['restore', '--in', backupFile, '--data', target]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('DATA_KEY is the key this data was written with');
  });

  it('writes an archive tar(1) reads', () => {
    const r = spawnSync('tar', ['-tvf', backupFile], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/clinic\.db$/m);
    expect(r.stdout).toMatch(/clinic-gen-backup\.json$/m);
  });
});
