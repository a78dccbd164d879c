import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { adminFormConfig, TEST_FILES, validMessage } from '../helpers/server-app.js';
import { rawRequest, startTestServer, type TestServer } from './helpers.js';

/**
 * The list of bad inputs against a real port and a real database file: each gets the
 * right 4xx and leaves the database as it was.
 */
let server: TestServer;
/** The owner's API token (`Authorization` value). */
let owner: string;
beforeAll(async () => {
  server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  owner = await server.owner();
});
afterAll(() => server.stop());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

function rawPost(headers: string[], body: (string | Buffer)[]) {
  const head = ['POST /api/contact HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close', ...headers].join('\r\n');
  return rawRequest(server.port, [`${head}\r\n\r\n`, ...body]);
}

function chunked(payload: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < payload.length; i += size) {
    const part = payload.subarray(i, i + size);
    out.push(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
  }
  out.push(Buffer.from('0\r\n\r\n'));
  return out;
}

describe('bad input over a real socket: right 4xx, nothing stored', () => {
  it.each([
    ['malformed JSON', 400, '{"firstName":"Jo","lastName":'],
    ['wrong types', 400, JSON.stringify({ firstName: 1, lastName: true, email: ['a@example.com'], message: { text: 'x' } })],
    ['missing fields', 400, JSON.stringify({ email: 'a@example.com' })],
    ['10,000-character fields', 400, JSON.stringify(validMessage({ firstName: 'n'.repeat(10_000), message: 'm'.repeat(10_000) }))],
    ['__proto__ keys', 400, `{"__proto__":{"isAdmin":true},${JSON.stringify(validMessage()).slice(1)}`],
    ['a 1 MB body', 413, JSON.stringify(validMessage({ message: 'x'.repeat(1024 * 1024) }))],
  ])('%s -> %i', async (_name, status, body) => {
    const before = server.count();
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
    expect(server.count()).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('a chunked 1 MB body with no Content-Length -> 413', async () => {
    const before = server.count();
    const payload = Buffer.from(JSON.stringify(validMessage({ message: 'c'.repeat(1024 * 1024) })));
    const res = await rawPost(['Content-Type: application/json', 'Transfer-Encoding: chunked'], chunked(payload, 16 * 1024));
    expect(res.status).toBe(413);
    expect(server.count()).toBe(before);
  });

  it('a small valid chunked body with no Content-Length is accepted', async () => {
    const before = server.count();
    const res = await rawPost(['Content-Type: application/json', 'Transfer-Encoding: chunked'], chunked(Buffer.from(JSON.stringify(validMessage())), 7));
    expect(res.status).toBe(201);
    expect(server.count()).toBe(before + 1);
  });

  it('Content-Length: abc -> 400', async () => {
    const before = server.count();
    const res = await rawPost(['Content-Type: application/json', 'Content-Length: abc'], [JSON.stringify(validMessage())]);
    expect(res.status).toBe(400);
    expect(server.count()).toBe(before);
  });

  it('a text/plain post -> 415', async () => {
    const res = await post(JSON.stringify(validMessage()), { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
  });
});

describe('unicode round trip', () => {
  it('stores emoji and non-Latin text and reads them back intact through the admin API and CSV', async () => {
    const message = 'Hola 👋🏽 — 予約したいです. Тестостерон? 💉 "quoted" \u2028 end';
    const res = await post(JSON.stringify(validMessage({ firstName: 'Zoë 🌴', message })));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const list = (await (await fetch(`${server.url}/api/messages?pageSize=200`, { headers: { Authorization: owner } })).json()) as {
      messages: { id: string; firstName: string; message: string }[];
    };
    expect(list.messages.find((m) => m.id === id)).toMatchObject({ firstName: 'Zoë 🌴', message });
    const csv = await (await fetch(`${server.url}/api/messages.csv`, { headers: { Authorization: owner } })).text();
    expect(csv).toContain('"Zoë 🌴"');
    expect(csv).toContain('""quoted""');
    // At rest the row holds none of it: the patient's words are sealed (leads/sealing.ts).
    expect(server.messages().some((m) => m.message.includes('Hola') || m.first_name.includes('Zoë'))).toBe(false);
  });
});

describe('cities and origins over a real socket', () => {
  const TAMPA = 'https://tampa.example.com';
  const admin = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { Authorization: owner, ...init.headers } });

  beforeAll(async () => {
    // Deployed from the admin with its config: tampa.example.com becomes an allowed origin by itself.
    // (A bare test config among the samples fails the doorway check: the operator confirms.)
    const config = adminFormConfig({ website: TAMPA });
    const res = await admin('/api/deploy-website', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ city: 'Tampa', businessName: config.businessName, domainName: 'tampa.example.com', files: TEST_FILES, config, confirmDoorway: true }),
    });
    expect(res.status).toBe(200);
  });

  it('takes a post from the deployed domain, with CORS for any origin and no credentials, filed under Tampa', async () => {
    const pre = await fetch(`${server.url}/api/contact`, { method: 'OPTIONS', headers: { Origin: TAMPA, 'Access-Control-Request-Method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await post(JSON.stringify({ ...validMessage({ firstName: 'Tampa' }), site: 'tampa', page: 'contact/' }), { Origin: TAMPA });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const list = (await (await admin('/api/messages?site=tampa')).json()) as { messages: { firstName: string; city: string; page: string; origin: string; registered: boolean }[] };
    expect(list.messages).toEqual([expect.objectContaining({ firstName: 'Tampa', city: 'Tampa', page: 'contact/', origin: TAMPA, registered: true })]);
  });

  it('files a form naming Orlando under Orlando, from Tampa’s domain marked as not registered', async () => {
    const orlando = await admin('/api/deploy-website', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ city: 'Orlando', domainName: 'orlando.example.com', files: TEST_FILES }),
    });
    expect(orlando.status).toBe(200);
    const res = await post(JSON.stringify({ ...validMessage({ firstName: 'Claimer' }), site: 'orlando', page: 'contact/' }), { Origin: TAMPA });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const inOrlando = (await (await admin('/api/messages?site=orlando')).json()) as { messages: { id: string; city: string; registered: boolean }[] };
    expect(inOrlando.messages.find((m) => m.id === id)).toMatchObject({ city: 'Orlando', registered: false });
  });

  it('takes a post from an origin nobody named, under the city its form names, marked as not registered', async () => {
    const before = server.count();
    const res = await post(JSON.stringify({ ...validMessage({ firstName: 'Stranger' }), site: 'tampa' }), { Origin: 'http://127.0.0.1:9' });
    expect(res.status).toBe(201);
    expect(server.count()).toBe(before + 1);
    const tampa = (await (await admin('/api/messages?site=tampa')).json()) as { messages: { firstName: string; origin: string; registered: boolean }[] };
    expect(tampa.messages.find((m) => m.firstName === 'Stranger')).toMatchObject({ origin: 'http://127.0.0.1:9', registered: false });
  });

  it('shows Tampa’s own contact page after a failed no-JavaScript post from Tampa', async () => {
    const body = new URLSearchParams({ ...validMessage({ email: 'nope' }), site: 'tampa', page: 'contact/', website: '' }).toString();
    const res = await post(body, { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TAMPA, Referer: `${TAMPA}/contact/` });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Northstar Men’s Health');
    expect(html).toContain('Invalid email address');
  });

  it('answers 422 when an Idempotency-Key is reused for another message, keeping the first', async () => {
    const key = { 'Idempotency-Key': 'int-key-0001' };
    expect((await post(JSON.stringify(validMessage({ message: 'The first message, stored.' })), key)).status).toBe(201);
    const res = await post(JSON.stringify(validMessage({ message: 'Another message, same key.' })), key);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toHaveProperty('Idempotency-Key');
    expect(server.messages().filter((m) => m.idempotency_key === 'int-key-0001')).toHaveLength(1);
    const list = (await (await fetch(`${server.url}/api/messages?pageSize=200`, { headers: { Authorization: owner } })).json()) as { messages: { message: string }[] };
    const texts = list.messages.map((m) => m.message);
    expect(texts.filter((t) => t === 'The first message, stored.')).toHaveLength(1);
    expect(texts).not.toContain('Another message, same key.');
  });

  it('exports 40,000 messages as CSV while the database stays free for other requests', async () => {
    const orlandoBefore = (((await (await admin('/api/messages?site=orlando&pageSize=1')).json()) as { total: number }).total);
    const db = new Database(server.store.location);
    const insert = db.prepare(
      `INSERT INTO messages (public_id, received_at, site, city, page, origin, first_name, last_name, email, phone, service, message)
       VALUES (?, '2025-03-01T00:00:00.000Z', 'orlando', 'Orlando', 'contact/', 'https://orlando.example.com', 'Bulk', 'Row', 'bulk@example.com', '', '', ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < 40_000; i++) insert.run(`bulk-${i}`, `Bulk message number ${i} asking about a visit.`);
    })();
    db.close();
    const res = await admin('/api/messages.csv?site=orlando');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let rows = 0;
    let last = '';
    let first = true;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = last + decoder.decode(value, { stream: true });
      const lines = text.split('\r\n');
      last = lines.pop()!;
      rows += lines.length;
      if (first) {
        // Half-way through a download nothing is locked: the admin API still answers.
        first = false;
        expect((await admin('/api/messages?pageSize=1')).status).toBe(200);
      }
    }
    expect(rows).toBe(orlandoBefore + 40_001);
    const byCity = (await (await admin('/api/messages/by-city')).json()) as { cities: { site: string; total: number }[] };
    expect(byCity.cities).toContainEqual(expect.objectContaining({ site: 'orlando', total: orlandoBefore + 40_000 }));
  }, 60_000);
});
