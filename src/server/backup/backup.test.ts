import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDataFolder, plaintextMessages } from './backup.js';
import { restoreDataFolder } from './restore.js';
import { listTar } from './tar-reader.js';
import { serverDataFolder } from '../../../test/helpers/data-folder.js';
import { createReleaseStore } from '../releases/disk-store.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';

/**
 * What a backup takes from a data folder and what it leaves, on a real release store and database:
 * the server's own files only (no key file, no cache, no deploy or upload in progress), `current`
 * always as a symlink, and a restore that gives back the same tree.
 */
const work = mkdtempSync(join(tmpdir(), 'clinic-backup-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const bytes = (t: string) => new TextEncoder().encode(t);
const site = (marker: string) =>
  new Map([
    ['index.html', bytes(`<h1>${marker}</h1>`)],
    ['assets/site.css', bytes('body{color:#123}')],
  ]);

/** Every path under `dir` with what it is: a file's text, a link's target, or a folder. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const st = lstatSync(full);
      const rel = relative(dir, full);
      if (st.isSymbolicLink()) out[rel] = `-> ${readlinkSync(full)}`;
      else if (st.isDirectory()) {
        out[rel] = 'folder';
        walk(full);
      } else out[rel] = readFileSync(full).toString('latin1');
    }
  };
  walk(dir);
  return out;
}

describe('backup of a data folder', () => {
  it('takes the database, deployments and uploads, leaves out keys, cache and work in progress, and restores the same tree', async () => {
    const data = join(work, 'data');
    // Messages are the CLI test's (test/cli/backup-restore.test.ts); here the database is what a first start leaves.
    const { key, live } = await serverDataFolder(data, { site, names: ['one', 'two', 'orlando'], logo: { name: `logo-${'a'.repeat(32)}.png`, bytes: bytes('png') } });

    // What is not the server's data, or not finished: none of it may be in a backup.
    writeFileSync(join(data, 'data-key'), `${key.key.toString('base64')}\n`);
    mkdirSync(join(data, 'cache', 'cards'), { recursive: true });
    writeFileSync(join(data, 'cache', 'cards', 'x.png'), 'card');
    mkdirSync(join(data, 'deployments', 'tampa', 'releases', '.tmp-1-abcdef'));
    writeFileSync(join(data, 'deployments', 'tampa', 'releases', '.tmp-1-abcdef', 'index.html'), 'half');
    writeFileSync(join(data, 'uploads', `.tmp-0a0a0a-logo-${'b'.repeat(32)}.png`), 'half');
    mkdirSync(join(data, 'deployments', '.trash-1-abcdef'));
    // Orlando's pointer as a copy without symlinks leaves it: a file holding the target.
    const orlandoCurrent = join(data, 'deployments', 'orlando', 'current');
    const orlandoTarget = readlinkSync(orlandoCurrent);
    unlinkSync(orlandoCurrent);
    writeFileSync(orlandoCurrent, orlandoTarget);

    const out = join(work, 'b.tar');
    const r = await backupDataFolder({ dataDir: data, out, version: '9.9.9' });
    expect(r.manifest).toMatchObject({
      format: 'clinic-gen-backup',
      clinicGenVersion: '9.9.9',
      dataKeyId: key.id,
      counts: { messages: 0, sites: 2, releases: 3, uploads: 1 },
    });
    expect(r.manifest.notIncluded.join(' ')).toContain('data key');
    const entries = await listTar(out);
    expect(entries.map((e) => e.path).filter((p) => /data-key|cache|\.tmp-|\.trash-/.test(p))).toEqual([]);
    expect(entries.find((e) => e.path === 'deployments/orlando/current')).toMatchObject({ type: 'symlink', linkpath: orlandoTarget });
    // The unchanged stylesheet of Tampa's second release is the first one's file: one copy, one link.
    const css = entries.filter((e) => e.path.startsWith('deployments/tampa/') && e.path.endsWith('site.css'));
    expect(css.map((e) => e.type).sort()).toEqual(['file', 'hardlink']);
    expect(readFileSync(out).includes(key.key.toString('base64'))).toBe(false);

    const target = join(work, 'restored');
    const restored = await restoreDataFolder({ input: out, dataDir: target, keyEnv: { DATA_KEY: key.key.toString('base64'), XDG_CONFIG_HOME: join(work, 'cfg') } });
    expect(restored).toMatchObject({ messages: 0, key: { kind: 'matches', source: 'DATA_KEY' } });
    // Every file was checked against the manifest's SHA-256 before the first was written.
    expect(restored.verified?.files).toBe(entries.filter((e) => e.type === 'file' && e.path !== 'clinic-gen-backup.json').length);
    const before = tree(data);
    for (const k of Object.keys(before)) if (/^(clinic\.db|data-key|cache)|\.tmp-|\.trash-/.test(k)) delete before[k];
    before['deployments/orlando/current'] = `-> ${orlandoTarget}`;
    const after = tree(target);
    delete after['clinic.db'];
    expect(after).toEqual(before);
    expect(readlinkSync(join(target, 'deployments', 'tampa', 'current'))).toBe(`releases/${live.ok ? live.release.id : ''}`);
    const db = new Database(join(target, 'clinic.db'), { readonly: true });
    expect(db.prepare("SELECT value FROM store_meta WHERE key = 'data_key_id'").get()).toEqual({ value: key.id });
    db.close();
    expect(statSync(join(target, 'clinic.db')).mode & 0o777).toBe(0o600);
  });

  it('copies a pointer to a missing release as it is, and refuses to write into the data folder', async () => {
    const data = join(work, 'dangling');
    await openSqliteStore(data).close();
    const releases = createReleaseStore({ root: join(data, 'deployments'), durable: false });
    const kept = await releases.deploy('tampa', { files: site('kept') });
    const gone = await releases.deploy('tampa', { files: site('gone') });
    rmSync(join(data, 'deployments', 'tampa', 'releases', gone.ok ? gone.release.id : ''), { recursive: true });
    const out = join(work, 'dangling.tar');
    const r = await backupDataFolder({ dataDir: data, out, version: '1.0.0' });
    expect(r.notes).toEqual([`tampa: current points to releases/${gone.ok ? gone.release.id : ''}, which is missing (copied as it is)`]);
    expect(r.manifest.counts).toMatchObject({ sites: 0, releases: 1 });
    const entries = await listTar(out);
    expect(entries.find((e) => e.path === 'deployments/tampa/current')).toMatchObject({ type: 'symlink' });
    expect(entries.some((e) => e.path === `deployments/tampa/releases/${kept.ok ? kept.release.id : ''}/index.html`)).toBe(true);

    await expect(backupDataFolder({ dataDir: data, out: join(data, 'clinic.db'), force: true, version: '1.0.0' })).rejects.toThrow(/is inside the data folder/);
    await expect(backupDataFolder({ dataDir: data, out: join(data, 'uploads-backup.tar'), version: '1.0.0' })).rejects.toThrow(/is inside the data folder/);
    expect(readFileSync(join(data, 'clinic.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it('restores into an empty folder and leaves a refused one as it found it', async () => {
    const data = join(work, 'small');
    await openSqliteStore(data).close();
    const out = join(work, 'small.tar');
    await backupDataFolder({ dataDir: data, out, version: '1.0.0' });
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const r = await restoreDataFolder({ input: out, dataDir: empty, keyEnv: { XDG_CONFIG_HOME: join(work, 'cfg') } });
    expect(r.key).toEqual({ kind: 'none' });
    expect(readdirSync(empty)).toEqual(['clinic.db']);
    await expect(restoreDataFolder({ input: out, dataDir: empty, keyEnv: {} })).rejects.toThrow(/is not empty \(1 entry, like clinic\.db\)/);
    expect(existsSync(join(empty, 'clinic.db'))).toBe(true);
  });

  it('counts the messages a database holds in clear: every one before sealing existed, else those not sealed yet', () => {
    const db = new Database(':memory:');
    try {
      expect(plaintextMessages(db)).toBe(0);
      // Schema 5 and older: no sealed column, every message as the patient typed it.
      db.exec("CREATE TABLE messages (id INTEGER PRIMARY KEY, message TEXT NOT NULL); INSERT INTO messages (message) VALUES ('a'), ('b'), ('c')");
      expect(plaintextMessages(db)).toBe(3);
      // After migration 6, before the first start sealed them: the rows without a sealed value.
      db.exec("ALTER TABLE messages ADD COLUMN sealed TEXT; UPDATE messages SET sealed = 'v1.x', message = '' WHERE id = 2");
      expect(plaintextMessages(db)).toBe(2);
      db.exec("UPDATE messages SET sealed = 'v1.x', message = ''");
      expect(plaintextMessages(db)).toBe(0);
    } finally {
      db.close();
    }
  });
});
