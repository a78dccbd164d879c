import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { SiteBytes } from '../bundle/files.js';
import { keyedSerial } from '../http/serial.js';
import { domainClaims } from './domain-claims.js';
import { checkFileName, isSiteName } from '../bundle/names.js';
import { durableRename, livePointer, removeStale, settleTemp, swapSymlink, tempTag, writeTree } from './disk-files.js';
import { newRelease, RELEASE_ID, releaseTime, type DeployInput, type DeployResult, type ReleaseMeta, type ReleaseStore, type ReleaseSummary, type RollbackResult } from './store.js';

/**
 * Deployed sites on disk (docs/decisions/003-admin-deploys.md):
 *
 *   <root>/<siteName>/releases/<releaseId>/...   immutable, with a `.release.json` beside the files
 *   <root>/<siteName>/current -> releases/<id>   the live pointer, swapped atomically
 *
 * Every path is built from a checked site name (names.ts) and a release id this module made.
 */
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
/**
 * Opens the release store under `o.root` (created on the first deploy).
 *
 * Concurrency: each site has its own queue (release ids in deploy order, pruning, sweeping its
 * leftovers), so deploys of different sites write their files at the same time; redeploying a
 * hundred cities is bound by the disk, not by one lock. What must hold across sites, one live
 * site per domain, is checked and claimed synchronously in memory (release-domains.ts) before
 * anything is written, and the claim is held until the switch: no two deploys can both win a
 * domain, and a refused deploy writes nothing. The in-memory map of live domains is read from
 * disk once; this process is the only writer of its deployments folder (the server owns its data
 * folder; the CLI never deploys).
 */
