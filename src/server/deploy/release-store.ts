import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rename, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { SiteBytes } from './files.js';
import { isSiteName } from './names.js';
import { durableRename, removeStale, swapSymlink, tempTag, writeTree } from './release-fs.js';

/**
 * Deployed sites on disk (docs/decisions/003-admin-deploys.md):
 *
 *   <root>/<siteName>/releases/<releaseId>/...   immutable, with a `.release.json` beside the files
 *   <root>/<siteName>/current -> releases/<id>   the live pointer, swapped atomically
 *
 * Every path is built from a checked site name (names.ts) and a release id this module made.
 */
export interface ReleaseMeta {
  id: string;
  createdAt: string;
  domainName?: string;
  businessName?: string;
  city?: string;
  /** The clinic config the site was made from, as the admin sent it: the contact API renders this city's page after a failed form post (decision 010). */
  config?: unknown;
}

export interface DeployInput {
  files: SiteBytes;
  domainName?: string;
  businessName?: string;
  city?: string;
  config?: unknown;
}

export interface ReleaseStoreOptions {
  /** Folder holding one folder per site (`<data>/deployments`). */
  root: string;
  /** Releases kept per site (the live one is always kept). Default 10. */
  keep?: number;
  /** fsync files and folders before switching (default true; off only for throwaway benches). */
  durable?: boolean;
  now?: () => Date;
  /** Test hook: runs after the release is complete on disk, just before the switch. */
  beforeSwitch?: (siteName: string, releaseId: string) => Promise<void>;
}

export const META_FILE = '.release.json';
const RELEASE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/** The release store's operations; expected failures come back as `{ ok: false }`. */
export type ReleaseStore = ReturnType<typeof createReleaseStore>;

