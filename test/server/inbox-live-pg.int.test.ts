import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/pg.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';

/**
 * Issue 37 item 4 across servers: two `clinic-gen serve` processes on one PostgreSQL. An inbox's
 * event stream open on one server hears of a message posted to the other, and of a status change
 * made there (PostgreSQL's LISTEN/NOTIFY, the change feed of pg/notify.ts), once each; a server
 * stopping ends its streams (shutdown does not wait for them).
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServeProcess;
let b: ServeProcess;
/** An owner's token, made on one server: the store is shared, so both take it. */
let owner: string;

beforeAll(async () => {
  db = await freshDatabase();
  const env = { DATABASE_URL: db.url, DATA_KEY: randomBytes(32).toString('base64'), CONTACT_RATE_LIMIT: '0' };
  [a, b] = (await Promise.all([0, 1].map(() => startServeProcess({ env })))) as [ServeProcess, ServeProcess];
  owner = await a.owner();
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].map((s) => s?.stop()));
  await db?.drop();
});

/** The stream of `server` as its owner's token: reads until a pattern shows, 200 reads at most. */
async function stream(server: ServeProcess) {
  const res = await fetch(`${server.url}/api/inbox/events`, { headers: { Authorization: owner } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    reader,
    text: () => text,
    async until(re: RegExp) {
      for (let i = 0; i < 200 && !re.test(text); i++) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(re);
    },
  };
}

describe('the live inbox on two servers', () => {
  it("hears on one server of a message posted to the other, and of a status change made there, once each", async () => {
    const onB = await stream(b);
    await onB.until(/event: hello/);
    const posted = await fetch(`${a.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ruth', lastName: 'Vale', email: 'ruth@example.com', phone: '', service: 'TRT Therapy', message: 'Please call me about TRT.', site: 'tampa', page: 'contact/' }),
    });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    await onB.until(new RegExp(`"kind":"new","id":"${id}","site":"tampa"`));
    const changed = await fetch(`${a.url}/api/inbox/${id}/status`, {
      method: 'PUT',
      headers: { Authorization: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'contacted' }),
    });
    expect(changed.status).toBe(200);
    await onB.until(new RegExp(`"kind":"status","id":"${id}","site":"tampa"`));
    expect(onB.text().match(/"type":"change"/g)).toHaveLength(2);
    expect(onB.text()).not.toMatch(/Ruth|Vale|ruth@example.com|TRT/);

    // Stopping a server ends its streams: stop() returns, and the stream reads to its end.
    const onA = await stream(a);
    await onA.until(/event: hello/);
    await a.stop();
    let done = false;
    for (let i = 0; i < 100 && !done; i++) done = (await onA.reader.read().catch(() => ({ done: true }))).done;
    expect(done).toBe(true);
    await onB.reader.cancel();
  }, 60_000);
});
