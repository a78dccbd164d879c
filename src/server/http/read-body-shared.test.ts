import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, expect, it } from 'vitest';
import type { AppEnv } from './app-env.js';
import { readBytes, type BytesResult } from './read-body.js';

/**
 * readBytes's `shared`, on a real socket (the import route's read, cities/import-routes.ts): a body
 * of a declared length is gathered chunk by chunk into a SharedArrayBuffer, the same bytes; one
 * sent chunked (no length) is read as before.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serverReading(): Promise<{ url: string; seen: BytesResult[] }> {
  const seen: BytesResult[] = [];
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    seen.push(await readBytes(c.req.raw, 4 * 1024 * 1024, c.env.incoming, { shared: true }));
    return c.text('ok');
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

// 2 MB of varied bytes: many chunks on the socket.
const body = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 7919) % 251));

it('gathers a body of a declared length into shared memory, byte for byte', async () => {
  const { url, seen } = await serverReading();
  const res = await fetch(url, { method: 'POST', body, headers: { 'Content-Length': String(body.byteLength) } });
  expect(res.status).toBe(200);
  const read = seen[0]!;
  if (!read.ok) throw new Error(read.reason);
  expect(read.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(Buffer.compare(Buffer.from(read.bytes), body)).toBe(0);
});

it('reads a chunked body (no length) as before, and still refuses one over the limit', async () => {
  const { url, seen } = await serverReading();
  const stream = (bytes: Buffer) =>
    new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let at = 0; at < bytes.byteLength; at += 100_000) ctl.enqueue(bytes.subarray(at, at + 100_000));
        ctl.close();
      },
    });
  const send = (bytes: Buffer) => fetch(url, { method: 'POST', body: stream(bytes), duplex: 'half' } as RequestInit);
  expect((await send(body)).status).toBe(200);
  const read = seen[0]!;
  if (!read.ok) throw new Error(read.reason);
  expect(read.bytes.buffer).not.toBeInstanceOf(SharedArrayBuffer);
  expect(Buffer.compare(Buffer.from(read.bytes), body)).toBe(0);
  await send(Buffer.concat([body, body, body]));
  expect(seen[1]).toMatchObject({ ok: false, status: 413 });
});
