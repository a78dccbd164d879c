import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The build manifest: what `build` knows of the site folders it wrote into one folder, kept beside
 * them in `<folder>/.clinic-gen-build.json`, never inside a site (a host that uploads a site
 * folder publishes everything in it). A many-city build into `public/` keeps `public/.clinic-gen-build.json`
 * for `public/tampa/`, `public/orlando/`...; a one-city build with an exact `--out site/` keeps
 * the manifest of the folder holding `site/` (`./.clinic-gen-build.json`), under the name `site`.
 *
 * For each site folder, by its name: the config it was built from, the digest of everything its
 * files were made from (inputs.ts), every file written, and a stamp of each of its folders. Build
 * replaces a folder only while it holds nothing but those files; it leaves a folder alone when the
 * digest is the same and no folder's stamp changed; it removes a folder whose config is gone.
 *
 * Only the main thread of a build reads and writes it (workers hand back what they wrote), each
 * time whole, through a temporary file and a rename, and only for sites already in place: a build
 * killed at any point leaves a manifest that claims no folder is newer than it is.
 */
export const MANIFEST = '.clinic-gen-build.json';

/** The manifest's format; another one is read as an empty manifest (every city is rebuilt). */
const FORMAT = 1;

/** What build recorded of one site folder. */
export interface SiteRecord {
  /** The config it was built from, relative to the manifest's folder. */
  config: string;
  /** The city's slug (the folder's name in a many-city build). */
  slug: string;
  /** The digest of every input of the site's files (inputs.ts): equal digests, equal files. */
  digest: string;
  /** The SHA-256 of the config's text: the same text needs no parsing to know its digest. */
  text: string;
  /**
   * The config file's stamp (asset-source.ts fileStamp: device, inode, size, times), taken before
   * its text was read: the same stamp, the same text, and a rebuild of 1,000 cities need not read
   * and hash each config. Absent when the file had just changed (a stamp then proves nothing).
   */
  stamp?: string;
  /** The digest of the config as validated (inputs.ts, configHash), a part of `digest`. */
  configDigest: string;
  /** The site paths of the files the config names (logo, photos), whose bytes are part of `digest`. */
  assets: string[];
  /**
   * Every file of the site by site path, one a line. (One string, not a list: a manifest of 1,000
   * cities of 60 files each reads several times faster.)
   */
  files: string;
  /**
   * Every folder of the site and its stamp when build had put the site in place (dirStamp), one
   * `<stamp> <folder>` a line, the site folder itself first with no name: a file added, removed
   * or renamed in a folder changes its stamp.
   */
  dirs: string;
  /** The build's warnings about the city, each with `{config}` where the config's name goes. */
  warnings: string[];
  /**
   * For a config with special hours: its time zone and the days the entries shown change on
   * (inputs.ts, datedOf), so that a build tells without the config whether the day moved the site on.
   */
  dated?: string;
}

export interface Manifest {
  sites: Record<string, SiteRecord>;
}

const NOTE =
  'Written by clinic-gen build: the site folders beside this file that it wrote, and what each was made from. ' +
  'It replaces or removes a folder only while the folder holds nothing but the files listed here. Not part of any site.';

/** The manifest of `dir`: empty when there is none, or it cannot be read. */
export function readManifest(dir: string): Manifest {
  try {
    const m = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { tool?: unknown; format?: unknown; sites?: unknown };
    if (m.tool !== 'clinic-gen' || m.format !== FORMAT || !m.sites || typeof m.sites !== 'object') return { sites: {} };
    const sites: Record<string, SiteRecord> = {};
    for (const [name, r] of Object.entries(m.sites as Record<string, unknown>)) if (validRecord(r)) sites[name] = r;
    return { sites };
  } catch {
    return { sites: {} };
  }
}

export function validRecord(r: unknown): r is SiteRecord {
  if (!r || typeof r !== 'object') return false;
  const x = r as Record<string, unknown>;
  return (
    ['config', 'slug', 'digest', 'text', 'configDigest', 'files', 'dirs'].every((k) => typeof x[k] === 'string') &&
    Array.isArray(x.assets) &&
    x.assets.every((a) => typeof a === 'string') &&
    Array.isArray(x.warnings) &&
    x.warnings.every((w) => typeof w === 'string') &&
    (x.dated === undefined || typeof x.dated === 'string') &&
    (x.stamp === undefined || typeof x.stamp === 'string')
  );
}

/**
 * Writes the manifest of `dir` whole: into a temporary file, then renamed over the old one, so a
 * reader (or a build killed meanwhile) sees the old manifest or the new one, never half of one.
 * A manifest with no sites left is removed.
 */
