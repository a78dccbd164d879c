import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validMessage } from '../helpers/server-app.js';
import { SVG_REPORTED, SVG_WORST_CASE } from '../../src/site/testing.js';
import { bundleFixture } from '../helpers/bundle-fixture.js';
import { rawGet, rawRequest } from './helpers.js';
import { apiToken } from '../helpers/accounts.js';

/**
 * Attacks on the server's responsiveness, each against the real server in a child process
 * (test/fixtures/run-server.ts): idle sockets under `ulimit -n 1024`, a 5 MB hostile SVG upload,
 * and a database write lock held by another process. Pages and posts must keep answering.
 */
let bundle: string;
const children: ChildProcess[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  bundle = await bundleFixture('test/fixtures/run-server.ts');
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
afterAll(() => rmSync(bundle, { force: true }));

interface Launched {
  pid: number;
  port: number;
  url: string;
  dataDir: string;
}

/** Starts the server; with `fdLimit`, under `ulimit -n` (soft and hard) like a typical host. */
function launch(fdLimit?: number): Promise<Launched> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-limits-'));
  dirs.push(dataDir);
  const args = [bundle, dataDir];
  const child = fdLimit
    ? spawn('bash', ['-c', `ulimit -n ${fdLimit} && exec "$0" "$@"`, process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH } })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH } });
  children.push(child);
  child.stderr!.resume();
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('\n')) return;
      const port = (JSON.parse(out.split('\n')[0]!) as { port: number }).port;
      resolve({ pid: child.pid!, port, url: `http://127.0.0.1:${port}`, dataDir });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One page GET: its status, when it was sent and answered (performance.now()), and how long it took. */
interface PageTime {
  status: number;
  start: number;
  end: number;
  ms: number;
}

/** GETs `url` every `everyMs` until `until` settles (at most 400 times): each answer's status and times. */
async function pageTimes(url: string, until: Promise<unknown>, everyMs: number): Promise<PageTime[]> {
  let done = false;
  // Settled either way (the caller awaits `until` and sees its failure).
  until.then(
    () => (done = true),
    () => (done = true),
  );
  const times: PageTime[] = [];
  while (!done && times.length < 400) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    const end = performance.now();
    times.push({ status: res.status, start, end, ms: end - start });
    await sleep(everyMs);
  }
  return times;
}

/**
 * The longest stretch of [from, to] in which no page was answered (the whole span when none was).
 * A server whose event loop is held by some work answers nothing until the work ends, however
 * fast the machine; one that only runs slowly still answers, a page every few tens of ms.
 */
function longestSilence(times: PageTime[], from: number, to: number): number {
  const answers = [from, ...times.map((t) => t.end).filter((at) => at > from && at < to), to];
  return Math.max(...answers.slice(1).map((at, i) => at - answers[i]!));
}

function contactPost(port: number, text: string) {
  const body = JSON.stringify(validMessage({ message: text }));
  const head = ['POST /api/contact HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`];
  return rawRequest(port, [`${head.join('\r\n')}\r\n\r\n${body}`]);
}

/**
 * Opens `count` idle connections from the given local addresses, in a child process of its own
 * (its descriptor limit raised, so this test does not depend on the runner's), and keeps them
 * open until stop(). `open`: how many the server had not closed once the count held still (1 to 5 s
 * after the last connected); `stillOpen()`: how many it has not closed now.
 */
async function idleFlood(port: number, from: string[], count: number) {
  const script = `
    import net from 'node:net';
    const [port, count, from] = [Number(process.argv[1]), Number(process.argv[2]), JSON.parse(process.argv[3])];
    const sockets = [];
    let connected = 0, failed = 0, closed = 0;
    for (let i = 0; i < count; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => new Promise((done) => {
        const s = net.connect({ port, host: '127.0.0.1', localAddress: from[(i + k) % from.length] });
        sockets.push(s);
        const late = setTimeout(() => s.connecting && s.destroy(), 10_000);
        s.on('connect', () => { clearTimeout(late); connected++; done(); });
        s.on('error', () => undefined);
        s.on('close', () => { closed++; done(); });
      })));
    }
    // What the server closed at once: the count once it has held still for half a second (at
    // least a second after the last connected, at most five: the first-request timeout, which
    // would close the rest anyway, is ten).
    const openNow = () => sockets.filter((s) => !s.destroyed).length;
    const start = Date.now();
    let last = openNow(), since = Date.now();
    while (Date.now() - start < 5000 && (Date.now() - start < 1000 || Date.now() - since < 500)) {
      await new Promise((r) => setTimeout(r, 100));
      const now = openNow();
      if (now !== last) [last, since] = [now, Date.now()];
    }
    failed = count - connected;
    process.stdout.write(JSON.stringify({ connected, failed, open: sockets.filter((s) => !s.destroyed).length }) + '\\n');
    process.stdin.on('data', () => process.stdout.write(JSON.stringify({ open: sockets.filter((s) => !s.destroyed).length }) + '\\n'));
    process.stdin.on('end', () => { for (const s of sockets) s.destroy(); process.exit(0); });
    setTimeout(() => process.exit(0), 60_000);
  `;
  const child = spawn('bash', ['-c', 'ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, '--input-type=module', '-e', script, String(port), String(count), JSON.stringify(from)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  // One JSON line for the report, then one for each question written to its stdin.
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    for (let nl = out.indexOf('\n'); nl !== -1; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`socket opener exited with ${code}`))));
  exited.catch(() => undefined);
  const nextLine = () => Promise.race([exited, new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiting.push(resolve)))]);
  const report = JSON.parse(await nextLine()) as { connected: number; failed: number; open: number };
  const stillOpen = async () => {
    child.stdin!.write('open?\n');
    return (JSON.parse(await nextLine()) as { open: number }).open;
  };
  return { ...report, stillOpen, stop: () => child.stdin!.end() };
}

