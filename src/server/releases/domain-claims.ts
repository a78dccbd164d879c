/** What a claim of a domain gave: the right to make `site` live with it, until `release()`. */
type Claim = { ok: true; release: () => void } | { ok: false; owner: string };

/**
 * One live site per domain, decided in memory: `claim` checks and takes a domain in one
 * synchronous step (no await between them), so of two deploys racing for a domain the first to
 * ask wins and the other is refused before it writes anything. The live sites' domains are read
 * from disk once (`load`) and kept up to date by the store (`live`).
 */
export function domainClaims(load: () => Promise<{ site: string; domain?: string }[]>) {
  const live = new Map<string, string>();
  const pending = new Map<string, { site: string; count: number }>();
  let loaded: Promise<void> | undefined;
  const ready = () =>
    (loaded ??= load().then(
      (sites) => {
        for (const { site, domain } of sites) if (domain) live.set(site, domain.toLowerCase());
      },
      (err: unknown) => {
        loaded = undefined;
        throw err;
      },
    ));
  return {
    ready,
    async claim(site: string, domain: string | undefined): Promise<Claim> {
      await ready();
      if (!domain) return { ok: true, release: () => undefined };
      const wanted = domain.toLowerCase();
      const taken = pending.get(wanted);
      if (taken && taken.site !== site) return { ok: false, owner: taken.site };
      for (const [other, d] of live) if (other !== site && d === wanted) return { ok: false, owner: other };
      const mine = taken ?? { site, count: 0 };
      mine.count += 1;
      pending.set(wanted, mine);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          if (--mine.count === 0) pending.delete(wanted);
        },
      };
    },
    /** Records the domain `site` is now live with (undefined: none, or offline). */
    live(site: string, domain: string | undefined): void {
      if (domain) live.set(site, domain.toLowerCase());
      else live.delete(site);
    },
  };
}
