import { existsSync, readFileSync } from 'node:fs';
import { chmod, link, lstat, mkdir, open, readdir, rm, symlink, utimes } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { TarFormatError, type TarEntry } from './tar-format.js';
import { copyEntry, listTar, readEntry } from './tar-reader.js';
import { dataKey, defaultKeyFile, loadDataKey, parseKeyText, type DataKey } from '../crypto/data-key.js';
import { META } from '../crypto/server-keys.js';
import { migrate, MIGRATIONS, SchemaTooNewError } from '../sqlite/migrations.js';
import { peekMeta } from '../sqlite/meta.js';
import { DB_FILE } from '../store/sqlite-server-store.js';
import { MANIFEST_FILE, TOP_NAMES, BackupError, serverData, databaseCounts, syncFolder, type BackupManifest, type RestoreResult } from './backup.js';

/**
 * `clinic-gen restore` (issue 22): a backup made by backup.ts put into an empty data folder, every
 * entry checked before anything is written.
 */

/** An entry restore will write, its path checked and normalized. */
interface Planned extends TarEntry {
  type: 'file' | 'directory' | 'symlink' | 'hardlink';
  /** A hard link's earlier entry, normalized. */
  linkTo?: string;
}

/**
 * Every entry of the archive checked before anything is written: a relative path, no `..` step,
 * under a name a backup holds, never written through a link or twice; a symlink pointing only down
 * into its own folder (relative, no `..`), a hard link only to an earlier file of the archive; no
 * devices or other special files. Throws naming the first entry refused.
 */
function planRestore(entries: TarEntry[]): Planned[] {
  const kinds = new Map<string, Planned['type']>();
  const plan: Planned[] = [];
  const refuse = (raw: string, why: string) => new BackupError(`--in: refusing the entry ${JSON.stringify(raw)}: ${why}; nothing was restored`);
  const normal = (raw: string): string => {
    if (/[\u0000-\u001f\\]/.test(raw)) throw refuse(raw, 'its name holds a control character or a backslash');
    if (raw.startsWith('/')) throw refuse(raw, 'an absolute path would land outside the data folder');
    const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.includes('..')) throw refuse(raw, 'a ".." step would land outside the data folder');
    if (parts.length === 0) throw refuse(raw, 'it names no file');
    if (!TOP_NAMES.has(parts[0]!)) throw refuse(raw, `a backup holds only ${[...TOP_NAMES].join(', ')}`);
    return parts.join('/');
  };
  for (const e of entries) {
    if (e.type === 'other') throw refuse(e.path, `its type (${JSON.stringify(e.flag)}) is not a file, folder or link`);
    const path = normal(e.path);
    if (kinds.has(path)) throw refuse(e.path, 'it is in the archive twice');
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      const kind = kinds.get(parent);
      if (kind !== undefined && kind !== 'directory') throw refuse(e.path, `it would be written through ${parent}, which is not a folder`);
    }
    if ((path === DB_FILE || path === MANIFEST_FILE) && e.type !== 'file') throw refuse(e.path, 'it must be a file');
    if ((path === 'deployments' || path === 'uploads') && e.type !== 'directory') throw refuse(e.path, 'it must be a folder');
    const entry: Planned = { ...e, path, type: e.type };
    if (e.type === 'symlink') {
      const target = e.linkpath ?? '';
      const steps = target.split('/');
      if (!target || target.startsWith('/') || steps.includes('..') || /[\u0000-\u001f\\]/.test(target)) {
        throw refuse(e.path, `a link in a backup points only down into its own folder, and this one points to ${JSON.stringify(target)}`);
      }
    }
    if (e.type === 'hardlink') {
      const to = normal(e.linkpath ?? '');
      if (kinds.get(to) !== 'file') throw refuse(e.path, `a hard link must name a file earlier in the archive, and ${JSON.stringify(e.linkpath)} is not one`);
      entry.linkTo = to;
    }
    kinds.set(path, entry.type === 'hardlink' ? 'file' : entry.type);
    plan.push(entry);
  }
  if (kinds.get(MANIFEST_FILE) !== 'file' || kinds.get(DB_FILE) !== 'file') {
    throw new BackupError(`--in: not a clinic-gen backup: it holds no ${kinds.has(MANIFEST_FILE) ? DB_FILE : MANIFEST_FILE}; nothing was restored`);
  }
  return plan;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let m: Partial<BackupManifest>;
  try {
    m = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`--in: its ${MANIFEST_FILE} is not JSON: not a clinic-gen backup, or a damaged one; nothing was restored`);
  }
  if (m.format !== 'clinic-gen-backup' || typeof m.formatVersion !== 'number') throw new BackupError(`--in: its ${MANIFEST_FILE} is not a clinic-gen backup's; nothing was restored`);
  if (m.formatVersion > 1) throw new BackupError(`--in: a backup of format ${m.formatVersion}, made by clinic-gen ${m.clinicGenVersion ?? '(newer)'}: upgrade clinic-gen to restore it; nothing was restored`);
  return m as BackupManifest;
}

