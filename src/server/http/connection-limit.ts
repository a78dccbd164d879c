import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIp, rateKey } from './client-address.js';

/**
 * Caps on open connections, so idle sockets cannot use up the process's file descriptors
 * (1,050 idle sockets under `ulimit -n 1024` once made every page and post fail). A connection
 * past a cap is closed at once, keeping no descriptor. When the total is reached, the connection
 * idle the longest (no request yet, or between keep-alive requests) makes room for the new one,
 * so a flood of idle sockets from many addresses cannot lock real visitors out; one that sends
 * no complete request head within `firstRequestMs` is closed. One pool can serve several
 * listeners (the admin and the hosted sites), which then share its total.
 */
export interface ConnectionLimits {
  /** Open connections across every listener of the pool (lowered to fit the descriptor limit). */
  max: number;
  /** Open connections from one client address; an IPv6 /64 counts as one client. */
  perClient: number;
  /** A connection that has sent no complete request head by then is closed. */
  firstRequestMs: number;
  /** Peers not capped per client: a trusted proxy carries many clients on its connections. */
  exempt?: ReadonlySet<string>;
}

export interface ConnectionPool {
  /** The total cap in force (`max`, or less when the descriptor limit is lower). */
  readonly max: number;
  /** Connections open now. */
  open(): number;
  /** Connections closed by a cap or by the first-request timeout since the pool was made. */
  refused(): number;
  /** Applies the caps to one more listener (call before it listens). */
  attach(server: Server): void;
}

interface Entry {
  client?: string;
  timer?: NodeJS.Timeout;
}

/** Descriptors kept free for the database, uploads, deployments and the listeners themselves. */
const FD_SHARE = 0.7;

/** Makes a pool; pass it to limitConnections for each listener that should share its caps. */
export function connectionPool(limits: ConnectionLimits, fdLimit = openFileLimit()): ConnectionPool {
  const max = Math.max(1, Math.min(limits.max, fdLimit ? Math.floor(fdLimit * FD_SHARE) : limits.max));
  const entries = new Map<Socket, Entry>();
  const perClient = new Map<string, number>();
  // Insertion-ordered: the first is the connection idle the longest.
  const idle = new Set<Socket>();
  let refused = 0;

  const release = (socket: Socket) => {
    const entry = entries.get(socket);
    if (!entry) return;
    entries.delete(socket);
    idle.delete(socket);
    clearTimeout(entry.timer);
    if (entry.client !== undefined) {
      const n = (perClient.get(entry.client) ?? 1) - 1;
      if (n > 0) perClient.set(entry.client, n);
      else perClient.delete(entry.client);
    }
  };
  const close = (socket: Socket) => {
    release(socket);
    refused++;
    socket.destroy();
  };

  const admit = (socket: Socket) => {
    const peer = normalizeIp(socket.remoteAddress ?? '');
    const client = limits.exempt?.has(peer) ? undefined : rateKey(peer);
    if (client !== undefined && (perClient.get(client) ?? 0) >= limits.perClient) return close(socket);
    if (entries.size >= max) {
      const oldest = idle.values().next();
      if (oldest.done) return close(socket);
      close(oldest.value);
    }
    const entry: Entry = { client, timer: setTimeout(() => close(socket), limits.firstRequestMs) };
    entry.timer!.unref();
    entries.set(socket, entry);
    if (client !== undefined) perClient.set(client, (perClient.get(client) ?? 0) + 1);
    idle.add(socket);
    socket.once('close', () => release(socket));
  };
  const busy = (socket: Socket) => {
    const entry = entries.get(socket);
    if (!entry) return;
    idle.delete(socket);
    clearTimeout(entry.timer);
    entry.timer = undefined;
  };
  const rest = (socket: Socket) => {
    if (!entries.has(socket) || socket.destroyed) return;
    // To the end of the line: the longest idle stays first. The keep-alive timeout closes it later.
    idle.delete(socket);
    idle.add(socket);
  };

  return {
    max,
    open: () => entries.size,
    refused: () => refused,
    attach(server) {
      server.on('connection', admit);
      // 'request' comes once the request head is complete.
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        busy(req.socket);
        res.once('finish', () => rest(req.socket));
      });
    },
  };
}

/** Applies a pool's caps to an HTTP server (call before it listens); the same pool may serve several. */
export function limitConnections(server: Server, pool: ConnectionPool): void {
  pool.attach(server);
}

/** The soft limit on open files of this process (Linux), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line && line[1] !== 'unlimited' ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}
