import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadConfigFile } from '../../src/config/load.js';
import { citySlug } from '../../src/config/slug.js';
import { configAssetSource } from '../../src/site/asset-source.js';
import { configImageCacheDir } from '../../src/site/images/cache-dir.js';
import { buildSiteFiles } from '../../src/site/pipeline.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { createLogger, silentLogger } from '../../src/server/log/logger.js';
import { contactBody } from './page-times.js';
import { serveClinic } from '../../src/server/serve.js';

/**
 * `npm run bench`: autocannon on loopback against the real server, real SQLite file included.
 * Budgets: page GET >= 5,000 req/s with p99 <= 20 ms; contact POST >= 1,000 req/s,
 * every acknowledged one stored durably. The load runs in a worker thread so it does not share
 * the server's event loop.
 */
export interface BenchOptions {
  /** Clinic config to render (default configs/wesley-chapel.yaml). */
  configPath?: string;
  /** Seconds per scenario (default 10). */
  duration?: number;
  connections?: number;
  /** A PostgreSQL URL: the server keeps everything there (DATABASE_URL) instead of SQLite. */
  databaseUrl?: string;
  /**
   * The server's JSON log, as production has it: written line by line (synchronously, as Node
   * writes to a pipe such as journald's) to this file, with the access log on. Without it the log
   * is dropped and the access log turned off.
   */
  logFile?: string;
  /**
   * Issue 22's baseline: the same server with patients' messages stored as typed (no data key per
   * message, no keyed-hash indexes). Only this bench can ask for it: `serve` seals every message and
   * has no setting that stops it. Default true.
   */
  sealed?: boolean;
}

export interface BenchResult {
  pageGet: { rps: number; p99: number; errors: number };
  /**
   * `stored`: rows in the database file after the server closed, filed under the clinic's city;
   * `acknowledged`: 201s received
   * (warm-up included). stored >= acknowledged is the durability check; stored may be higher by
   * the requests in flight when autocannon stopped (committed, answer not counted).
   */
  contactPost: { rps: number; p99: number; stored: number; acknowledged: number; errors: number };
}


export async function benchServer(options: BenchOptions = {}): Promise<BenchResult> {
  const configPath = options.configPath ?? 'configs/wesley-chapel.yaml';
  const loaded = await loadConfigFile(configPath);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  // The site `serve` serves (its photos and cards too), cached beside the config like a build's.
  const site = await buildSiteFiles(loaded.config, configAssetSource(configPath), { servedByClinic: true, imageCacheDir: configImageCacheDir(configPath) });
  if (!site.ok) throw new Error(JSON.stringify(site.errors));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-'));
  // The limit is lifted so the bench measures the write path, not the 429 path. A data key of its
  // own: without one the server would make a key file in the user's configuration folder.
  const env = { DATA_KEY: randomBytes(32).toString('base64'), ACCESS_LOG: options.logFile ? 'on' : 'off', ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) };
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const logger = logFd === undefined ? silentLogger : createLogger({ write: (line: string) => writeSync(logFd, line) });
  const settings = resolveServerConfig({ flags: { port: 0, dataDir, rateLimit: 0 }, env });
  if (!settings.ok) throw new Error(settings.errors.join('\n'));
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 20;
  const server = await serveClinic({
    clinic: loaded.config,
    server: settings.config,
    files: site.files,
    logger,
  });
  // The store is handed its sealer as the server opens; taking it back leaves the write path as it
  // was before messages were sealed (patientColumns' plain branch), everything else the same.
  if (options.sealed === false) (server.store.messages.useSealer as unknown as (s: undefined) => void)(undefined);
  try {
    // A short warm-up first, so the numbers measure the JIT-compiled steady state.
    await autocannon({ url: `${server.url}/`, connections, duration: 2, workers: 1 });
    const page = await autocannon({ url: `${server.url}/`, connections, duration, workers: 1 });
    // As the generated form posts it, with the page's Origin: the city attribution is part of what is measured.
    const body = contactBody(citySlug(loaded.config.city), 'A benchmark message of a realistic length, asking about a consultation. 💪');
    const origin = new URL(server.url).origin;
    const postRun = (seconds: number) =>
      autocannon({ url: `${server.url}/api/contact`, method: 'POST', headers: { 'content-type': 'application/json', origin }, body, connections, duration: seconds, workers: 1 });
    const warm = await postRun(2);
    const post = await postRun(duration);
    await server.close();
    // Only messages filed under the clinic's city count: a post filed elsewhere would be a bug.
    const stored = await countStored(server.store.kind === 'postgres' ? options.databaseUrl! : server.store.location, citySlug(loaded.config.city), loaded.config.city);
    return {
      pageGet: { rps: rate(page), p99: page.latency.p99, errors: page.errors + page.non2xx },
      contactPost: { rps: rate(post), p99: post.latency.p99, stored, acknowledged: warm['2xx'] + post['2xx'], errors: post.errors + post.non2xx },
    };
  } finally {
    await server.close();
    logger.flush?.();
    if (logFd !== undefined) closeSync(logFd);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Completed requests per second over the whole run. */
function rate(r: Result): number {
  return Math.round((r['2xx'] + r.non2xx) / r.duration);
}

/** Messages stored under the city, read through a connection of its own after the server closed. */
async function countStored(where: string, site: string, city: string): Promise<number> {
  if (/^postgres(ql)?:/.test(where)) {
    const client = new pg.Client(where);
    await client.connect();
    try {
      return Number((await client.query('SELECT count(*) AS n FROM messages WHERE site = $1 AND city = $2', [site, city])).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const db = new Database(where, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM messages WHERE site = ? AND city = ?').get(site, city) as { n: number }).n;
  } finally {
    db.close();
  }
}
