import { existsSync, readFileSync } from 'node:fs';
import { chmod, link, lstat, mkdir, open, readdir, rm, symlink, utimes } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { TarFormatError } from './tar-format.js';
import { copyEntry } from './tar-reader.js';
import { dataKey, defaultKeyFile, loadDataKey, parseKeyText, type DataKey } from '../crypto/data-key.js';
import { META } from '../crypto/server-keys.js';
import { migrate, MIGRATIONS, SchemaTooNewError } from '../sqlite/migrations.js';
import { peekMeta } from '../sqlite/meta.js';
import { DB_FILE } from '../store/sqlite-server-store.js';
import { MANIFEST_FILE, BackupError, serverData, databaseCounts, syncFolder, type RestoreResult } from './backup.js';
import type { Planned } from './restore-plan.js';
import { archiveEntries, verifyArchive } from './verify.js';

/**
 * `clinic-gen restore` (issue 22): a backup made by backup.ts put into an empty data folder, every
 * entry checked before anything is written, and every byte against the manifest's checksums
 * (verify.ts, issue 38): nothing at all is written from a damaged archive.
 */

const NOTHING = '; nothing was restored';

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

  const entries = await archiveEntries(o.input, NOTHING);
  const archive = await open(o.input, 'r');
  let created = false;
  try {
    const verified = await verifyArchive(archive, entries, NOTHING);
    if (!verified.ok) throw new BackupError(`--in: ${o.input}: ${verified.error}; nothing was restored: restore from another backup`);
    const { manifest, plan } = verified;
    /** Each file's SHA-256 in the manifest, checked again as it is copied: the archive may change after it was verified. */
    const sums = new Map((verified.checked ? (manifest.entries ?? []) : []).map((m) => [m.path, m.sha256]));
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
      await mkdir(dirname(full), { recursive: true, mode: 0o700 });
      if (e.type === 'file') {
        // wx: never over anything, never through a link someone placed meanwhile.
        // The owner's alone, whatever the archive says (issue 38 item 6): its bits for group and others are dropped.
        const target = await open(full, 'wx', e.mode & 0o700 || 0o600);
        try {
          const sha256 = await copyEntry(archive, e, target);
          if (verified.checked && sums.get(e.path) !== sha256) throw new BackupError(`--in: ${o.input}: ${e.path} changed while it was restored (its SHA-256 is not its manifest's)${NOTHING}`);
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
      await chmod(full, 0o700);
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
    const checked = verified.checked ? { files: verified.files, bytes: verified.bytes } : undefined;
    return { dataDir: root, manifest: { ...manifest, dataKeyId: keyId ?? null }, verified: checked, schemaVersion, migrated, messages, key };
  } catch (err) {
    // Leave the folder as it was found: empty, or missing.
    if (created) await rm(root, { recursive: true, force: true });
    else if (rootStat) for (const name of await readdir(root).catch(() => [] as string[])) await rm(join(root, name), { recursive: true, force: true });
    if (err instanceof TarFormatError) throw new BackupError(`--in: ${o.input}: ${err.message}${NOTHING}`);
    throw err;
  } finally {
    await archive.close();
  }
}
