import type { ReleaseStore } from './store.js';

/**
 * Host name -> site name of the live deployments that have a domain: the sites listener serves a
 * site on its domain by the Host header and answers to those names. Read from disk on first use
 * and again after each change this process makes (`changed()`).
 */
export interface DomainIndex {
  get(): Promise<ReadonlyMap<string, string>>;
  /** Forgets the cached map after a deploy, rollback or delete. */
  changed(): void;
}

/** The domain index of a release store; `onChange` hears of each change too (the contact API's site directory). */
export function domainIndex(store: ReleaseStore, onChange?: () => void): DomainIndex {
  let cached: Promise<Map<string, string>> | undefined;
  const load = async () => {
    const map = new Map<string, string>();
    for (const { siteName, release } of await store.list()) if (release.domainName) map.set(release.domainName.toLowerCase(), siteName);
    return map;
  };
  return {
    get() {
      cached ??= load().catch((err: unknown) => {
        cached = undefined;
        throw err;
      });
      return cached;
    },
    changed() {
      cached = undefined;
      onChange?.();
    },
  };
}