/** The data key a server started here would use: DATA_KEY or DATA_KEY_FILE, else the key file a single server made (never made here). */
function keyHere(env: Record<string, string | undefined>): { key: DataKey; previous?: DataKey; source: string } | undefined {
  if (env.DATA_KEY || env.DATA_KEY_FILE) {
    try {
      const loaded = loadDataKey({ env, mayCreate: false });
      return { key: loaded.key, previous: loaded.previous, source: env.DATA_KEY ? 'DATA_KEY' : `DATA_KEY_FILE (${env.DATA_KEY_FILE})` };
    } catch (err) {
      throw new BackupError((err as Error).message);
    }
  }
  const file = defaultKeyFile(env);
  if (!existsSync(file)) return undefined;
  const parsed = parseKeyText(readFileSync(file, 'utf8'));
  return parsed.ok ? { key: dataKey(parsed.key), source: `the key file ${file}` } : undefined;
}

/** `clinic-gen restore`: `input` into the data folder of `serve` (--data, the environment), which must be empty or missing. */
export async function restoreTask(o: { input: string; dataDir?: string; env: Record<string, string | undefined> }): Promise<RestoreResult> {
  const { dataDir, keyEnv } = serverData(o.dataDir, o.env, 'restore');
  return restoreDataFolder({ input: o.input, dataDir, keyEnv, shownData: o.dataDir });
}

export interface RestoreOptions {
  input: string;
  dataDir: string;
  /** DATA_KEY, DATA_KEY_FILE, DATA_KEY_PREVIOUS and the folders of the key file: checked against the backup's key id. */
  keyEnv: Record<string, string | undefined>;
  shownData?: string;
}

