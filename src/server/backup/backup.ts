import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, open, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';
import { TarWriter } from './tar-writer.js';
import { resolveServerConfig } from '../settings/config.js';
import { META } from '../crypto/server-keys.js';
import { peekMeta } from '../sqlite/meta.js';
import { DB_FILE } from '../store/sqlite-server-store.js';
import { ServerStartError } from '../lifecycle/start-error.js';
import { archiveDeployments, archiveUploads } from './archive-files.js';
import { BackupError } from './backup-error.js';
import { FORMAT_VERSION, MANIFEST_FILE, manifestBytes, type BackupCounts, type BackupManifest } from './manifest.js';

/**
 * `clinic-gen backup` and `clinic-gen restore` (docs/backups.md): one SQLite server's data folder
 * as one tar file, taken while the server runs, and put back into an empty folder.
 *
 * What a backup holds: `clinic.db`, copied by SQLite's online backup API in one step (a read
 * transaction, so the copy is the database as one commit left it while the server goes on writing:
 * never a file copy, which can tear in WAL mode); `deployments/` with every site's releases and its
 * `current` symlink, each release complete or absent; `uploads/`; and a manifest with the SHA-256
 * of every file and of itself (manifest.ts; `backup verify`: verify.ts). Never the data
 * key (a key that travels with the data protects nothing) and never `cache/` (derived, rebuilt by
 * the server). The backup writes nothing in the data folder (SQLite's own housekeeping of its WAL
 * aside) and refuses an `--out` inside it; the archive is written under a temporary name beside
 * `--out`, owner-only (0600), and renamed when complete.
 */

export { BackupError } from './backup-error.js';
export { MANIFEST_FILE, FORMAT_VERSION, type BackupCounts, type BackupManifest } from './manifest.js';

/** A page count past any database: the online backup copies everything in one step (copyDatabase: no restart while the server writes). */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  out: string;
  bytes: number;
  ms: number;
  manifest: BackupManifest;
  /** What the operator should know of the deployments: a release a deploy pruned while it was read (left out whole), a `current` pointing nowhere. */
  notes: string[];
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
  /** What was checked before anything was written: every file against its SHA-256; undefined for a backup of format 1, which holds none. */
  verified?: { files: number; bytes: number };
  /** Schema version after restore (migrated when the backup was older than this clinic-gen). */
  schemaVersion: number;
  migrated: number[];
  messages: number;
  /** What the given or found data key says about this data. */
  key: { kind: 'matches'; source: string } | { kind: 'none' } | { kind: 'other'; source: string; id: string };
}

const NOT_INCLUDED = [
  'the data key (DATA_KEY or DATA_KEY_FILE): keep it apart from the backups; the restored data opens only with it',
  'cache/: encoded photos and social cards, rebuilt by the server',
];

/** The data folder and data key settings `serve` would use with the same --data and environment; refused with DATABASE_URL. */
export function serverData(dataDir: string | undefined, env: Record<string, string | undefined>, command: 'backup' | 'restore'): { dataDir: string; keyEnv: Record<string, string | undefined> } {
  const resolved = resolveServerConfig({ flags: { dataDir }, env });
  if (!resolved.ok) throw new ServerStartError(resolved.errors);
  if (resolved.config.database) {
    throw new BackupError(
      command === 'backup'
        ? 'DATABASE_URL is set: with PostgreSQL the data is in the database, not in a data folder. Back it up with pg_dump --format=custom (docs/backups.md)'
        : 'DATABASE_URL is set: a clinic-gen backup restores a SQLite data folder, which a server with DATABASE_URL does not read. With PostgreSQL restore a pg_dump with pg_restore (docs/backups.md)',
    );
  }
  return { dataDir: resolved.config.dataDir, keyEnv: resolved.config.keyEnv };
}

/** `clinic-gen backup`: the data folder of `serve` (--data, the environment) into `out`. */
export async function backupTask(o: { dataDir?: string; env: Record<string, string | undefined>; out: string; force: boolean; version: string }): Promise<BackupResult> {
  return backupDataFolder({ dataDir: serverData(o.dataDir, o.env, 'backup').dataDir, out: o.out, force: o.force, version: o.version, shownData: o.dataDir });
}

export interface BackupOptions {
  dataDir: string;
  out: string;
  force?: boolean;
  version: string;
  /** The folder as the operator typed it, for messages. */
  shownData?: string;
  now?: () => Date;
}

