import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, validMessage } from '../../src/server/testing.js';
import { rawRequest, startTestServer, type TestServer } from './helpers.js';

/**
 * The list of bad inputs against a real port and a real database file: each gets the
 * right 4xx and leaves the database as it was.
 */
const PASSWORD = 'integration-password-1';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_PASSWORD: PASSWORD, CONTACT_RATE_LIMIT: '0' });
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
    ['malformed JSON', '{"firstName":"Jo","lastName":', 400],
    ['wrong types', JSON.stringify({ firstName: 1, lastName: true, email: ['a@example.com'], message: { text: 'x' } }), 400],
    ['missing fields', JSON.stringify({ email: 'a@example.com' }), 400],
    ['10,000-character fields', JSON.stringify(validMessage({ firstName: 'n'.repeat(10_000), message: 'm'.repeat(10_000) })), 400],
    ['__proto__ keys', `{"__proto__":{"isAdmin":true},${JSON.stringify(validMessage()).slice(1)}`, 400],
    ['a 1 MB body', JSON.stringify(validMessage({ message: 'x'.repeat(1024 * 1024) })), 413],
  ])('%s -> %i', async (_name, body, status) => {
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
    const list = (await (await fetch(`${server.url}/api/messages?pageSize=200`, { headers: { Authorization: basic(PASSWORD) } })).json()) as {
      messages: { id: string; firstName: string; message: string }[];
    };
    expect(list.messages.find((m) => m.id === id)).toMatchObject({ firstName: 'Zoë 🌴', message });
    const csv = await (await fetch(`${server.url}/api/messages.csv`, { headers: { Authorization: basic(PASSWORD) } })).text();
    expect(csv).toContain('"Zoë 🌴"');
    expect(csv).toContain('""quoted""');
    expect(server.messages().some((m) => m.message === message)).toBe(true);
  });
});