export async function restoreDataFolder(o: RestoreOptions): Promise<RestoreResult> {
  const root = resolve(o.dataDir);
  const shownData = o.shownData ?? o.dataDir;
  const inStat = await lstat(o.input).catch(() => undefined);
  if (!inStat?.isFile()) throw new BackupError(`--in: ${o.input} is not a file`);
  const rootStat = await lstat(root).catch(() => undefined);
  if (rootStat && !rootStat.isDirectory()) throw new BackupError(`--data: ${shownData} is not a folder`);
  if (rootStat) {
    const present = await readdir(root);
    if (present.length > 0) {
      throw new BackupError(`--data: ${shownData} is not empty (${present.length} ${present.length === 1 ? 'entry' : 'entries'}, like ${present.sort()[0]}): restore only into an empty or missing folder, so that nothing is overwritten or mixed with other data`);
    }
  }

  let entries: TarEntry[];
  try {
    entries = await listTar(o.input);
  } catch (err) {
    if (err instanceof TarFormatError) throw new BackupError(`--in: ${o.input}: ${err.message}; nothing was restored`);
    throw err;
  }
  const plan = planRestore(entries);
  const archive = await open(o.input, 'r');
  let created = false;
  try {
    const manifest = parseManifest(await readEntry(archive, plan.find((e) => e.path === MANIFEST_FILE)!));
    const here = keyHere(o.keyEnv);
    const checkKey = (id: string | null | undefined) => {
      if (!here || !id || here.source.startsWith('the key file')) return;
      if (id !== here.key.id && id !== here.previous?.id) {
        throw new BackupError(
          `DATA_KEY: this backup was written with data key ${id}, and ${here.source} gives key ${here.key.id}: a server given that key would refuse this data. ` +
            'Give the key the data was written with, or unset it to restore without this check; nothing was restored',
        );
      }
    };
    checkKey(manifest.dataKeyId);

    if (!rootStat) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      created = true;
    }
    const folders: Planned[] = [];
    for (const e of plan) {
      // The manifest describes the archive; the data folder has no use for it.
      if (e.path === MANIFEST_FILE) continue;
      const full = join(root, e.path);
      if (e.type === 'directory') {
        await mkdir(full, { recursive: true });
        folders.push(e);
        continue;
      }
      await mkdir(dirname(full), { recursive: true });
      if (e.type === 'file') {
        // wx: never over anything, never through a link someone placed meanwhile.
        const target = await open(full, 'wx', e.mode & 0o777 || 0o600);
        try {
          await copyEntry(archive, e, target);
          await target.datasync();
        } finally {
          await target.close();
        }
        await utimes(full, e.mtime, e.mtime);
      } else if (e.type === 'symlink') await symlink(e.linkpath!, full);
      else await link(join(root, e.linkTo!), full);
    }
    // Folders last, deepest first: their modes could forbid the writes above, and each write touched its time.
    for (const f of folders.reverse()) {
      const full = join(root, f.path);
      await chmod(full, f.mode & 0o777 || 0o755);
      await utimes(full, f.mtime, f.mtime);
    }
    await syncFolder(root);

    const file = join(root, DB_FILE);
    const db = new Database(file, { fileMustExist: true });
    let migrated: number[];
    let schemaVersion: number;
    let messages: number;
    let storedKeyId: string | undefined;
    try {
      const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
      if (problems.join() !== 'ok') throw new BackupError(`--in: the database in the backup fails SQLite's integrity check (${problems.slice(0, 3).join('; ')}); nothing was restored`);
      storedKeyId = peekMeta(db, META.dataKeyId);
      checkKey(storedKeyId);
      try {
        migrated = migrate(db, file);
      } catch (err) {
        if (err instanceof SchemaTooNewError) {
          throw new BackupError(`--in: the backup's database has schema version ${db.pragma('user_version', { simple: true }) as number}, and this clinic-gen knows up to ${MIGRATIONS.at(-1)?.version ?? 0}: restore it with clinic-gen ${manifest.clinicGenVersion} or newer; nothing was restored`);
        }
        throw err;
      }
      schemaVersion = db.pragma('user_version', { simple: true }) as number;
      messages = databaseCounts(db).messages;
    } finally {
      db.close();
    }
    const keyId = storedKeyId ?? manifest.dataKeyId ?? undefined;
    const key: RestoreResult['key'] = !here || !keyId ? { kind: 'none' } : keyId === here.key.id || keyId === here.previous?.id ? { kind: 'matches', source: here.source } : { kind: 'other', source: here.source, id: here.key.id };
    return { dataDir: root, manifest: { ...manifest, dataKeyId: keyId ?? null }, schemaVersion, migrated, messages, key };
  } catch (err) {
    // Leave the folder as it was found: empty, or missing.
    if (created) await rm(root, { recursive: true, force: true });
    else if (rootStat) for (const name of await readdir(root).catch(() => [] as string[])) await rm(join(root, name), { recursive: true, force: true });
    throw err;
  } finally {
    await archive.close();
  }
}
