import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { validRecord, type SiteRecord } from './manifest.js';
import { safeJoin } from './write-site.js';

/**
 * What the brand site's build (brand-site.ts) keeps on disk besides the site: its record beside
 * the site folder, and the file operations on the brand's own files and the location folders.
 */

export const FORMAT = 1;

export interface BrandManifest {
  tool: 'clinic-gen';
  format: number;
  note: string;
  /** The locations built, by folder (`locations/fl/tampa`). */
  locations: Record<string, Omit<SiteRecord, 'slug'>>;
  /** The brand's own files written, by path. */
  files: string[];
  /** The digest of everything the brand's own files were made from (brandDigest): equal, they are as written. */
  brand?: string;
}

/** Where the brand build keeps what it wrote: beside the site folder, never in it. */
export function brandManifestPath(outDir: string): string {
  const abs = resolve(outDir);
  return join(dirname(abs), `.${basename(abs)}.clinic-gen-brand.json`);
}

export function readBrandManifest(path: string): BrandManifest {
  const empty: BrandManifest = { tool: 'clinic-gen', format: FORMAT, note: NOTE, locations: {}, files: [] };
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as Partial<BrandManifest>;
    if (m.tool !== 'clinic-gen' || m.format !== FORMAT || !m.locations || !Array.isArray(m.files)) return empty;
    // A damaged record is no record: that location is built again, as a many-city build does.
    const locations = Object.fromEntries(Object.entries(m.locations).filter(([, r]) => validRecord({ slug: '', ...(r as object) })));
    return { ...empty, locations: locations as BrandManifest['locations'], files: m.files.filter((f) => typeof f === 'string'), ...(typeof m.brand === 'string' ? { brand: m.brand } : {}) };
  } catch {
    return empty;
  }
}

export const NOTE = 'Written by clinic-gen build --site: the files of the brand site beside this file that it wrote. Not part of any site.';

export function writeBrandManifest(path: string, m: BrandManifest): void {
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(m));
  renameSync(tmp, path);
}

/** Writes a brand file only when its bytes changed (through a temporary file and a rename): an unchanged file keeps its inode and time. */
export function writeIfChanged(root: string, name: string, content: string | Uint8Array): boolean {
  const path = safeJoin(root, name);
  const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  try {
    if (readFileSync(path).equals(bytes)) return false;
  } catch {
    // not there yet
  }
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
  return true;
}

/** Whether `dir` holds nothing but `files` (a folder the build wrote and nobody added to). */
export function onlyFiles(dir: string, files: readonly string[]): boolean {
  const owned = new Set(files);
  const walk = (d: string, prefix: string): boolean => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return true;
    }
    return entries.every((e) => (e.isDirectory() ? walk(join(d, e.name), `${prefix}${e.name}/`) : owned.has(`${prefix}${e.name}`)));
  };
  return walk(dir, '');
}

/** Removes `dir` and its parents up to (not including) `root` while they are empty. */
export function pruneEmpty(root: string, dir: string): void {
  for (let d = dir; d.startsWith(`${root}/`); d = dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
  }
}

/** Temporary and old folders of locations a killed build left beside them (write-site.ts names them `.<name>.tmp-*`, `.<name>.old-*`). */
export function removeLeftovers(outDir: string, folders: readonly string[]): void {
  const parents = new Set(folders.map((f) => dirname(join(outDir, f))));
  for (const parent of parents) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const n of names) if (/^\..+\.(tmp|old)-\d+-[0-9a-f]{8}$/.test(n) && lstatSync(join(parent, n)).isDirectory()) rmSync(join(parent, n), { recursive: true, force: true });
  }
}
