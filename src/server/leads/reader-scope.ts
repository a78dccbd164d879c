import type { Actor } from '../http/app-env.js';

/**
 * Whose messages a person reads (NOTES.md decision 17), in one place for the inbox's list, its
 * single-message calls, its bulk changes and its event stream: a front desk its chosen cities; one
 * of every city, the cities the server knows (`knownCities`), so a message filed under none is the
 * owners' alone; an owner every message (null). Without `knownCities`, every city's.
 */
export function readerScope(knownCities: (() => Promise<string[]>) | undefined) {
  const scopeOf = async (actor: Pick<Actor, 'role' | 'cities'>): Promise<string[] | null> => {
    if (actor.cities !== null) return actor.cities;
    if (actor.role === 'owner' || !knownCities) return null;
    return knownCities();
  };
  return {
    scopeOf,
    /** Whether `actor` reads a message of `site`. */
    async reads(actor: Pick<Actor, 'role' | 'cities'>, site: string): Promise<boolean> {
      const scope = await scopeOf(actor);
      return scope === null || scope.includes(site);
    },
    /**
     * The scope of an account a message may be given to: an active owner or front desk, else
     * undefined (an editor reads no message, a disabled account nothing).
     */
    async assigneeScope(a: { role: Actor['role']; cities: string[] | null; active: boolean } | undefined): Promise<string[] | null | undefined> {
      if (!a || !a.active || (a.role !== 'owner' && a.role !== 'frontdesk')) return undefined;
      return scopeOf({ role: a.role, cities: a.role === 'owner' ? null : a.cities });
    },
  };
}