export function writeManifest(dir: string, manifest: Manifest): void {
  const file = join(dir, MANIFEST);
  const names = Object.keys(manifest.sites).sort();
  if (names.length === 0) {
    rmSync(file, { force: true });
    return;
  }
  const sites = Object.fromEntries(names.map((n) => [n, manifest.sites[n]]));
  const tmp = `${file}.tmp-${tempTag()}`;
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(tmp, `${JSON.stringify({ tool: 'clinic-gen', format: FORMAT, note: NOTE, sites })}\n`);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** `<pid>-<8 hex>`: the tag of this process's temporary files and folders (write-site.ts too). */
export function tempTag(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** The temporary names a build gives: `.<site>.tmp-<tag>`, `.<site>.old-<tag>`, `.clinic-gen-build.json.tmp-<tag>`. */
const LEFTOVER = /^\.(.+)\.(tmp|old)-(\d+)-[0-9a-f]{8}$/;

/**
 * Removes, from `dir`, what builds killed mid-way left behind: a site's temporary folder, the old
 * folder of a site being replaced, a manifest being written. Only names build gives them, only of
 * a process that is gone (or has this process's pid: a container restarted often reuses it), and,
 * when `sites` is given, only of those site folders (a one-city build's folder may sit among
 * folders that are not build's). Another build at work is left alone.
 */
export function removeLeftovers(dir: string, sites?: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = LEFTOVER.exec(name);
    if (!m) continue;
    const of = m[1]!;
    if (of !== MANIFEST.slice(1) && sites && !sites.has(of)) continue;
    if (of === MANIFEST.slice(1) && m[2] !== 'tmp') continue;
    const pid = Number(m[3]);
    if (pid !== process.pid && alive(pid)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** True when a process with this pid is running (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A folder's stamp: its inode and the time its entries last changed (ctime, which no program can
 * set back). Creating, removing or renaming anything in the folder changes it; a folder moved
 * into place by another build is another inode. Undefined when there is no such folder.
 */
export function dirStamp(dir: string): string | undefined {
  const st = lstatSync(dir, { throwIfNoEntry: false });
  return st?.isDirectory() ? `${st.ino}:${st.ctimeMs}` : undefined;
}

/** The files a record lists. */
export function fileNames(r: Pick<SiteRecord, 'files'>): string[] {
  return r.files ? r.files.split('\n') : [];
}

/** How many files a record lists. */
export function fileCount(r: Pick<SiteRecord, 'files'>): number {
  if (!r.files) return 0;
  let n = 1;
  for (let i = r.files.indexOf('\n'); i !== -1; i = r.files.indexOf('\n', i + 1)) n++;
  return n;
}

/** The files of a site as a record lists them. */
export function fileList(names: readonly string[]): string {
  return [...names].sort().join('\n');
}

/** The stamps of a site's folders (SiteRecord.dirs), from the names of its files, once it is in place. */
export function siteDirStamps(dir: string, files: readonly string[]): string {
  const rels = new Set<string>();
  for (const f of files) for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) rels.add(f.slice(0, i));
  const lines: string[] = [];
  for (const rel of ['', ...[...rels].sort()]) {
    const stamp = dirStamp(rel ? join(dir, rel) : dir);
    if (stamp) lines.push(rel ? `${stamp} ${rel}` : stamp);
  }
  return lines.join('\n');
}

/**
 * True when `dir` is still the site build put there, whole: every folder of the site has the
 * stamp recorded when the site was put in place. A file of the site removed, renamed or added
 * beside it, the folder replaced (by a build killed before it recorded the new one), all show:
 * one stat a folder, not one a file (about 15 a city instead of 60). A file edited in place
 * does not; `--force` rebuilds it. (On a kernel with coarse file times, a change within the same
 * few milliseconds as the stamp, made while build is still at work, would not either.)
 */
export function intact(dir: string, dirs: string): boolean {
  if (!dirs) return false;
  // Read in place, the folder's path joined by hand: a rebuild of 1,000 unchanged cities makes
  // 13,000 of these checks, and split() and path.join() were a third of their cost. A folder name
  // the manifest holds is one build wrote (site paths, `/` between folders, which every platform
  // takes); one edited by hand only makes a stamp that does not match, and the city is rebuilt.
  for (let at = 0; at < dirs.length; ) {
    let end = dirs.indexOf('\n', at);
    if (end === -1) end = dirs.length;
    const space = dirs.indexOf(' ', at);
    const named = space !== -1 && space < end;
    if (dirStamp(named ? `${dir}${sep}${dirs.slice(space + 1, end)}` : dir) !== dirs.slice(at, named ? space : end)) return false;
    at = end + 1;
  }
  return true;
}
