import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { resolveServerConfig, type ServerFlags } from '../../src/server/settings/config.js';
import { memoryLogger } from '../../src/server/log/logger.js';
import { serveClinic, type RunningServer, type ServeOptions } from '../../src/server/serve.js';
import { createToken, signIn, TEST_ADMIN_ENV, type SignedIn } from '../helpers/accounts.js';
import { TEST_FILES, testConfig } from '../helpers/server-app.js';

/** Integration-test plumbing: a real server on a free port with a real database in a temp dir. */

export interface TestServer extends RunningServer {
  dataDir: string;
  logs: ReturnType<typeof memoryLogger>;
  /** Number of stored messages, read through a separate connection like an operator would. */
  count(): number;
  /** Every stored message's text. */
  messages(): { message: string; first_name: string; idempotency_key: string | null }[];
  /**
   * The first owner (TEST_ADMIN) signed in over HTTP, second factor set up on the way: made once,
   * on first use, and shared by the test (the account's TOTP code is single-use, so a second
   * sign-in would have to wait for the next 30-second step).
   */
  session(): Promise<SignedIn>;
  /** `Authorization` header value of an owner's API token, made once by session(): what a script sends. */
  owner(): Promise<string>;
  stop(): Promise<void>;
}

/** Extra settings: flags as `clinic-gen serve` takes them (port 0 and a temp data folder unless given), and test timings. */
export type TestServerOptions = ServerFlags & Pick<ServeOptions, 'mailTiming' | 'shutdownGraceMs' | 'lockGraceMs'>;

/**
 * Resolves `env` and the flags like `clinic-gen serve` does (errors thrown), then listens. Every
 * server gets its first owner (TEST_ADMIN) and a data key of its own unless `env` names them
 * ('' unsets a variable); a key file it would make goes inside the data folder, never the user's home.
 */
export async function startTestServer(given: Record<string, string> = {}, extra: TestServerOptions = {}): Promise<TestServer> {
  const { mailTiming, shutdownGraceMs, lockGraceMs, ...flags } = extra;
  const dataDir = flags.dataDir ?? mkdtempSync(path.join(tmpdir(), 'clinic-int-'));
  const env: Record<string, string> = { ...TEST_ADMIN_ENV, DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: path.join(dataDir, '.config'), ...given };
  for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
  const resolved = resolveServerConfig({ flags: { port: 0, ...flags, dataDir }, env });
  if (!resolved.ok) {
    if (!extra.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(resolved.errors.join('\n'));
  }
  const logs = memoryLogger();
  const server = await serveClinic({
    clinic: testConfig(),
    server: resolved.config,
    files: TEST_FILES,
    logger: logs,
    mailTiming,
    shutdownGraceMs,
    lockGraceMs,
  }).catch((err: unknown) => {
    if (!extra.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const read = <T>(sql: string): T[] => {
    const db = new Database(server.store.location, { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
  let session: Promise<SignedIn> | undefined;
  let owner: Promise<string> | undefined;
  // A server listening on every interface prints a wildcard address no Host rule names: sign in through loopback.
  const adminUrl = /^http:\/\/(0\.0\.0\.0|\[::\]):/.test(server.url) ? `http://127.0.0.1:${server.port}` : server.url;
  const signedIn = () => (session ??= signIn(adminUrl));
  return {
    ...server,
    dataDir,
    logs,
    session: signedIn,
    owner: () => (owner ??= signedIn().then((s) => createToken(adminUrl, s))),
    count: () => read<{ n: number }>('SELECT count(*) AS n FROM messages')[0]!.n,
    messages: () => read('SELECT message, first_name, idempotency_key FROM messages ORDER BY id'),
    async stop() {
      await server.close();
      if (!extra.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given over a TCP socket (fetch would fix up what these tests break:
 * Content-Length, dot segments, chunking). `parts` are written one after another; writing stops
 * quietly if the server closes the connection early, as it may after answering 413.
 */
export function rawRequest(port: number, parts: (string | Buffer)[]): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined); // EPIPE / ECONNRESET after an early answer
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m) return reject(new Error(`no HTTP response, got ${JSON.stringify(text.slice(0, 200))}`));
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(m[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.on('connect', async () => {
      for (const part of parts) {
        if (socket.destroyed) break;
        await new Promise<void>((done) => socket.write(part, () => done()));
      }
    });
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

/** A raw GET with Connection: close. */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return rawRequest(port, [`${lines.join('\r\n')}\r\n\r\n`]);
}
