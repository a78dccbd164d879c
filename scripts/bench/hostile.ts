import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contactBody, figures, listening, pageTimes, serveEnv, type PageFigures } from './page-times.js';
import { apiToken } from '../../test/helpers/accounts.js';
import { loadConfigFile } from '../../src/config/load.js';
import { citySlug } from '../../src/config/slug.js';
import { formEndpointOf } from '../../src/pages/contact/form-endpoint.js';
import { sanitizeSvg } from '../../src/site/svg-sanitize.js';
import { SVG_LARGEST, SVG_REPORTED, SVG_WORST_CASE } from '../../src/site/testing.js';

/**
 * `npm run bench -- hostile`: what hostile input costs, and how fast `clinic-gen serve` answers
 * meanwhile. The figures of the tests that check, against the work itself, that the work is linear
 * and that the server goes on answering (src/site/svg-sanitize.test.ts,
 * src/pages/contact/form-endpoint.test.ts, test/server/limits.int.test.ts): how fast is a figure of
 * the machine, so it is measured here and read against these budgets.
 */
export const HOSTILE_BUDGETS = {
  /** CPU time to sanitize (or refuse) any SVG logo up to the 5 MB upload limit. */
  sanitizeMs: 1_000,
  /** Reading the form's endpoint from a 6 MB page of unclosed form tags. */
  formEndpointMs: 100,
  /** Page GET p99 while hostile 5 MB SVG logos are sanitized. */
  pageP99Ms: 100,
  /** A hostile logo upload, and a page or a post with 2,000 idle sockets open, from send to answer. */
  requestMs: 3_000,
} as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SanitizeFigures {
  /** CPU ms of each file of SVG_LARGEST (median of 3), the slowest first. */
  largest: { name: string; ms: number }[];
  /** CPU ms of the two reported files (median of 3). */
  reported: { name: string; ms: number }[];
}

/** CPU time of sanitizeSvg (in one go, as a build runs it) on each hostile file. */
export function benchSanitize(): SanitizeFigures {
  const cpu = (svg: string) => {
    svg.indexOf('\0'); // a flat string, as a decoded upload is
    return median(
      [0, 1, 2].map(() => {
        const start = process.cpuUsage();
        sanitizeSvg(svg);
        const used = process.cpuUsage(start);
        return (used.user + used.system) / 1000;
      }),
    );
  };
  sanitizeSvg(SVG_REPORTED['nested url( (156 KB)']()); // compiled before anything is timed
  const largest = Object.entries(SVG_LARGEST).map(([name, make]) => ({ name, ms: round(cpu(make())) }));
  const reported = Object.entries(SVG_REPORTED).map(([name, make]) => ({ name, ms: round(cpu(make())) }));
  return { largest: largest.sort((a, b) => b.ms - a.ms), reported };
}

/** Wall time of formEndpointOf on a 6 MB page of unclosed form tags (median of 21). */
export function benchFormEndpoint(): { ms: number; bytes: number } {
  const page = '<form id="contact-form"'.repeat(260_000);
  page.indexOf('\0');
  const times = Array.from({ length: 21 }, () => {
    const start = performance.now();
    if (formEndpointOf(page) !== undefined) throw new Error('an endpoint in a page of unclosed tags');
    return performance.now() - start;
  });
  return { ms: Math.round(median(times) * 1000) / 1000, bytes: page.length };
}

export type { PageFigures };

export interface ServerUnderAttack {
  /** Page GETs on the idle server over 2 s, for comparison. */
  quiet: PageFigures;
  /** Page GETs (every 20 ms) while the slowest 5 MB SVG was uploaded 10 times, one after another. */
  duringUploads: PageFigures;
  /** Send to answer of those uploads, and of 10 uploads of the reported 156 KB file (median / slowest). */
  uploads: { worst5mb: { median: number; max: number }; reported156kb: { median: number; max: number } };
  /** Under `ulimit -n 1024` with 2,000 idle sockets open from 32 addresses: 20 page GETs and 5 contact posts. */
  idleSockets: { kept: number; page: { median: number; max: number }; post: { median: number; max: number; statuses: number[] } };
}

export interface ServerBenchOptions {
  /** bin/clinic-gen.js. */
  bin: string;
  configPath: string;
  /** Folder for the servers' data folders (default a temp folder). */
  dir?: string;
}

/** `clinic-gen serve` in a child process, with `fdLimit` as `ulimit -n` when given. */
async function startServe(options: ServerBenchOptions, dataDir: string, fdLimit?: number) {
  const args = [options.bin, 'serve', '--config', options.configPath, '--port', '0', '--data', dataDir, '--no-samples', '--rate-limit', '0'];
  const child = fdLimit
    ? spawn('bash', ['-c', `ulimit -n ${fdLimit} && exec "$0" "$@"`, process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: serveEnv() })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: serveEnv() });
  const url = await listening(child);
  // The first start of a data folder builds the site (photos from the cache beside the config): 503 until then.
  for (let i = 0; i < 120 && (await fetch(`${url}/`).then((r) => r.status, () => 0)) !== 200; i++) await sleep(500);
  return {
    url,
    /** `Authorization` of an owner's API token (signed in once over HTTP), for the admin API. */
    owner: () => apiToken(url),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(undefined)));
    },
  };
}