/** Opens the release store under `o.root` (created on the first deploy). */
export function createReleaseStore(o: ReleaseStoreOptions) {
  const root = resolve(o.root);
  const keep = o.keep ?? 10;
  const durable = o.durable ?? true;
  const now = o.now ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();

  const siteDir = (site: string) => {
    if (!isSiteName(site)) throw new Error(`not a site name: ${JSON.stringify(site)}`);
    return join(root, site);
  };

  /**
   * One deploy, rollback or delete at a time in this process, across sites: a domain belongs to
   * one live site, and only a check made under the same lock as the switch can keep it so when
   * two deploys claim one domain at once. Deploys are rare; serialising them costs nothing.
   */
  function locked<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The live site other than `except` whose live release has `domain`, if any. Call under the lock. */
  async function domainOwner(domain: string, except: string): Promise<string | undefined> {
    const wanted = domain.toLowerCase();
    for (const { siteName, release } of await list()) if (siteName !== except && release.domainName?.toLowerCase() === wanted) return siteName;
    return undefined;
  }

  async function list(): Promise<{ siteName: string; release: ReleaseMeta }[]> {
    await mkdir(root, { recursive: true });
    await removeStale(root);
    const out: { siteName: string; release: ReleaseMeta }[] = [];
    for (const name of (await readdir(root)).sort()) {
      if (!isSiteName(name)) continue;
      const id = await currentId(name);
      if (id) out.push({ siteName: name, release: await meta(name, id) });
    }
    return out;
  }

  /** The live release id of a site, or undefined (no site, or not deployed yet). */
  async function currentId(site: string): Promise<string | undefined> {
    try {
      const target = await readlink(join(siteDir(site), 'current'));
      const id = target.startsWith('releases/') ? target.slice(9) : '';
      return RELEASE_ID.test(id) ? id : undefined;
    } catch {
      return undefined;
    }
  }

  async function releaseIds(site: string): Promise<string[]> {
    const names = await readdir(join(siteDir(site), 'releases')).catch(() => [] as string[]);
    return names.filter((n) => RELEASE_ID.test(n)).sort();
  }

  async function meta(site: string, id: string): Promise<ReleaseMeta> {
    try {
      return { ...(JSON.parse(await readFile(join(siteDir(site), 'releases', id, META_FILE), 'utf8')) as ReleaseMeta), id };
    } catch {
      return { id, createdAt: releaseTime(id) };
    }
  }

  async function prune(site: string, live: string): Promise<void> {
    const ids = await releaseIds(site);
    const drop = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== live);
    for (const id of drop) await rm(join(siteDir(site), 'releases', id), { recursive: true, force: true });
  }

  return {
    root,
    currentId,
    releaseIds,
    meta,

    /** Writes a new release of `site` and makes it live, unless another live site has its domain (`domainOwner`). */
    deploy(site: string, input: DeployInput): Promise<{ ok: true; release: ReleaseMeta } | { ok: false; error: string; domainOwner?: string }> {
      if (!isSiteName(site)) return Promise.resolve({ ok: false, error: 'not a valid site name' });
      return locked(async () => {
        const owner = input.domainName ? await domainOwner(input.domainName, site) : undefined;
        if (owner) return { ok: false as const, error: `${input.domainName} is the domain of the live site ${owner}`, domainOwner: owner };
        const releases = join(siteDir(site), 'releases');
        await mkdir(releases, { recursive: true });
        await removeStale(releases);
        await removeStale(siteDir(site));
        // Ids sort in deploy order (rollback and pruning rely on it), even for two deploys within
        // a millisecond or a clock that stepped back: never earlier than the newest release.
        const newest = (await releaseIds(site)).pop();
        const newestMs = newest ? Date.parse(releaseTime(newest)) : 0;
        const at = new Date(Math.max(now().getTime(), newestMs + 1));
        const id = `${at.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
        const release: ReleaseMeta = { id, createdAt: at.toISOString(), domainName: input.domainName, businessName: input.businessName, city: input.city, config: input.config };
        const tmp = join(releases, `.tmp-${tempTag()}`);
        try {
          const files = new Map(input.files);
          files.set(META_FILE, new TextEncoder().encode(JSON.stringify(release)));
          await writeTree(tmp, files, durable);
          await durableRename(tmp, join(releases, id), durable);
        } catch (err) {
          await rm(tmp, { recursive: true, force: true });
          throw err;
        }
        await o.beforeSwitch?.(site, id);
        await swapSymlink(join(siteDir(site), 'current'), `releases/${id}`, durable);
        await prune(site, id);
        return { ok: true as const, release };
      });
    },

    /** Makes an earlier release live again: `to`, or the newest one older than the live one. */
    rollback(site: string, to?: string): Promise<{ ok: true; release: ReleaseMeta } | { ok: false; status: 404 | 409; error: string }> {
      if (!isSiteName(site)) return Promise.resolve({ ok: false, status: 404, error: 'no such site' });
      return locked(async () => {
        const live = await currentId(site);
        if (!live) return { ok: false as const, status: 404 as const, error: `no live deployment named ${site}` };
        const ids = await releaseIds(site);
        const target = to ?? ids.filter((id) => id < live).pop();
        if (!target || !ids.includes(target)) {
          return { ok: false as const, status: 409 as const, error: to ? `no release ${to} of ${site}` : `${site} has no earlier release to roll back to` };
        }
        const release = await meta(site, target);
        const owner = release.domainName ? await domainOwner(release.domainName, site) : undefined;
        if (owner) return { ok: false as const, status: 409 as const, error: `${release.domainName} is now the domain of the live site ${owner}` };
        await swapSymlink(join(siteDir(site), 'current'), `releases/${target}`, durable);
        return { ok: true as const, release };
      });
    },

    /** Takes a site offline and deletes it: one rename (readers see it gone at once), then removal. */
    remove(site: string): Promise<boolean> {
      if (!isSiteName(site)) return Promise.resolve(false);
      return locked(async () => {
        const trash = join(root, `.trash-${tempTag()}`);
        try {
          await rename(siteDir(site), trash);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
          throw err;
        }
        await rm(trash, { recursive: true, force: true });
        return true;
      });
    },

    /** Live sites with their live release, by site name. */
    list,

    /** The absolute path of a file of the live release, checked to lie inside it. */
    async livePath(site: string, rel: string): Promise<{ path: string; release: string } | undefined> {
      if (!isSiteName(site)) return undefined;
      const id = await currentId(site);
      if (!id) return undefined;
      const base = join(siteDir(site), 'releases', id);
      const full = resolve(base, rel);
      return full.startsWith(base + sep) ? { path: full, release: id } : undefined;
    },
  };
}

/** `20241121T235501123Z-...` -> ISO time, for a release whose metadata file is unreadable. */
function releaseTime(id: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : new Date(0).toISOString();
}
