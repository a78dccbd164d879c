import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/pg-cluster.mjs';
import { validMessage } from '../helpers/server-app.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';

/**
 * Crash test on PostgreSQL (issue 14): eight clients post in a loop across two servers; one server
 * is SIGKILLed mid-stream, and PostgreSQL itself is restarted once (an immediate stop, as a crash
 * of the database would be). A client that gets no 201 sends the same message again, with the same
 * Idempotency-Key, to whichever server is up. Every acknowledged message must be stored exactly
 * once, with the id it was acknowledged with. The cluster is this test's own: it restarts it.
 */
let cluster: Cluster;
const servers: ServeProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster({ fsync: true });
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  cluster?.stop();
});

type Outcome = { status: number; id?: string; retryAfter?: string | null };

async function send(server: ServeProcess, key: string): Promise<Outcome> {
  try {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ ...validMessage({ message: `crash test message ${key}` }), site: 'tampa', page: 'contact/' }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string };
    return { status: res.status, id: res.status === 201 ? body.id : undefined, retryAfter: res.headers.get('retry-after') };
  } catch {
    return { status: 0 }; // refused, reset by the kill, or timed out: the outcome is unknown
  }
}

describe('crash safety on PostgreSQL', () => {
  it('keeps every acknowledged message exactly once across a SIGKILLed server and a PostgreSQL restart', async () => {
    // One data key for the group: every server of a database is given the same.
    const env = { DATABASE_URL: cluster.url, DATA_KEY: randomBytes(32).toString('base64'), CONTACT_RATE_LIMIT: '0' };
    servers.push(...(await Promise.all([0, 1].map(() => startServeProcess({ env })))));
    const [first, second] = servers as [ServeProcess, ServeProcess];
    const acked = new Map<string, string>();
    const unavailable: Outcome[] = [];
    let unknown = 0;
    let killed = false;
    let restarted = false;
    let restart: Promise<void> | undefined;
    let stop = false;
    const deadline = Date.now() + 60_000;

    const clients = Array.from({ length: 8 }, async (_, c) => {
      for (let n = 0; !stop && Date.now() < deadline; n++) {
        const key = `pg-crash-${c}-${n}`;
        // Alternate servers; once the first is dead, everything goes to the second.
        let target = !killed && n % 2 === 0 ? first : second;
        for (let attempt = 0; Date.now() < deadline; attempt++) {
          // The request that triggers the kill goes to the first server, so the kill always cuts one.
          if (!killed && acked.size >= 150) target = first;
          const pending = send(target, key);
          if (!killed && acked.size >= 150) {
            killed = true;
            // Killed with requests in flight: their outcome is unknown to the clients.
            first.child.kill('SIGKILL');
          } else if (killed && !restarted && acked.size >= 300) {
            restarted = true;
            // Down for half a second while the clients go on posting, then up again.
            restart = (async () => {
              await cluster.killAsync();
              await new Promise((r) => setTimeout(r, 500));
              await cluster.startAsync();
            })();
          }
          const outcome = await pending;
          if (outcome.id) {
            acked.set(key, outcome.id);
            break;
          }
          if (outcome.status === 503) unavailable.push(outcome);
          else if (outcome.status === 0) unknown++;
          // Not acknowledged: the same message again, with its key, to the server that is up.
          target = second;
          await new Promise((r) => setTimeout(r, Math.min(50 * (attempt + 1), 500)));
        }
        if (acked.size >= 450) stop = true;
      }
    });
    await Promise.all(clients);
    await restart;
    expect(killed).toBe(true);
    expect(restarted).toBe(true);
    expect(acked.size).toBeGreaterThanOrEqual(450);
    // The kill cut requests in flight (their outcome unknown to the clients); while PostgreSQL was
    // down the survivor said so with 503, and when to try again.
    expect(unknown).toBeGreaterThan(0);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) expect(o.retryAfter).toMatch(/^\d+$/);

    const client = new pg.Client(cluster.url);
    await client.connect();
    try {
      const rows = (await client.query('SELECT public_id, idempotency_key, site, city FROM messages')).rows as { public_id: string; idempotency_key: string; site: string; city: string }[];
      const byKey = new Map<string, string[]>();
      for (const r of rows) byKey.set(r.idempotency_key, [...(byKey.get(r.idempotency_key) ?? []), r.public_id]);
      for (const [key, id] of acked) expect(byKey.get(key), key).toEqual([id]);
      expect([...byKey.values()].every((ids) => ids.length === 1)).toBe(true);
      expect(new Set(rows.map((r) => `${r.site}|${r.city}`))).toEqual(new Set(['tampa|Tampa']));
    } finally {
      await client.end();
    }

    // The survivor reconnected by itself and is ready again (its probe runs every second).
    const until = Date.now() + 10_000;
    while ((await fetch(`${second.url}/readyz`)).status !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  }, 120_000);
});
