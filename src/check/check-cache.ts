import type { ClinicConfig } from '../config/schema.js';
import type { Placement } from '../pages/placement.js';
import { localText } from './local-text.js';
import { configValues, normaliserOf, placeholders } from './page-text.js';
import { compareCities, type CheckInput, type CheckOptions, type CheckReport } from './run-check.js';

/**
 * The doorway check with each city's own text kept between checks (issue 39 item 7: the check
 * after a save of one of 50 cities within 300 ms). Reading a city's pages costs about 30 ms (its
 * text pulled out of some 50 pages, site and template, split into words and five-word runs); the
 * comparison of 50 cities' own texts costs a few. A check after a save reads the saved city again
 * and takes the others' from here.
 *
 * The reports are the same as checkSites's: a city's own text depends on its config and on the
 * names and contact details of every city of the check (set aside by the normaliser), so each kept
 * text remembers the map of values it was read with, and every word its pages said. Under another
 * map it is read again only if a run of words the two maps differ on could occur in its pages (all
 * of the run's words are among its words): a city renamed, or with a new phone, changes no other
 * city's text unless that text says the old or new value.
 */
export interface CachedInput {
  source: string;
  /** What the city is read from (a hash of its saved YAML and placement): equal keys, equal cities. */
  key: string;
  /** The city's config (and placement), read only when no text is kept for `key`; undefined leaves the city out of the check. */
  read: () => { config: ClinicConfig; placement?: Placement } | undefined;
}

export interface CheckCache {
  /** checkSites over the cities, each read only when its key is new. */
  check(items: readonly CachedInput[], opts?: CheckOptions): CheckReport;
  /** Each city kept, with the keys kept of it, most recent first. */
  held(): Map<string, string[]>;
  /** The cities whose pages the last check read (the others' texts were kept ones). */
  lastRead(): string[];
}

/** Versions kept of a city: the one saved, and one more (a deploy's generated config, the version before). */
const PER_CITY = 2;

interface Entry {
  key: string;
  /** Undefined: the city could not be read (a version the schema no longer takes), left out. */
  input: CheckInput | undefined;
  values?: Record<string, string[]>;
  local?: Uint32Array;
  /** Every word the city's pages were read with, before its values were set aside. */
  seen?: Set<string>;
  /** The map of values `local` was read with. */
  under?: ReadonlyMap<string, string>;
}

type Read = Entry & { input: CheckInput };

/**
 * A cache for one set of cities (the saved cities, the brand site's): a city missing from a check
 * is dropped at its end (deleted, or no longer listed), so what is kept is bounded by the cities
 * of the last check, at most PER_CITY versions each.
 */
export function createCheckCache(): CheckCache {
  const bySource = new Map<string, Entry[]>();
  let lastRead: string[] = [];

  function entryOf(item: CachedInput): Entry {
    const list = bySource.get(item.source) ?? [];
    let e = list.find((x) => x.key === item.key);
    if (!e) {
      const r = item.read();
      e = { key: item.key, input: r && { source: item.source, config: r.config, ...(r.placement ? { placement: r.placement } : {}) } };
    }
    bySource.set(item.source, [e, ...list.filter((x) => x !== e)].slice(0, PER_CITY));
    return e;
  }

  return {
    check(items, opts = {}) {
      const entries = items.map(entryOf);
      const named = new Set(items.map((i) => i.source));
      for (const source of [...bySource.keys()]) if (!named.has(source)) bySource.delete(source);

      const read = entries.filter((e): e is Read => e.input !== undefined);
      const map = placeholders(read.map((e) => (e.values ??= configValues(e.input.config))));
      const changes = new Map<ReadonlyMap<string, string>, string[][]>();
      lastRead = [];
      const own = read.map((e, i) => {
        if (!e.local || !e.under || !readsAlike(e, map, changes)) {
          const seen = new Set<string>();
          e.local = localText(e.input.config, normaliserOf(map, seen), undefined, e.input.placement).local;
          e.seen = seen;
          lastRead.push(e.input.source);
        }
        e.under = map;
        opts.onProgress?.({ phase: 'render', done: i + 1, total: read.length });
        return e.local;
      });
      return compareCities(
        read.map((e) => e.input),
        own,
        opts,
      );
    },
    lastRead: () => [...lastRead],
    held() {
      return new Map([...bySource].map(([source, list]) => [source, list.map((e) => e.key)]));
    },
  };
}

/**
 * Whether the entry's pages read the same under `map` as under the map they were read with: no
 * value the two maps differ on (added, removed, or with another placeholder) has all its words
 * among the words the pages said. The normaliser replaces a run only where the whole run occurs,
 * so a value none of whose runs can occur changes nothing.
 */
function readsAlike(e: Read, map: ReadonlyMap<string, string>, changes: Map<ReadonlyMap<string, string>, string[][]>): boolean {
  const under = e.under!;
  if (under === map) return true;
  let changed = changes.get(under);
  if (!changed) {
    changed = [];
    for (const [k, v] of map) if (under.get(k) !== v) changed.push(k.split(' '));
    for (const k of under.keys()) if (!map.has(k)) changed.push(k.split(' '));
    changes.set(under, changed);
  }
  const seen = e.seen!;
  return changed.every((ws) => ws.some((w) => !seen.has(w)));
}
