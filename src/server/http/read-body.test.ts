import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.js';
import { readBody, type BodyResult } from './read-body.js';

/**
 * readBody over a real socket, as @hono/node-server hands a request to the app: the Node request
 * is read directly, and a request Node has already destroyed goes through @hono/node-server,
 * which keeps what it had buffered.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server whose one route reads the body once `ready(incoming)` says so; the results land in `seen`. */
async function serverReading(ready: (destroyed: boolean) => boolean): Promise<{ port: number; seen: { destroyed: boolean; body: BodyResult }[] }> {
  const seen: { destroyed: boolean; body: BodyResult }[] = [];
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const incoming = c.env.incoming!;
    for (let i = 0; i < 200 && !ready(incoming.destroyed); i++) await sleep(10);
    const destroyed = incoming.destroyed;
    seen.push({ destroyed, body: await readBody(c.req.raw, 1024, incoming) });
    return c.text('ok');
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, seen };
}

async function waitFor<T>(list: T[]): Promise<T> {
  for (let i = 0; i < 300 && list.length === 0; i++) await sleep(10);
  if (list.length === 0) throw new Error('the route never read the body');
  return list[0]!;
}

const request = (body: string) => `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('readBody on a real socket', () => {
  it('reads the body from the Node request', async () => {
    const { port, seen } = await serverReading(() => true);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('data', () => socket.end());
    socket.write(request('Héllo, clinic'));
    const got = await waitFor(seen);
    expect(got.destroyed).toBe(false);
    expect(got.body).toEqual({ ok: true, text: 'Héllo, clinic' });
  });

  it('keeps a body sent whole when the client closed before it was read', async () => {
    const { port, seen } = await serverReading((destroyed) => destroyed);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.end(request('A message that fully arrived'));
    const got = await waitFor(seen);
    expect(got.destroyed).toBe(true);
    expect(got.body).toEqual({ ok: true, text: 'A message that fully arrived' });
  });
});