const spread = (times: number[]) => ({ median: round(median(times)), max: round(Math.max(...times)) });

/** Uploads `svg` as the logo `times` times, one after another, with an owner's token: send to answer of each (a failure throws). */
async function uploads(url: string, authorization: string, svg: string, times: number): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const form = new FormData();
    form.append('logo', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
    const start = performance.now();
    const res = await fetch(`${url}/api/upload-logo`, { method: 'POST', headers: { Authorization: authorization }, body: form });
    const body = (await res.json()) as { success?: boolean };
    if (res.status !== 200 || !body.success) throw new Error(`logo upload answered ${res.status}: ${JSON.stringify(body)}`);
    took.push(performance.now() - start);
  }
  return took;
}

/** Sends `request` on a new connection and reads the answer to the end: its status (0 for none). */
function rawRequest(port: number, request: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.setTimeout(30_000, () => socket.destroy());
  });
}

/**
 * 2,000 idle sockets from 127.0.0.2-33 in a child process of its own (its descriptor limit raised),
 * as test/server/limits.int.test.ts opens them; stop() closes them.
 */
async function idleFlood(port: number, count: number) {
  const script = `
    import net from 'node:net';
    const [port, count] = [Number(process.argv[1]), Number(process.argv[2])];
    const sockets = [];
    for (let i = 0; i < count; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => new Promise((done) => {
        const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.' + (2 + ((i + k) % 32)) });
        sockets.push(s);
        s.on('connect', done);
        s.on('error', () => undefined);
        s.on('close', done);
      })));
    }
    await new Promise((r) => setTimeout(r, 1000));
    process.stdout.write(JSON.stringify({ open: sockets.filter((s) => !s.destroyed).length }) + '\\n');
    process.stdin.on('end', () => process.exit(0)).resume();
    setTimeout(() => process.exit(0), 120_000);
  `;
  const child = spawn('bash', ['-c', 'ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, '--input-type=module', '-e', script, String(port), String(count)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const report = await new Promise<{ open: number }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
    });
    child.once('exit', (code) => reject(new Error(`socket opener exited with ${code}`)));
  });
  return { ...report, stop: () => child.stdin!.end() };
}

export async function benchServerUnderAttack(options: ServerBenchOptions): Promise<ServerUnderAttack> {
  const loaded = await loadConfigFile(options.configPath);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const root = mkdtempSync(path.join(options.dir ?? tmpdir(), 'clinic-hostile-bench-'));
  try {
    const server = await startServe(options, path.join(root, 'uploads'));
    const owner = await server.owner();
    let quiet: PageFigures;
    let duringUploads: PageFigures;
    let worst5mb: number[];
    let reported156kb: number[];
    try {
      await pageTimes(`${server.url}/`, sleep(1000)); // warm-up
      await uploads(server.url, owner, SVG_REPORTED['nested url( (156 KB)'](), 2);
      quiet = figures(await pageTimes(`${server.url}/`, sleep(2000)));
      const big = uploads(server.url, owner, SVG_WORST_CASE(), 10);
      duringUploads = figures(await pageTimes(`${server.url}/`, big));
      worst5mb = await big;
      reported156kb = await uploads(server.url, owner, SVG_REPORTED['nested url( (156 KB)'](), 10);
    } finally {
      await server.stop();
    }

    const limited = await startServe(options, path.join(root, 'sockets'), 1024);
    try {
      const port = Number(new URL(limited.url).port);
      const flood = await idleFlood(port, 2000);
      try {
        // A new connection for each, as a visitor arrives: at the total cap it pushes out the idle one.
        const page: number[] = [];
        for (let i = 0; i < 20; i++) {
          const start = performance.now();
          const status = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
          if (status !== 200) throw new Error(`GET / with idle sockets open: ${status}`);
          page.push(performance.now() - start);
        }
        const post: number[] = [];
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const body = contactBody(citySlug(loaded.config.city), `Sent while 2,000 idle sockets were open (${i})`);
          const head = ['POST /api/contact HTTP/1.1', 'Host: 127.0.0.1', `Origin: ${new URL(limited.url).origin}`, 'Connection: close', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`];
          const start = performance.now();
          statuses.push(await rawRequest(port, `${head.join('\r\n')}\r\n\r\n${body}`));
          post.push(performance.now() - start);
        }
        return {
          quiet,
          duringUploads,
          uploads: { worst5mb: spread(worst5mb), reported156kb: spread(reported156kb) },
          idleSockets: { kept: flood.open, page: spread(page), post: { ...spread(post), statuses } },
        };
      } finally {
        flood.stop();
      }
    } finally {
      await limited.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
