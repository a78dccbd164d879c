import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figures, listening, pageTimes, serveEnv, type PageFigures } from './page-times.js';
import Database from 'better-sqlite3';
import { loadConfigFile } from '../../src/config/load.js';
import { citySlug } from '../../src/config/slug.js';

/**
 * `npm run bench -- write-lock`: how fast `clinic-gen serve` answers pages while another process
 * (a backup, an operator's sqlite3 shell, a second server) holds the database's write lock and
 * contact posts wait for it. The real CLI in a child process; this process holds the lock for 6 s,
 * posts one message at once (refused with 503 after its 5 s wait) and one 3 s in (stored once the
 * lock goes), and GETs the home page every 20 ms meanwhile. Budget: p99 <= 100 ms.
 *
 * The figure of test/server/limits.int.test.ts's write-lock test, which checks only what a slow
 * machine cannot break (pages go on answering while posts wait): how fast is a figure of the machine.
 */
export const WRITE_LOCK_BUDGETS = { pageP99Ms: 100 } as const;

export interface WriteLockBenchOptions {
  /** bin/clinic-gen.js. */
  bin: string;
  configPath: string;
  /** Folder for the server's data folder (default a temp folder). */
  dir?: string;
}

export interface WriteLockBenchResult {
  /** Page GETs on the idle server over 2 s, for comparison. */
  quiet: PageFigures;
  /** Page GETs while the lock was held and posts waited. */
  locked: PageFigures;
  /** Statuses of the post refused after its wait and of the one stored after the lock. */
  posts: [number, number];
}

export type { PageFigures };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchWriteLock(options: WriteLockBenchOptions): Promise<WriteLockBenchResult> {
  const loaded = await loadConfigFile(options.configPath);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const dataDir = mkdtempSync(path.join(options.dir ?? tmpdir(), 'clinic-lock-bench-'));
  const server = spawn(process.execPath, [options.bin, 'serve', '--config', options.configPath, '--port', '0', '--data', dataDir, '--no-samples', '--rate-limit', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serveEnv(),
  });
  try {
    const url = await listening(server);
    // The first start of a data folder builds the site (photos from the cache beside the config): 503 until then.
    for (let i = 0; i < 120 && (await fetch(`${url}/`).then((r) => r.status, () => 0)) !== 200; i++) await sleep(500);
    await pageTimes(`${url}/`, sleep(1000)); // warm-up
    const quiet = figures(await pageTimes(`${url}/`, sleep(2000)));

    const post = (message: string) =>
      fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(url).origin },
        body: JSON.stringify({
          firstName: 'Bench',
          lastName: 'Mark',
          email: 'bench@example.com',
          phone: '',
          service: 'TRT Therapy',
          message,
          site: citySlug(loaded.config.city),
          page: 'contact/',
        }),
      }).then(async (res) => (await res.arrayBuffer(), res.status));
    const db = new Database(path.join(dataDir, 'clinic.db'));
    try {
      db.exec('BEGIN IMMEDIATE');
      const released = sleep(6000).then(() => db.exec('COMMIT'));
      const first = post('Sent while another process holds the write lock');
      const second = sleep(3000).then(() => post('Sent 3 s into the lock'));
      const all = Promise.all([first, second, released]);
      const locked = figures(await pageTimes(`${url}/`, all));
      const [refused, stored] = await all;
      return { quiet, locked, posts: [refused, stored] };
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}


