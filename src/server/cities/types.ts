import type { ClinicConfig } from '../../config/schema.js';
import type { RequiredFact } from '../../config/required-facts.js';
/**
 * Stored cities as the routes and the redeploy runner see them (docs/decisions/012-stored-cities.md).
 * One interface, asynchronous so a PostgreSQL store can implement it as well as the SQLite one
 * (sqlite-store.ts); routes never know which one they talk to. A city is keyed by its slug
 * (citySlug of its config's city); its configs are versions numbered from 1, never rewritten.
 */

/** One saved version of a city's config. */
export interface CityVersion {
  slug: string;
  version: number;
  /** The exact text `clinic-gen build` reads: the schema comment line, then the config. */
  yaml: string;
  /** Hash of the validated config (defaults filled): equal digests, equal configs. */
  digest: string;
  businessName: string;
  city: string;
  state: string;
  /** ISO 8601. */
  savedAt: string;
  /** Who saved it, as the audit trail labels them (absent for versions saved before it was recorded). */
  savedBy?: string;
  /** The version a Restore made this one from. */
  restoredFrom?: number;
  /**
   * Stored before a city could be saved without its hours and legal facts (NOTES.md decision 14):
   * read with the facts it published then (config/published-facts.ts). A version saved since is
   * read as written, so one saved incomplete names what is missing wherever it is built.
   */
  legacyFacts?: true;
}

/**
 * A version to save: what the store keeps, minus what it numbers and dates itself. `config`, the
 * config its text reads as (checked by today's schema a moment before, cities/save.ts), is not
 * stored: it tells the contact API's site directory the city's addresses without reading the text
 * again on the request loop (site-feed.ts, issue 39 item 8).
 */
export type NewVersion = Omit<CityVersion, 'version' | 'savedAt'> & { config?: ClinicConfig };

/**
 * How a save treats the city as stored:
 * - `create`: a new city (a deleted one of that slug comes back with a version after its old ones);
 * - `update`: an existing city; `baseVersion`, when given, must be its latest version;
 * - `import`: either, whichever applies.
 */
export type SaveMode = { mode: 'create' } | { mode: 'update'; baseVersion?: number } | { mode: 'import' };

/** What a save did. `unchanged`: the config equalled the latest version's; no version was added. */
export type SaveResult =
  | { status: 'created' | 'saved' | 'unchanged'; version: number; savedAt: string }
  | { status: 'exists' }
  | { status: 'missing' }
  | { status: 'stale'; latest: number };

export type RunState = 'running' | 'done' | 'interrupted';
export type ItemState = 'pending' | 'deploying' | 'ok' | 'failed';

/** One city of a redeploy-all run. */
export interface RunItem {
  slug: string;
  city: string;
  state: ItemState;
  configVersion?: number;
  releaseId?: string;
  error?: string;
  finishedAt?: string;
}

/**
 * A live city (or the brand site) a redeploy run left alone, and why: its rollback pinned it to a
 * release, or its live release was built from exactly what it would be built from now (built.ts).
 */
export interface SkippedCity {
  slug: string;
  city: string;
  reason: 'pinned' | 'unchanged' | 'incomplete';
  /** For `incomplete`: the facts its latest saved version lacks (config/required-facts.ts). */
  missing?: RequiredFact[];
  /** The release it is pinned to, or its live release (unchanged). */
  releaseId: string;
}

export interface RunRecord {
  id: string;
  state: RunState;
  startedAt: string;
  finishedAt?: string;
  items: RunItem[];
  /** The live cities the run did not redeploy. */
  skipped: SkippedCity[];
  /** Who started it, as the audit trail labels them, and their account id (absent for runs from before it was recorded). */
  startedBy?: RunStarter;
}

/** Who started a redeploy-all run (issue 39 item 5): its result is theirs to see. */
export interface RunStarter {
  id: string;
  label: string;
}

/** A run to start: its items pending, each with the saved version the plan named (the brand site none). */
export interface NewRun {
  id: string;
  startedAt: string;
  items: { slug: string; city: string; configVersion?: number }[];
  skipped?: SkippedCity[];
  startedBy?: RunStarter;
}