export function createReleaseStore(o: ReleaseStoreOptions): ReleaseStore & { root: string } {
  const root = resolve(o.root);
  const keep = o.keep ?? 10;
  const durable = o.durable ?? true;
  const now = o.now ?? (() => new Date());
  /** Sites whose leftovers of earlier processes were swept by this one. */
  const swept = new Set<string>();
  /** Immutable once written, so read once: the summaries of each release the lists show. */
  const summaries = new Map<string, Omit<ReleaseSummary, 'live'>>();
  const domains = domainClaims(async () => (await list()).map(({ siteName, release }) => ({ site: siteName, domain: release.domainName })));

  const siteDir = (site: string) => {
    if (!isSiteName(site)) throw new Error(`not a site name: ${JSON.stringify(site)}`);
    return join(root, site);
  };

  /** One deploy, rollback or delete of `site` at a time; other sites go on meanwhile. */
  const locked = keyedSerial();

  async function list(): Promise<{ siteName: string; release: ReleaseMeta }[]> {
    await mkdir(root, { recursive: true });
    await removeStale(root);
    const names = (await readdir(root)).filter(isSiteName).sort();
    // Read side by side: a hundred sites are a hundred links and metadata files.
    const out = await Promise.all(
      names.map(async (name) => {
        const id = await currentId(name);
        return id ? { siteName: name, release: await meta(name, id) } : undefined;
      }),
    );
    return out.filter((x) => x !== undefined);
  }

  /** The live release id of a site, or undefined (no site, or not deployed yet). */
  async function currentId(site: string): Promise<string | undefined> {
    if (!isSiteName(site)) return undefined;
    const live = await livePointer(siteDir(site));
    if (live?.as !== 'text') return live?.id;
    // A pointer left as text counts while its release is there; the next deploy or rollback writes a real link.
    return (await stat(join(siteDir(site), 'releases', live.id)).then((s) => s.isDirectory(), () => false)) ? live.id : undefined;
  }

  async function releaseIds(site: string): Promise<string[]> {
    if (!isSiteName(site)) return [];
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

  /** Every release of a site, newest first, with the stored config version each was built from. */
  async function history(site: string): Promise<ReleaseSummary[]> {
    if (!isSiteName(site)) return [];
    const [ids, live] = await Promise.all([releaseIds(site), currentId(site)]);
    const out = await Promise.all(
      ids.reverse().map(async (id) => {
        const key = `${site}/${id}`;
        let s = summaries.get(key);
        if (!s) {
          const m = await meta(site, id);
          s = { id, createdAt: m.createdAt, citySlug: m.citySlug, configVersion: typeof m.configVersion === 'number' ? m.configVersion : undefined, ...(typeof m.deployedBy === 'string' && m.deployedBy ? { deployedBy: m.deployedBy } : {}) };
          summaries.set(key, s);
        }
        return { ...s, live: id === live };
      }),
    );
    return out;
  }

  async function prune(site: string, live: string): Promise<void> {
    const ids = await releaseIds(site);
    const drop = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== live);
    for (const id of drop) {
      summaries.delete(`${site}/${id}`);
      // Renamed away first, in one step: a reader (a backup, a preview) finds the release whole or
      // gone, never half-deleted (rm takes a folder's files before the folder itself).
      const trash = join(siteDir(site), 'releases', `.trash-${tempTag()}`);
      try {
        await rename(join(siteDir(site), 'releases', id), trash);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      await rm(trash, { recursive: true, force: true });
      settleTemp(trash);
    }
  }

  /** The absolute path of a file of a release, checked to lie inside it. */
  function inRelease(site: string, id: string, rel: string): string | undefined {
    if (!isSiteName(site)) return undefined;
    const base = join(siteDir(site), 'releases', id);
    const full = resolve(base, rel);
    return full.startsWith(base + sep) ? full : undefined;
  }

  /** Leftovers of deploys that died with an earlier process; once a site a process, under its queue. */
  async function sweep(site: string, releases: string): Promise<void> {
    if (swept.has(site)) return;
    await removeStale(releases);
    await removeStale(siteDir(site));
    swept.add(site);
  }

  return {
    root,
    currentId,
    releaseIds,
    meta,
    history,

    /** Writes a new release of `site` and makes it live, unless another live site has its domain (`domainOwner`). */
    async deploy(site: string, input: DeployInput): Promise<DeployResult> {
      if (!isSiteName(site)) return { ok: false, error: 'not a valid site name' };
      const claim = await domains.claim(site, input.domainName);
      if (!claim.ok) return { ok: false, error: `${input.domainName} is the domain of the live site ${claim.owner}`, domainOwner: claim.owner };
      try {
        return await locked(site, async () => {
          const releases = join(siteDir(site), 'releases');
          await mkdir(releases, { recursive: true });
          await sweep(site, releases);
          const release = newRelease(input, (await releaseIds(site)).pop(), now());
          const id = release.id;
          const tmp = join(releases, `.tmp-${tempTag()}`);
          try {
            const files = new Map(input.files);
            files.set(META_FILE, new TextEncoder().encode(JSON.stringify(release)));
            // Files the live release already holds byte for byte are linked, not written again.
            const live = await currentId(site);
            await writeTree(tmp, files, durable, live ? join(releases, live) : undefined);
            await durableRename(tmp, join(releases, id), durable);
          } catch (err) {
            await rm(tmp, { recursive: true, force: true });
            throw err;
          }
          await o.beforeSwitch?.(site, id);
          await swapSymlink(join(siteDir(site), 'current'), `releases/${id}`, durable);
          domains.live(site, input.domainName);
          await prune(site, id);
          return { ok: true as const, release };
        });
      } finally {
        claim.release();
      }
    },

    /** Makes an earlier release live again: `to`, or the newest one older than the live one. */
    rollback(site: string, to?: string): Promise<RollbackResult> {
      if (!isSiteName(site)) return Promise.resolve({ ok: false, status: 404, error: 'no such site' });
      return locked(site, async () => {
        const live = await currentId(site);
        const ids = await releaseIds(site);
        // Nothing live (a first deploy stopped before its switch): a release named is made live ("Make live"), nothing else.
        if (!live && (to === undefined || !ids.includes(to))) return { ok: false as const, status: 404 as const, error: `no live deployment named ${site}` };
        const target = to ?? ids.filter((id) => id < live!).pop();
        if (!target || !ids.includes(target)) {
          return { ok: false as const, status: 409 as const, error: to ? `no release ${to} of ${site}` : `${site} has no earlier release to roll back to` };
        }
        const release = await meta(site, target);
        const claim = await domains.claim(site, release.domainName);
        if (!claim.ok) return { ok: false as const, status: 409 as const, error: `${release.domainName} is now the domain of the live site ${claim.owner}` };
        try {
          await swapSymlink(join(siteDir(site), 'current'), `releases/${target}`, durable);
          domains.live(site, release.domainName);
        } finally {
          claim.release();
        }
        return { ok: true as const, release };
      });
    },

    /** Takes a site offline and deletes it: one rename (readers see it gone at once), then removal. */
    remove(site: string): Promise<boolean> {
      if (!isSiteName(site)) return Promise.resolve(false);
      return locked(site, async () => {
        await domains.ready();
        const trash = join(root, `.trash-${tempTag()}`);
        try {
          await rename(siteDir(site), trash);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
          throw err;
        }
        domains.live(site, undefined);
        swept.delete(site);
        for (const key of summaries.keys()) if (key.startsWith(`${site}/`)) summaries.delete(key);
        await rm(trash, { recursive: true, force: true });
        return true;
      });
    },

    /** Live sites with their live release, by site name. */
    list,

    /**
     * A file of the live release. The pointer is read once, so one answer comes from one release; if
     * the release vanished in between (pruned by a deploy), the pointer is read again.
     */
    async readLive(site: string, name: string): Promise<Uint8Array | undefined> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const id = await currentId(site);
        if (!id) return undefined;
        const full = inRelease(site, id, name);
        if (!full) return undefined;
        try {
          return await readFile(full);
        } catch {
          if ((await currentId(site)) === id) return undefined;
        }
      }
      return undefined;
    },

    async releaseFiles(site: string, id: string): Promise<SiteBytes | undefined> {
      if (!isSiteName(site) || !RELEASE_ID.test(id)) return undefined;
      const dir = join(siteDir(site), 'releases', id);
      const files: SiteBytes = new Map();
      const walk = async (rel: string): Promise<void> => {
        for (const d of await readdir(join(dir, rel), { withFileTypes: true })) {
          const name = rel ? `${rel}/${d.name}` : d.name;
          if (d.isDirectory() && !d.name.startsWith('.')) await walk(name);
          else if (d.isFile() && name !== META_FILE && checkFileName(name).ok) files.set(name, await readFile(join(dir, name)));
        }
      };
      try {
        await walk('');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      return files;
    },
  };
}
