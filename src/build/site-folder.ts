import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, parse, relative, resolve, sep } from 'node:path';
import { fileBytes, sameContent, type SiteFiles } from '../model/files.js';
import { siteFolderForeign, siteFolderKept } from '../texts/cli.js';
import type { Message } from '../texts/message.js';

/**
 * The marker earlier versions of `build` wrote into each site folder, listing its files. What build
 * knows of its output now lives beside the site folders (manifest.ts), never in them; a folder
 * that still carries this marker (built by an earlier version) is still recognised as build's own,
 * and the marker goes with the folder when the site is written again.
 */
export const MARKER = '.clinic-gen-site';

/** A folder a site may not replace nor hold, and how a message names it ("the folder of x.yaml"). */
export interface KeepFolder {
  path: string;
  what: string;
}

/** What a folder may hold and still be replaced without --force. */
export interface Owned {
  /**
   * The files build wrote there, by site path, as the manifest lists them. Absent: the folder is
   * not in the manifest, and the marker of an earlier version, if any, says.
   */
  owned?: readonly string[];
  /**
   * The site about to be written there: a file with the very bytes it is about to write at the
   * same path is no loss to replace. A build killed after moving a site into place but before
   * recording it in the manifest left such a folder; the next build of the same inputs takes it.
   */
  incoming?: SiteFiles;
}

/**
 * Why `build` must not replace `target`, or undefined when it may. Folders that must survive
 * (kept) are refused even with `force`; otherwise a folder that holds anything build did not write
 * (see Owned) is refused unless `force`. A missing or empty folder is always fine.
 */
export function whyNotReplace(target: string, opts: { force?: boolean; keep?: KeepFolder[]; cwd?: string } & Owned): Message | undefined {
  const shown = shownPath(target, opts.cwd);
  const t = real(target);
  const always: KeepFolder[] = [
    { path: parse(t).root, what: 'the root of the file system' },
    { path: homedir(), what: 'your home folder' },
    { path: opts.cwd ?? process.cwd(), what: 'the working folder' },
    { path: process.cwd(), what: 'the working folder' },
  ];
  for (const k of [...always, ...(opts.keep ?? [])]) {
    const dir = keptReal(k.path);
    if (t === dir) return siteFolderKept(shown, `it is ${k.what}`);
    if (dir.startsWith(t.endsWith(sep) ? t : t + sep)) return siteFolderKept(shown, `it holds ${k.what}`);
  }
  if (opts.force) return undefined;
  const foreign = foreignFiles(target, 3, opts);
  if (foreign.length === 0) return undefined;
  const listed = foreign.length > 2 ? `${foreign.slice(0, 2).join(', ')}, ...` : foreign.join(', ');
  return siteFolderForeign(shown, listed);
}

/**
 * Up to `max` files under `dir` that build did not write (see Owned; none when `dir` does not
 * exist). Links are not followed: a link is a file of its own, and never leads the walk elsewhere.
 */
export function foreignFiles(dir: string, max: number, { owned, incoming }: Owned = {}): string[] {
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    return [];
  }
  if (!st.isDirectory()) return [parse(dir).base];
  const listed = new Set(owned ?? readMarker(dir));
  const same = (name: string) => {
    if (!incoming || !Object.hasOwn(incoming, name)) return false;
    try {
      const bytes = fileBytes(incoming[name]!);
      return lstatSync(join(dir, name)).size === bytes.byteLength && sameContent(readFileSync(join(dir, name)), bytes);
    } catch {
      return false;
    }
  };
  const found: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (found.length >= max) return;
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(name);
      else if (name !== MARKER && !listed.has(name) && !(e.isFile() && same(name))) found.push(name);
    }
  };
  walk('');
  return found;
}

/** The files a folder's marker lists; none when it has no marker or one clinic-gen did not write. */
function readMarker(dir: string): string[] {
  try {
    const m = JSON.parse(readFileSync(join(dir, MARKER), 'utf8')) as { tool?: unknown; files?: unknown };
    return m.tool === 'clinic-gen' && Array.isArray(m.files) ? m.files.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The real paths of kept folders (the root, home, working and config folders), looked up once a
 * build run instead of twice a city: a run of 1,000 cities spent about 5% of its time resolving the
 * same five folders. `forgetKeptFolders` starts a run; the folder being replaced is always
 * resolved afresh.
 */
const keptReals = new Map<string, string>();

export function forgetKeptFolders(): void {
  keptReals.clear();
}

function keptReal(p: string): string {
  let r = keptReals.get(p);
  if (r === undefined) keptReals.set(p, (r = real(p)));
  return r;
}

/** The real path where it exists (links resolved), else the path as resolved. */
function real(p: string): string {
  try {
    // A site folder not written yet is the common case: asked first, it costs no exception, whose
    // stack trace made realpathSync of a missing folder cost 40 us (twice a city in a build).
    return lstatSync(p, { throwIfNoEntry: false }) ? realpathSync(p) : resolve(p);
  } catch {
    return resolve(p);
  }
}

/** A folder as a message names it: relative to the working folder when inside it. */
function shownPath(dir: string, cwd = process.cwd()): string {
  const rel = relative(cwd, dir);
  if (rel === '') return '.';
  return rel.startsWith('..') || parse(rel).root ? dir : rel;
}
