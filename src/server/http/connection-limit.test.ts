import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionPool, limitConnections, type ConnectionLimits, type ConnectionPool } from './connection-limit.js';

/** Connection caps on a real listener; the whole-server test under `ulimit -n 1024` is test/server/limits.int.test.ts. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(limits: Partial<ConnectionLimits>, handler?: (release: Promise<void>) => Promise<void>) {
  const pool = connectionPool({ max: 100, perClient: 100, firstRequestMs: 5_000, ...limits });
  let releaseAll!: () => void;
  const released = new Promise<void>((r) => (releaseAll = r));
  const server: Server = createServer((_req, res) => {
    void (handler ? handler(released) : Promise.resolve()).then(() => res.end('ok'));
  });
  limitConnections(server, pool);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  cleanups.push(() => {
    releaseAll();
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return { pool, port, releaseAll };
}

interface Idle {
  socket: net.Socket;
  /** Resolves when the server closed it. */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** A connection that sends nothing, from `from` (any 127.x address is this machine). */
async function idleSocket(port: number, from = '127.0.0.1'): Promise<Idle> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => undefined);
  let closed = false;
  const done = new Promise<void>((r) => socket.once('close', () => ((closed = true), r())));
  cleanups.push(() => void socket.destroy());
  await new Promise<void>((r, reject) => {
    socket.once('connect', () => r());
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return { socket, closed: done, isClosed: () => closed };
}

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check()` holds (a loaded machine may take its time), failing after 10 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (const end = performance.now() + 10_000; !check(); await settle(5)) {
    if (performance.now() > end) throw new Error(`not within 10 s: ${what}`);
  }
}

async function get(port: number, from = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => (text ? resolve(text.split('\r\n')[0]!) : reject(new Error('closed without an answer'))));
    socket.on('error', () => undefined);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const counts = (pool: ConnectionPool) => ({ open: pool.open(), refused: pool.refused() });

describe('connection caps', () => {
  it('closes connections past the per-client cap at once, and other clients still get in', async () => {
    const { pool, port } = await serve({ perClient: 3 });
    const sockets = [];
    for (let i = 0; i < 5; i++) sockets.push(await idleSocket(port, '127.0.0.2'));
    await Promise.all(sockets.slice(3).map((s) => s.closed));
    await settle(50);
    expect(sockets.map((s) => s.isClosed())).toEqual([false, false, false, true, true]);
    expect(counts(pool)).toEqual({ open: 3, refused: 2 });
    expect(await get(port, '127.0.0.1')).toBe('HTTP/1.1 200 OK');
  });

  it('at the total cap, closes the connection idle the longest to let a new one in', async () => {
    const { pool, port } = await serve({ max: 4 });
    const sockets = [];
    for (let i = 0; i < 4; i++) sockets.push(await idleSocket(port, `127.0.0.${10 + i}`));
    expect(await get(port)).toBe('HTTP/1.1 200 OK');
    await sockets[0]!.closed;
    expect(sockets.map((s) => s.isClosed())).toEqual([true, false, false, false]);
    expect(pool.refused()).toBe(1);
  });

  it('refuses a new connection when every open one is in the middle of a request', async () => {
    let started = 0;
    const { pool, port, releaseAll } = await serve({ max: 2 }, (release) => (started++, release));
    const answers = [get(port, '127.0.0.2'), get(port, '127.0.0.3')];
    // Both in the middle of their request (the handler has them), not merely connected.
    await until(() => started === 2, 'both requests in the handler');
    await expect(get(port, '127.0.0.4')).rejects.toThrow('closed without an answer');
    releaseAll();
    expect(await Promise.all(answers)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(pool.refused()).toBe(1);
  });

  it('closes a connection that sends no request in time', async () => {
    const { pool, port } = await serve({ firstRequestMs: 150 });
    const start = performance.now();
    const idle = await idleSocket(port);
    await idle.closed;
    expect(performance.now() - start).toBeGreaterThanOrEqual(140);
    await settle(20);
    expect(counts(pool)).toEqual({ open: 0, refused: 1 });
  });

  it('does not cap a trusted proxy per client: its connections carry many visitors', async () => {
    const { pool, port } = await serve({ perClient: 2, exempt: new Set(['127.0.0.1']) });
    for (let i = 0; i < 4; i++) await idleSocket(port, '127.0.0.1');
    // Connected on this side is not yet accepted on the server's: wait for the four to be counted.
    await until(() => pool.open() + pool.refused() === 4, 'the four connections admitted or refused');
    expect(counts(pool)).toEqual({ open: 4, refused: 0 });
  });

  it('keeps the total below 70% of the descriptor limit', () => {
    const limits = { max: 700, perClient: 64, firstRequestMs: 10_000 };
    expect(connectionPool(limits, 1024).max).toBe(700);
    expect(connectionPool(limits, 256).max).toBe(179);
    expect(connectionPool(limits, undefined).max).toBe(700);
  });
});
