import { DB_FILE } from '../store/sqlite-server-store.js';
import { BackupError } from './backup-error.js';
import { MANIFEST_FILE } from './manifest.js';
import type { TarEntry } from './tar-format.js';

/** The names a backup holds at its top; restore refuses anything else. */
export const TOP_NAMES = new Set([MANIFEST_FILE, DB_FILE, 'deployments', 'uploads']);

/** An entry restore will write, its path checked and normalized. */
export interface Planned extends TarEntry {
  type: 'file' | 'directory' | 'symlink' | 'hardlink';
  /** A hard link's earlier entry, normalized. */
  linkTo?: string;
}

/**
 * Every entry of the archive checked before anything is written: a relative path, no `..` step,
 * under a name a backup holds, never written through a link or twice; a symlink pointing only down
 * into its own folder (relative, no `..`), a hard link only to an earlier file of the archive; no
 * devices or other special files. Throws naming the first entry refused, its message ending with
 * `after` (what restore did not do).
 */
export function planRestore(entries: TarEntry[], after = '; nothing was restored'): Planned[] {
  const kinds = new Map<string, Planned['type']>();
  const plan: Planned[] = [];
  const refuse = (raw: string, why: string) => new BackupError(`--in: refusing the entry ${JSON.stringify(raw)}: ${why}${after}`);
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
    throw new BackupError(`--in: not a clinic-gen backup: it holds no ${kinds.has(MANIFEST_FILE) ? DB_FILE : MANIFEST_FILE}${after}`);
  }
  return plan;
}