/** Open file descriptors of a process (Linux). */
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

describe('2,000 idle sockets against a server under ulimit -n 1024', () => {
  it.each([
    ['one address', ['127.0.0.2']],
    ['32 addresses', Array.from({ length: 32 }, (_, i) => `127.0.0.${i + 2}`)],
  ])('from %s leave pages and posts answering', async (_, from) => {
    const server = await launch(1024);
    const flood = await idleFlood(server.port, from, 2000);
    try {
      expect(flood).toMatchObject({ connected: 2000, failed: 0 });
      const page = await rawGet(server.port, '/');
      expect(page.status).toBe(200);
      const post = await contactPost(server.port, 'Sent while 2,000 idle sockets were open');
      expect(post.status).toBe(201);
      // The caps closed the rest at once: 64 per address, 700 in all, far from the 1,024 descriptors.
      expect(flood.open).toBeLessThanOrEqual(from.length === 1 ? 64 : 700);
      expect(openFiles(server.pid)).toBeLessThan(800);
      // Answered at once, not once the first-request timeout (10 s) had closed the idle sockets the
      // server kept and freed their descriptors: they are all still open, but for the one or two the
      // page and the post pushed out at the total cap. Events in order, not a clock: how long the
      // answers take is `npm run bench -- hostile`.
      expect(await flood.stillOpen()).toBeGreaterThanOrEqual(flood.open - 2);
    } finally {
      flood.stop();
    }
  });
});

describe('a hostile SVG upload', () => {
  // How fast pages answer meanwhile, and how long the upload takes, are figures of the machine:
  // `npm run bench -- hostile` measures them (page GET p99 <= 100 ms). This checks, against the
  // work itself, what no slow machine can break and a server held by the sanitizer always does.

  /** POSTs `svg` as the logo with the owner's token: its status, its body, and when it was sent and answered (performance.now()). */
  async function uploadLogo(url: string, svg: string, owner: string) {
    const form = new FormData();
    form.append('logo', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
    const sentAt = performance.now();
    const res = await fetch(`${url}/api/upload-logo`, { method: 'POST', headers: { Authorization: owner }, body: form });
    const body = (await res.json()) as { success: boolean; message?: string };
    return { status: res.status, body, sentAt, answeredAt: performance.now() };
  }

  it('of the slowest 5 MB file is sanitized in slices: pages answer all through it, never silent for half the upload', async () => {
    const server = await launch();
    const owner = await apiToken(server.url);
    const upload = uploadLogo(server.url, SVG_WORST_CASE(), owner);
    const times = await pageTimes(`${server.url}/`, upload, 20);
    const { sentAt, answeredAt, ...answer } = await upload;
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(times.every((t) => t.status === 200)).toBe(true);
    // Sanitizing is most of this upload (about 0.12 of its 0.19 s here). Run in one go, it leaves the
    // pages silent for 0.6-0.9 of the upload; in slices of 5 ms, a page every 20 ms comes through
    // all along (the longest silence 0.1-0.2 of it, with stress-ng --cpu 2 beside it as well).
    expect(longestSilence(times, sentAt, answeredAt)).toBeLessThan((answeredAt - sentAt) / 2);
  });

  it('of the reported 156 KB of nested url( costs the server no more than an ordinary logo of its size, pages answering meanwhile', async () => {
    const server = await launch();
    const owner = await apiToken(server.url);
    const hostile = SVG_REPORTED['nested url( (156 KB)']();
    // As large, and as plain as a logo gets: one long path.
    const ordinary = `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0${' L1 1'.repeat((hostile.length - 60) / 5)}"/></svg>`;
    expect(ordinary.length / hostile.length).toBeCloseTo(1, 1);
    // Its sanitizing is a fraction of a millisecond now (7 s when it was quadratic): too short a
    // work to see pages go quiet against, so the upload is compared with the ordinary one instead,
    // each the quickest of three, in turns. A sanitizer that took seconds would be hundreds of
    // times slower; here the two are within 1.5 times of each other, loaded or not.
    const quickest = { hostile: Infinity, ordinary: Infinity };
    const all = (async () => {
      for (let round = 0; round < 3; round++) {
        for (const [name, svg] of [['ordinary', ordinary], ['hostile', hostile]] as const) {
          const { sentAt, answeredAt, ...answer } = await uploadLogo(server.url, svg, owner);
          expect(answer, name).toMatchObject({ status: 200, body: { success: true } });
          quickest[name] = Math.min(quickest[name], answeredAt - sentAt);
        }
      }
    })();
    const times = await pageTimes(`${server.url}/`, all, 20);
    await all;
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((t) => t.status === 200)).toBe(true);
    expect(quickest.hostile).toBeLessThan(10 * quickest.ordinary);
  });
});

