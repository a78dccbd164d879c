import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFixture } from '../helpers/bundle-fixture.js';
import { validMessage } from '../helpers/server-app.js';

/**
 * Crash test: a client posts messages in a loop, the server process is SIGKILLed mid-stream and
 * restarted on the same data folder. Every message that got a 201 must be in the database, and no
 * message twice (the client retries the unanswered ones with their Idempotency-Key), each with its city.
 *
 * The server runs as a real child process (test/fixtures/run-server.ts, bundled by bundleFixture).
 */
let bundle: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  bundle = await bundleFixture('test/fixtures/run-server.ts');
  dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-crash-'));
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
});

function launch(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [bundle, dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH } });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

function countRows(): number {
  const db = new Database(path.join(dataDir, 'clinic.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

type Outcome = { key: string; id?: string };

async function send(url: string, key: string): Promise<Outcome> {
  try {
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      // Every message claims its city, as the generated form does; the city must survive the kill too.
      body: JSON.stringify({ ...validMessage({ message: `crash test message ${key}` }), site: 'wesley-chapel', page: 'contact/' }),
    });
    return res.status === 201 ? { key, id: ((await res.json()) as { id: string }).id } : { key };
  } catch {
    return { key }; // connection refused or reset by the kill: outcome unknown
  }
}

describe('crash safety', () => {
  it('keeps every acknowledged message exactly once across SIGKILL and restart', async () => {
    const first = await launch();
    const outcomes = new Map<string, Outcome>();
    let n = 0;
    let killed = false;
    const acked = () => [...outcomes.values()].filter((o) => o.id).length;
    // Eight clients post as fast as they can. The one that sees 150 acknowledgements sends one more
    // request and kills the server before awaiting it, so the kill always lands on a request in
    // flight (under load, every other response may already sit in a socket buffer).
    const clients = Array.from({ length: 8 }, async (_, c) => {
      while (!killed) {
        const key = `crash-${c}-${n++}`;
        const pending = send(first.url, key);
        if (acked() >= 150 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
        outcomes.set(key, await pending);
      }
    });
    await Promise.all(clients);
    await new Promise((r) => first.child.exitCode !== null || first.child.signalCode ? r(null) : first.child.once('exit', r));

    const acknowledged = [...outcomes.values()].filter((o) => o.id);
    const unanswered = [...outcomes.values()].filter((o) => !o.id);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    // The request sent with the kill was in flight: its outcome is unknown to the client.
    expect(unanswered.length).toBeGreaterThan(0);
    // Durable before any restart: the file alone, read right after the kill, has every 201.
    expect(countRows()).toBeGreaterThanOrEqual(acknowledged.length);

    const second = await launch();
    // The client retries what it never got an answer for; the key keeps those from doubling.
    for (const o of unanswered) {
      const retry = await send(second.url, o.key);
      expect(retry.id).toBeDefined();
    }

    const db = new Database(path.join(dataDir, 'clinic.db'), { readonly: true });
    const rows = db.prepare('SELECT public_id, idempotency_key, site, city, page FROM messages').all() as {
      public_id: string;
      idempotency_key: string;
      site: string;
      city: string;
      page: string;
    }[];
    db.close();
    // Every row, acknowledged before the kill or retried after it, carries its city.
    expect(new Set(rows.map((r) => `${r.site}|${r.city}|${r.page}`))).toEqual(new Set(['wesley-chapel|Wesley Chapel|contact/']));
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r.public_id]));
    expect(byKey.size).toBe(rows.length); // none twice
    for (const o of acknowledged) expect(byKey.get(o.key)).toBe(o.id); // every 201 is there, with its id
    expect(rows.length).toBe(outcomes.size);

    // Graceful stop: SIGTERM lets the process finish and exit on its own with code 0.
    const exited = new Promise<number | null>((r) => second.child.once('exit', (code) => r(code)));
    second.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