/** A release someone made live again (issue 39 item 5): kept after the pin it made has ended. */
export interface RollbackRecord {
  site: string;
  releaseId: string;
  /** ISO 8601. */
  at: string;
  /** Who, as the audit trail labels them ('' when the caller was not known). */
  by: string;
}

/** What changes on an item as a run goes. */
export type ItemPatch = Pick<RunItem, 'state'> & Partial<Pick<RunItem, 'configVersion' | 'releaseId' | 'error' | 'finishedAt'>>;

/** The error of an item whose run the server stopped (or lost, killed) before it finished. */
export const RUN_STOPPED = 'the server stopped during the redeploy';

/** Redeploy-all runs, persisted as they progress so a restart tells what happened. */
export interface RedeployStore {
  /** Starts a run with its items pending, unless one is running (then that one comes back). */
  create(run: NewRun): Promise<{ ok: true; run: RunRecord } | { ok: false; running: RunRecord }>;
  /** Records one item's progress. Not fsynced: see sqlite-store.ts. */
  update(runId: string, slug: string, patch: ItemPatch): Promise<void>;
  /** Ends a run: `done`, or `interrupted` with its unfinished items failed (RUN_STOPPED). */
  finish(runId: string, state: 'done' | 'interrupted', finishedAt: string): Promise<void>;
  get(id: string): Promise<RunRecord | undefined>;
  latest(): Promise<RunRecord | undefined>;
  /** The newest runs first, at most `limit` of them (the history on the Deployments view). */
  list(limit: number): Promise<RunRecord[]>;
  /** Keeps who made an earlier release of a site live, and when. */
  recordRollback(r: RollbackRecord): Promise<void>;
  /** The rollbacks of a site, newest first. */
  rollbacks(site: string): Promise<RollbackRecord[]>;
  /**
   * At start-up: every run left `running` by a process that is gone becomes `interrupted`, its
   * unfinished items `failed` with RUN_STOPPED. Returns those runs' ids.
   */
  recover(now: string): Promise<string[]>;
}

/**
 * A city pinned to a release (issue 23): a rollback made an older release live, and redeploy-all
 * leaves the city there until the operator unpins it or deploys the city again.
 */
export interface CityPin {
  slug: string;
  releaseId: string;
  /** ISO 8601: when it was pinned. */
  at: string;
}

/** The stored cities. Deleted cities are out of every read but `exists`. */
export interface CityStore {
  /** The latest version of every city that is not deleted, by slug. */
  list(): Promise<CityVersion[]>;
  /** The latest version of a city, undefined when there is none or it is deleted. */
  latest(slug: string): Promise<CityVersion | undefined>;
  /** One version of a city that is not deleted. */
  version(slug: string, version: number): Promise<CityVersion | undefined>;
  /** The versions of a city that is not deleted, newest first; undefined for no such city. */
  versions(slug: string): Promise<{ version: number; savedAt: string; savedBy?: string }[] | undefined>;
  /** The newest version of a city (not deleted) whose config has this digest. */
  findByDigest(slug: string, digest: string): Promise<number | undefined>;
  /** True when the slug was ever stored and its history kept, deleted or not. */
  exists(slug: string): Promise<boolean>;
  save(version: NewVersion, mode: SaveMode): Promise<SaveResult>;
  /** Marks a city deleted, or forgets it and its versions (`keepHistory` false). False: no such city. */
  remove(slug: string, keepHistory: boolean): Promise<boolean>;
  /** The deleted cities kept with their versions (the trash, issue 39 item 1), newest deletion first, with their latest version. */
  trash(): Promise<(CityVersion & { deletedAt: string })[]>;
  /** Brings a deleted city back with its versions; false when it is not in the trash. */
  undelete(slug: string): Promise<boolean>;
  /** Forgets the cities deleted before `before` (ISO time), versions and all; their slugs. */
  purgeDeleted(before: string): Promise<string[]>;
  /** Pins a city that is not deleted to a release, or unpins it (`null`); false for no such city. */
  setPin(slug: string, pin: { releaseId: string; at: string } | null): Promise<boolean>;
  /** The pins of the cities that are not deleted, by slug. */
  pins(): Promise<CityPin[]>;
  /** Sets `key` unless it is set; true when this call set it. */
  claimFlag(key: string, value: string): Promise<boolean>;
  readFlag(key: string): Promise<string | undefined>;
  redeploys: RedeployStore;
}