describe('a write lock held by another process', () => {
  // How fast pages answer meanwhile is a figure of the machine, not a property of the server: it
  // is measured by `npm run bench -- write-lock` (budget 100 ms). This test checks what no slow
  // machine can break and a blocked event loop always does: the server goes on answering while a
  // post waits for the lock. SQLite's own busy timeout would wait on the event loop, and then no
  // page, and no read of the messages, would be answered until the post's 5 s were over. A read of
  // the messages themselves is recorded in the audit trail (a write): while the lock is held it
  // cannot be, so it answers 503 at once and shows nothing; the counts, which are not recorded,
  // answer as before.
  it('never freezes the server: pages and reads answer all the while posts wait, which are stored after the lock or refused with 503, none lost', async () => {
    const server = await launch();
    expect((await contactPost(server.port, 'before the lock')).status).toBe(201);
    const auth = { Authorization: await apiToken(server.url) };
    // The token's first use is written (then at most once a minute): before the lock.
    expect((await fetch(`${server.url}/api/messages/by-city`, { headers: auth })).status).toBe(200);
    const db = new Database(path.join(server.dataDir, 'clinic.db'));
    try {
      db.exec('BEGIN IMMEDIATE');
      const lockedAt = performance.now();
      // Held 6 s: past the 5 s a post may wait (store/busy.ts), so the first post is refused and the
      // second, sent 3 s in, is stored once the lock goes.
      const released = sleep(6000).then(() => {
        db.exec('COMMIT');
        return performance.now();
      });
      const timed = (p: ReturnType<typeof contactPost>) => p.then((r) => ({ ...r, at: performance.now() }));
      const firstSentAt = performance.now();
      const first = timed(contactPost(server.port, 'refused while locked'));
      let secondSentAt = 0;
      const second = sleep(3000).then(() => {
        secondSentAt = performance.now();
        return timed(contactPost(server.port, 'stored after the lock'));
      });
      const answer = (path: string) =>
        fetch(`${server.url}${path}`, { headers: auth }).then(async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text(), at: performance.now() }));
      const read = answer('/api/messages/by-city');
      const audited = answer('/api/messages');
      const times = await pageTimes(`${server.url}/`, Promise.all([released, first, second, read, audited]), 50);
      const [releasedAt, refused, stored, messages, list] = await Promise.all([released, first, second, read, audited]);
      expect(messages.status, messages.body).toBe(200);
      expect(JSON.parse(messages.body)).toMatchObject({ cities: [expect.objectContaining({ total: 1 })] });
      // No read of a message goes unrecorded: refused while the trail cannot be written, its text never sent.
      expect([list.status, list.retryAfter]).toEqual([503, '5']);
      expect(list.body).not.toContain('before the lock');
      expect(list.at - firstSentAt).toBeLessThan((refused.at - firstSentAt) / 2);
      expect(times.every((t) => t.status === 200)).toBe(true);

      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.at - lockedAt).toBeGreaterThan(4900);
      expect(stored.status).toBe(201);
      expect(stored.at).toBeGreaterThanOrEqual(releasedAt);
      // Measured against the waits themselves (5 s, then 3 s), not against a clock: the read of the
      // messages was answered in the first half of the first post's wait, and pages all through
      // each wait, never a silence as long as half of it. On a working server a single GET would
      // have to take 1.5 s for either to fail; a blocked one is silent for the whole wait.
      const firstWait = refused.at - firstSentAt;
      expect(messages.at - firstSentAt).toBeLessThan(firstWait / 2);
      expect(longestSilence(times, firstSentAt, refused.at)).toBeLessThan(firstWait / 2);
      expect(longestSilence(times, secondSentAt, stored.at)).toBeLessThan((stored.at - secondSentAt) / 2);
      // Both stored, sealed at rest (leads/sealing.ts): the rows hold none of the text.
      const rows = db.prepare('SELECT message, sealed FROM messages ORDER BY id').all() as { message: string; sealed: string | null }[];
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.message === '' && r.sealed !== null && !r.sealed.includes('lock'))).toBe(true);
      // Once the lock is gone the list reads, and the read is on the trail.
      const after = await answer('/api/messages');
      expect(after.status).toBe(200);
      expect((JSON.parse(after.body) as { messages: { message: string }[] }).messages.map((m) => m.message)).toEqual(['stored after the lock', 'before the lock']);
      expect(db.prepare("SELECT outcome FROM audit_log WHERE action = 'message.list'").all()).toEqual([{ outcome: 200 }]);
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    }
  });
});
