import type { CityPin, CityVersion, ItemState, NewVersion, RollbackRecord, RunItem, RunRecord, RunState, SaveMode, SaveResult, SkippedCity } from './types.js';

/**
 * The rows of the city tables as both stores read them (SQLite, sqlite-store.ts; PostgreSQL,
 * pg-store.ts): the tables have the same columns in both schemas, so the mapping is written once.
 */
export interface VersionRow {
  slug: string;
  version: number;
  yaml: string;
  digest: string;
  business_name: string;
  city: string;
  state: string;
  saved_at: string;
  saved_by: string;
  restored_from: number | null;
  /** 1 (SQLite) or true (PostgreSQL) for a version stored before SQLite migration 18 / PostgreSQL 15. */
  legacy_facts: number | boolean;
}

/** The columns of a VersionRow, from `city_versions v`. */
export const VERSION_COLUMNS = 'v.slug, v.version, v.yaml, v.digest, v.business_name, v.city, v.state, v.saved_at, v.saved_by, v.restored_from, v.legacy_facts';

export const toVersion = (r: VersionRow): CityVersion => ({
  slug: r.slug,
  version: r.version,
  yaml: r.yaml,
  digest: r.digest,
  businessName: r.business_name,
  city: r.city,
  state: r.state,
  savedAt: r.saved_at,
  ...(r.saved_by ? { savedBy: r.saved_by } : {}),
  ...(r.restored_from !== null ? { restoredFrom: r.restored_from } : {}),
  ...(r.legacy_facts ? { legacyFacts: true as const } : {}),
});

export interface RunRow {
  id: string;
  started_at: string;
  finished_at: string | null;
  state: RunState;
  /** JSON: the cities the run skipped (SkippedCity[]); NULL for runs from before it was kept. */
  skipped: string | null;
  /** Who started it ('' for runs from before it was recorded). */
  started_by?: string;
  started_by_id?: string;
}

/** The columns of a RunRow. */
export const RUN_COLUMNS = 'id, started_at, finished_at, state, skipped, started_by, started_by_id';

export interface RollbackRow {
  site: string;
  release_id: string;
  at: string;
  by_label: string;
}

export const toRollback = (r: RollbackRow): RollbackRecord => ({ site: r.site, releaseId: r.release_id, at: r.at, by: r.by_label });

export interface PinRow {
  slug: string;
  pinned_release: string;
  pinned_at: string;
}

export const toPin = (r: PinRow): CityPin => ({ slug: r.slug, releaseId: r.pinned_release, at: r.pinned_at });

/** The `skipped` column of a run: a JSON list, read leniently (a damaged value is no list). */
export function readSkipped(text: string | null): SkippedCity[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list as SkippedCity[]) : [];
  } catch {
    return [];
  }
}

export interface ItemRow {
  slug: string;
  city: string;
  state: ItemState;
  config_version: number | null;
  release_id: string | null;
  error: string | null;
  finished_at: string | null;
}

const toItem = (i: ItemRow): RunItem => ({
  slug: i.slug,
  city: i.city,
  state: i.state,
  configVersion: i.config_version ?? undefined,
  releaseId: i.release_id ?? undefined,
  error: i.error ?? undefined,
  finishedAt: i.finished_at ?? undefined,
});

/** A run and its items (in their order) as the routes see them. */
export const toRun = (r: RunRow, items: ItemRow[]): RunRecord => ({
  id: r.id,
  state: r.state,
  startedAt: r.started_at,
  finishedAt: r.finished_at ?? undefined,
  items: items.map(toItem),
  skipped: readSkipped(r.skipped),
  ...(r.started_by ? { startedBy: { id: r.started_by_id ?? '', label: r.started_by } } : {}),
});

/**
 * The save decision both stores make inside their transaction, from the city's row and its newest
 * version as the transaction read them: a refusal or `unchanged` (nothing to write), or what to
 * write (`insert`: the city is new; `revive`: it was deleted) and the version number it gets. A
 * revived city goes on after its old versions: history numbers are never reused.
 */
export type SaveDecision =
  | { write: false; result: SaveResult }
  | { write: true; city: 'insert' | 'revive' | 'keep'; version: number; status: 'saved' | 'created' };

export function decideSave(
  row: { deleted_at: string | null } | undefined,
  last: { version: number; digest: string; saved_at: string } | undefined,
  v: NewVersion,
  m: SaveMode,
): SaveDecision {
  const live = row !== undefined && row.deleted_at === null;
  if (m.mode === 'create' && live) return { write: false, result: { status: 'exists' } };
  if (m.mode === 'update' && !live) return { write: false, result: { status: 'missing' } };
  if (m.mode === 'update' && m.baseVersion !== undefined && m.baseVersion !== last?.version) return { write: false, result: { status: 'stale', latest: last?.version ?? 0 } };
  if (live && last && last.digest === v.digest) return { write: false, result: { status: 'unchanged', version: last.version, savedAt: last.saved_at } };
  return { write: true, city: !row ? 'insert' : live ? 'keep' : 'revive', version: (last?.version ?? 0) + 1, status: live ? 'saved' : 'created' };
}