export async function backupDataFolder(o: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const now = o.now ?? (() => new Date());
  const dataDir = resolve(o.dataDir);
  const out = resolve(o.out);
  const shownData = o.shownData ?? o.dataDir;
  const dbFile = join(dataDir, DB_FILE);
  if (!(await lstat(dbFile).then((s) => s.isFile(), () => false))) {
    throw new BackupError(`--data: ${shownData} holds no ${DB_FILE}: name the data folder the server runs with (serve --data)`);
  }
  const outStat = await lstat(out).catch(() => undefined);
  if (outStat?.isDirectory()) throw new BackupError(`--out: ${o.out} is a folder; name the file to write, like ${join(o.out, 'clinic-backup.tar')}`);
  if (outStat && !o.force) throw new BackupError(`--out: ${o.out} already exists; give another name, or add --force to replace it`);
  if (!(await lstat(dirname(out)).then((s) => s.isDirectory(), () => false))) throw new BackupError(`--out: the folder ${dirname(o.out)} does not exist`);
  const [realData, realOutDir] = await Promise.all([realpath(dataDir), realpath(dirname(out))]);
  if (realOutDir === realData || realOutDir.startsWith(realData + sep)) {
    throw new BackupError(`--out: ${o.out} is inside the data folder ${shownData}: keep backups apart from the data they copy (and never over the server's own files)`);
  }

  // Temporary names beside --out (its file system, so the rename is one step); a dot hides them.
  const tag = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const tmpTar = join(dirname(out), `.${basename(out)}.tmp-${tag}`);
  const tmpDb = join(dirname(out), `.${basename(out)}.db-${tag}`);
  let writer: TarWriter | undefined;
  try {
    const db = await copyDatabase(dbFile, tmpDb, now);
    writer = await TarWriter.create(tmpTar);
    const mtime = Math.floor(db.at.getTime() / 1000);
    await writer.addFrom({ path: DB_FILE, type: 'file', mode: 0o600, mtime, size: 0 }, tmpDb);
    const deployments = await archiveDeployments(writer, join(dataDir, 'deployments'));
    const uploads = await archiveUploads(writer, join(dataDir, 'uploads'));
    const manifest: BackupManifest = {
      format: 'clinic-gen-backup',
      formatVersion: FORMAT_VERSION,
      clinicGenVersion: o.version,
      schemaVersion: db.schemaVersion,
      createdAt: db.at.toISOString(),
      dataKeyId: db.dataKeyId ?? null,
      databaseBytes: db.bytes,
      counts: { ...db.counts, sites: deployments.sites, releases: deployments.releases, files: deployments.files, uploads },
      plaintextMessages: db.plaintextMessages,
      notIncluded: NOT_INCLUDED,
      entries: [...writer.written],
    };
    const body = manifestBytes(manifest);
    await writer.add({ path: MANIFEST_FILE, type: 'file', mode: 0o600, mtime, size: body.length }, body);
    await writer.finish();
    const bytes = writer.bytes;
    writer = undefined;
    if (!o.force && existsSync(out)) throw new BackupError(`--out: ${o.out} appeared while the backup was written; give another name, or add --force to replace it`);
    await rename(tmpTar, out);
    await syncFolder(dirname(out));
    return { out, bytes, ms: performance.now() - started, manifest, notes: deployments.notes };
  } catch (err) {
    await writer?.abort();
    await rm(tmpTar, { force: true });
    throw err;
  } finally {
    for (const f of [tmpDb, `${tmpDb}-journal`, `${tmpDb}-wal`, `${tmpDb}-shm`]) await rm(f, { force: true });
  }
}

interface DatabaseCopy {
  at: Date;
  bytes: number;
  schemaVersion: number;
  dataKeyId?: string;
  counts: Pick<BackupCounts, 'messages' | 'cities' | 'accounts'>;
  plaintextMessages: number;
}

/**
 * The live database copied to `to` by SQLite's online backup API, in one step: the step reads in
 * one transaction, which in WAL mode takes no lock the server's writes wait for, and sees the
 * database as its last commit left it. (Copied a hundred pages a step, as by default, a write by
 * the server between two steps would restart the copy, and a busy server would never let it end.)
 * The copy is checked and left in rollback-journal mode, one file on its own.
 */
async function copyDatabase(from: string, to: string, now: () => Date): Promise<DatabaseCopy> {
  // Made first, owner-only: it holds what the live database holds.
  await (await open(to, 'wx', 0o600)).close();
  const live = new Database(from, { fileMustExist: true, timeout: 5000 });
  let at: Date;
  try {
    at = now();
    await live.backup(to, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new Database(to, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.join() !== 'ok') {
      throw new BackupError(`${from}: the copy of the database fails SQLite's integrity check (${problems.slice(0, 3).join('; ')}); the live database may be damaged: nothing was written`);
    }
    const bytes = (copy.pragma('page_count', { simple: true }) as number) * (copy.pragma('page_size', { simple: true }) as number);
    return {
      at,
      bytes,
      schemaVersion: copy.pragma('user_version', { simple: true }) as number,
      dataKeyId: peekMeta(copy, META.dataKeyId),
      counts: databaseCounts(copy),
      plaintextMessages: plaintextMessages(copy),
    };
  } finally {
    copy.close();
  }
}

/** Counts of what a database holds, for the manifest and the reports (a table an older schema lacks counts 0). */
export function databaseCounts(db: Database.Database): Pick<BackupCounts, 'messages' | 'cities' | 'accounts'> {
  const has = (table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  const count = (table: string, where = '') => (has(table) ? (db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n : 0);
  return { messages: count('messages'), cities: count('cities', 'WHERE deleted_at IS NULL'), accounts: count('accounts') };
}

/**
 * Patients' messages a database holds in clear: all of them before messages were sealed at rest
 * (schema 5 and older have no `sealed` column), else those not sealed yet (the server seals them
 * at its next start: store/upgrade.ts). A backup of them is as sensitive as the messages.
 */
export function plaintextMessages(db: Database.Database): number {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('messages')").all();
  if (columns.length === 0) return 0;
  const where = columns.some((c) => c.name === 'sealed') ? 'WHERE sealed IS NULL' : '';
  return (db.prepare(`SELECT count(*) AS n FROM messages ${where}`).get() as { n: number }).n;
}

export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
