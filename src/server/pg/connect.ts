import pg from 'pg';
import { PG_MIGRATIONS } from './schema.js';

/**
 * The PostgreSQL connection of a clinic server (docs/decisions/015-postgresql.md): one pool sized
 * by DATABASE_POOL_SIZE, BIGINT read as a JavaScript number (ids, epoch milliseconds and counts
 * stay far below 2^53), every connection error turned into StoreUnavailableError, which the
 * server answers with 503 and Retry-After (nothing was stored).
 */

/** The channel every server LISTENs on; payloads are JSON (pg/notify.ts). */
export const NOTIFY_CHANNEL = 'clinic_gen';

/** Advisory lock keys (pg_advisory_lock takes a bigint): one for migrations, one for blob sweeping. */
export const LOCKS = { migrate: 7_301_001, blobs: 7_301_002, audit: 7_301_003 } as const;

const INT8 = 20;
const INT8_ARRAY = 1016;
const int8Array = (pg.types.getTypeParser as (oid: number) => (v: string) => unknown)(INT8_ARRAY);
const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8) return (v: string) => Number(v);
    if (oid === INT8_ARRAY) return (v: string) => (int8Array(v) as (string | null)[]).map((x) => (x === null ? null : Number(x)));
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/** The database cannot be reached (down, restarting, refusing connections); nothing was stored. */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** SQLSTATE classes and codes that mean "the server or the connection went away", not a bad query. */
const CONNECTION_STATES = /^(08|57P0[1-3]|53300|53400|58|XX)/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** True for an error of the connection (down, restarting, cut), where trying again later may work. */
export function isConnectionError(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (NODE_CODES.has(code) || CONNECTION_STATES.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable|Query read timeout/i.test(message);
}

/** The error as the routes should see it: a connection failure becomes StoreUnavailableError. */
export function storeError(err: unknown): unknown {
  return isConnectionError(err) && !(err instanceof StoreUnavailableError) ? new StoreUnavailableError(err) : err;
}

/** Runs `work`, turning a connection failure into StoreUnavailableError. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw storeError(err);
  }
}

export interface PoolOptions {
  /** Connections at most (DATABASE_POOL_SIZE, default 10). */
  size?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** Extra server settings for every connection of this pool (`-c name=value`). */
  options?: string;
  /** How long a query waits for a free connection or a new one before failing (ms). */
  connectTimeoutMs?: number;
  /**
   * How long a query may wait for its answer (ms) before it fails as the database being
   * unavailable: a PostgreSQL that hangs (a network cut without a reset) must not hold a contact
   * post, or shutdown, forever. Long enough for the largest deploy's inserts.
   */
  queryTimeoutMs?: number;
}

/** A pool on `url`. Idle connections the server cuts (a restart) are dropped, never thrown. */
export function createPool(url: string, o: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.size ?? 10,
    application_name: o.applicationName ?? 'clinic-gen',
    options: o.options,
    connectionTimeoutMillis: o.connectTimeoutMs ?? 5_000,
    query_timeout: o.queryTimeoutMs ?? 60_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types,
  });
  // An idle client whose server went away emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Bytes as a bytea parameter: a Buffer over the same memory (node-postgres sends a Buffer as
 * binary; any other Uint8Array would travel as text).
 */
export const bytea = (u8: Uint8Array): Buffer => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

/**
 * The VALUES list of a multi-row INSERT: `rows` tuples of `width` placeholders, numbered from
 * `first` (`($2, $3), ($4, $5)` for 2, 2, 2). Few round trips for many rows.
 */
export function valuesList(rows: number, width: number, first = 1): string {
  return Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, k) => `$${first + r * width + k}`).join(', ')})`).join(', ');
}

/** Runs `work` in one transaction on one connection; ROLLBACK on any failure (a broken connection is destroyed). */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw storeError(err);
  }
  // A connection the server drops while it is checked out emits 'error' on the client itself (the
  // pool listens only to idle ones); unheard, that would end the process. The query in flight
  // rejects anyway, which is where the failure is handled.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken: unknown;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (isConnectionError(err)) broken = err;
    else {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackErr) {
        broken = rollbackErr;
      }
    }
    throw storeError(err);
  } finally {
    client.off('error', ignore);
    client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
  }
}

/**
 * The URL without its password, for logs and messages: the password of the user part, and the
 * query string but for settings known to hold none (node-postgres also reads `?password=`).
 */
const SAFE_PARAMS = new Set(['sslmode', 'application_name', 'connect_timeout', 'options', 'host', 'port']);
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const key of [...u.searchParams.keys()]) if (!SAFE_PARAMS.has(key)) u.searchParams.set(key, '***');
    return u.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

/** The database was migrated by a newer clinic-gen: running old code on it could lose data. */
export class PgSchemaTooNewError extends Error {
  constructor(where: string, found: number, known: number) {
    super(`${where}: the database has schema version ${found}, this clinic-gen knows up to ${known}; upgrade clinic-gen on every server`);
    this.name = 'PgSchemaTooNewError';
  }
}

/** A migration failed; its transaction was rolled back, so the schema is as it was before it. */
export class PgMigrationError extends Error {
  constructor(version: number, name: string, cause: unknown) {
    super(`migration ${version} (${name}) failed, nothing of it was applied: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PgMigrationError';
  }
}

/**
 * Brings the schema up to date under a session advisory lock: servers starting together wait for
 * the first, then find nothing left to do. Returns the versions this call applied.
 */
export async function migratePg(pool: pg.Pool, where: string, migrations = PG_MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCKS.migrate]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
      const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
      const latest = migrations.at(-1)?.version ?? 0;
      const newest = Math.max(0, ...done);
      if (newest > latest) throw new PgSchemaTooNewError(where, newest, latest);
      const applied: number[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        try {
          await client.query('BEGIN');
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (isConnectionError(err)) throw err;
          throw new PgMigrationError(m.version, m.name, err);
        }
        applied.push(m.version);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrate]).catch(() => {
        broken = true;
      });
    }
  } catch (err) {
    if (isConnectionError(err)) broken = true;
    throw err;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}
