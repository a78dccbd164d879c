import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { TEST_ADMIN_ENV } from '../../test/helpers/accounts.js';

/** `clinic-gen serve` children and page timings while something else runs on them: shared by the write-lock and hostile benches. */

export interface PageFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The environment of a bench's `clinic-gen serve` child: this process's, a data key of its own
 * (a server without one would make a key file in the user's configuration folder) and the first
 * owner (TEST_ADMIN), whose API token test/helpers/accounts.ts apiToken makes when a bench calls
 * the admin API (docs/decisions/017-staff-accounts.md).
 */
export function serveEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ...TEST_ADMIN_ENV, DATA_KEY: randomBytes(32).toString('base64') };
}

/** GETs `url` every 20 ms until `until` settles: each answer's time in ms (a non-200 throws). */
export async function pageTimes(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    times.push(performance.now() - start);
    await sleep(20);
  }
  return times;
}

/** Count, median, p99 and slowest of a list of times, to a tenth of a millisecond. */
export function figures(times: number[]): PageFigures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
  return { count: times.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** The server's address, from its `server.listening` log line. */
export function listening(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 60_000);
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace(/\/$/, ''));
      }
    };
    server.stdout!.on('data', seen);
    server.stderr!.on('data', seen);
    server.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
  });
}

/** A contact message as the generated form posts it (docs/decisions/010-leads-by-city.md): its city's slug and page. */
export function contactBody(site: string, message: string): string {
  return JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', phone: '', service: 'TRT Therapy', message, site, page: 'contact/' });
}
