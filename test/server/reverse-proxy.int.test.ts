import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_DIR_ENV } from '../../src/site/images/cache-dir.js';
import { randomBytes } from 'node:crypto';
import { TEST_FILES, validMessage } from '../helpers/server-app.js';
import { apiToken, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/accounts.js';
import { startCluster, type Cluster } from '../../scripts/pg-cluster.mjs';
import { ROOT } from '../helpers/site.js';

/**
 * docs/more-than-one-server.md, run as written: docs/examples/nginx-clinic.conf in Debian's
 * nginx in front of two `clinic-gen serve` processes (the built bin) sharing one PostgreSQL. Only
 * the ports change (free ones for 3000, 3001, 3100, 3101 and 80). Every request goes to nginx with
 * the Host a browser would send, since clinic.example.com resolves nowhere. PostgreSQL is a
 * cluster of this file's own (scripts/pg-cluster.mjs), not the run's shared one: a test stops it.
 */

const NGINX = '/usr/sbin/nginx';
/** The group's data key: every server of one database is given the same. */
const DATA_KEY = randomBytes(32).toString('base64');
const ADMIN = 'clinic.example.com';
const SITES = 'sites.clinic.example.com';
const CITY_DOMAIN = 'tampa.example.com';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Send {
  method?: string;
  path: string;
  /** Host header, port included as a browser sends it. */
  host: string;
  headers?: Record<string, string>;
  body?: string;
  /** Source address on loopback (127.0.0.x): another visitor as nginx sees it. */
  from?: string;
}

/** One HTTP request on a new connection to 127.0.0.1:port, answered within 15 s. */
function send(port: number, o: Send): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: o.host, ...o.headers };
    if (o.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(o.body));
    const req = http.request({ host: '127.0.0.1', port, method: o.method ?? 'GET', path: o.path, headers, agent: false, localAddress: o.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${o.method ?? 'GET'} ${o.host}${o.path} within 15 s`)));
    req.on('error', reject);
    req.end(o.body);
  });
}

/** A port nobody listens on now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A child process and everything it printed, for the failure messages. */
interface Child {
  proc: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out.slice(-4000), exited };
}

/** SIGTERM, then SIGKILL if it has not exited after `ms`; resolves with the exit code. */
async function stop(child: Child, ms = 15_000): Promise<number | null> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return child.proc.exitCode;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), ms);
  try {
    return await child.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until `ready()` is true, failing after `ms` or as soon as the child has exited. */
async function waitFor(what: string, child: Child, ready: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) throw new Error(`${what}: the process exited (${child.proc.exitCode ?? child.proc.signalCode}):\n${child.output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not ready within ${ms / 1000} s:\n${child.output()}`);
}

interface ClinicServer {
  port: number;
  sitesPort: number;
  dataDir: string;
  child: Child;
}

const children: Child[] = [];
const tempDirs: string[] = [];
let cluster: Cluster | undefined;
let proxyPort = 0;
let servers: ClinicServer[] = [];
/** `Authorization` value of the first owner's API token (made on one server directly, used through nginx as a script would). */
let owner = '';

const adminHost = () => `${ADMIN}:${proxyPort}`;
const sitesHost = () => `${SITES}:${proxyPort}`;
const cityHost = () => `${CITY_DOMAIN}:${proxyPort}`;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** One `clinic-gen serve` of configs/tampa.yaml on the shared database, as an operator starts it. */
async function startServer(): Promise<ClinicServer> {
  const [port, sitesPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    [CACHE_DIR_ENV]: process.env[CACHE_DIR_ENV],
    DATABASE_URL: cluster!.url,
    DATA_KEY,
    ...TEST_ADMIN_ENV,
    PUBLIC_URL: `http://${adminHost()}`,
    SITES_URL: `http://${sitesHost()}`,
    TRUST_PROXY: 'loopback',
  };
  const dataDir = tempDir('clinic-proxy-data-');
  const args = ['bin/clinic-gen.js', 'serve', '--config', 'configs/tampa.yaml', '--port', String(port), '--sites-port', String(sitesPort), '--data', dataDir, '--no-samples'];
  const child = start(process.execPath, args, env);
  children.push(child);
  return { port, sitesPort, dataDir, child };
}

/** /readyz 200 on both listeners of a server (probes need no password nor a known Host). */
async function whenReady(s: ClinicServer): Promise<void> {
  const ready = async () => {
    for (const port of [s.port, s.sitesPort]) if ((await send(port, { path: '/readyz', host: `127.0.0.1:${port}` })).status !== 200) return false;
    return true;
  };
  await waitFor(`clinic-gen serve on ${s.port}/${s.sitesPort}`, s.child, ready, 150_000);
}

/** The example file with free ports in place of its own, checked to hold each of them. */
function exampleSite(swaps: Record<string, string>): string {
  let text = readFileSync(path.join(ROOT, 'docs/examples/nginx-clinic.conf'), 'utf8');
  for (const [from, to] of Object.entries(swaps)) {
    const pattern = new RegExp(`${from.replaceAll('.', '\\.')}\\b`, 'g');
    expect(text, `the example names ${from}`).toMatch(pattern);
    text = text.replace(pattern, to);
  }
  return text;
}

/** Starts nginx on the example under a temporary prefix, listening on 127.0.0.1:proxyPort (stopped in afterAll). */
async function startNginx(): Promise<void> {
  const prefix = tempDir('clinic-nginx-');
  // Run as root, nginx's workers are `nobody`: they need to reach the temporary folders.
  chmodSync(prefix, 0o755);
  const [a, b] = servers as [ClinicServer, ClinicServer];
  const site = exampleSite({
    '127.0.0.1:3000': `127.0.0.1:${a.port}`,
    '127.0.0.1:3001': `127.0.0.1:${a.sitesPort}`,
    '127.0.0.1:3100': `127.0.0.1:${b.port}`,
    '127.0.0.1:3101': `127.0.0.1:${b.sitesPort}`,
    'listen 80': `listen 127.0.0.1:${proxyPort}`,
  });
  writeFileSync(path.join(prefix, 'clinic.conf'), site);
  const temp = (name: string) => {
    const dir = path.join(prefix, 'temp', name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const main = [
    'worker_processes 1;',
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${path.join(prefix, 'clinic.conf')};`,
    '}',
  ].join('\n');
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, `${main}\n`);
  const child = start(NGINX, ['-e', 'stderr', '-p', `${prefix}/`, '-c', conf, '-g', `daemon off; pid ${prefix}/nginx.pid;`], { PATH: process.env.PATH });
  children.push(child);
  await waitFor('nginx', child, () => send(proxyPort, { path: '/healthz', host: adminHost() }).then((r) => r.status === 200), 15_000);
}

/** Every message text a contact post was answered 201 for: each must be stored, whatever happened since. */
const acknowledged: string[] = [];

/** A contact post through nginx as a browser on `origin` sends it (a unique text each). */
async function contact(host: string, origin: string, message: string, extra: Partial<Send> = {}): Promise<Answer> {
  const res = await send(proxyPort, {
    method: 'POST',
    path: '/api/contact',
    host,
    headers: { 'Content-Type': 'application/json', Origin: origin, ...extra.headers },
    body: JSON.stringify(validMessage({ message })),
    from: extra.from,
  });
  if (res.status === 201) acknowledged.push(message);
  return res;
}

/** /readyz of each listener of each server, as a balancer probes them. */
async function readiness(list: readonly ClinicServer[]): Promise<Answer[]> {
  return Promise.all(list.flatMap((s) => [s.port, s.sitesPort]).map((port) => send(port, { path: '/readyz', host: `10.0.0.1:${port}` })));
}

/** Polls until every listener's /readyz answers `status`, failing after `ms`. */
async function untilReadiness(list: readonly ClinicServer[], status: number, ms: number): Promise<Answer[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answers = await readiness(list);
    if (answers.every((a) => a.status === status)) return answers;
    if (Date.now() > deadline) throw new Error(`/readyz did not answer ${status} everywhere within ${ms / 1000} s: ${answers.map((a) => `${a.status} ${a.body}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The stored messages' texts, read through `port` (nginx, or one server directly) with the owner's token. */
async function storedMessages(port: number, host: string): Promise<string[]> {
  const res = await send(port, { path: '/api/messages?pageSize=200', host, headers: { Authorization: owner } });
  expect(res.status, res.body).toBe(200);
  return (JSON.parse(res.body) as { messages: { message: string }[] }).messages.map((m) => m.message);
}

beforeAll(async () => {
  expect(existsSync(NGINX), `${NGINX}: install Debian's nginx-light (apt-get install nginx-light)`).toBe(true);
  cluster = await startCluster({ fsync: false });
  proxyPort = await freePort();
  // Started together, as a group's servers are: they migrate the empty database once between them.
  servers = [await startServer(), await startServer()];
  await Promise.all(servers.map(whenReady));
  // Signing in takes plain http from loopback only: the owner signs in on a server directly, by its
  // loopback name, and makes a token for the calls through nginx.
  owner = await apiToken(`http://127.0.0.1:${servers[0]!.port}`);
  await startNginx();
}, 240_000);

afterAll(async () => {
  await Promise.all(children.map((c) => stop(c, 10_000)));
  cluster?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two clinic servers on one PostgreSQL behind the nginx example', () => {
  it('is the example the docs link', () => {
    // The page links the file itself: what is tested here is what an operator copies.
    expect(readFileSync(path.join(ROOT, 'docs/more-than-one-server.md'), 'utf8')).toContain('](examples/nginx-clinic.conf)');
    expect(existsSync(path.join(ROOT, 'docs/examples/nginx-clinic.conf'))).toBe(true);
  });

  it('stores a contact message posted through nginx, and both servers list it', async () => {
    const text = 'Posted through nginx to whichever admin listener answers.';
    const posted = await contact(adminHost(), `http://${adminHost()}`, text);
    expect(posted.status, posted.body).toBe(201);
    expect(await storedMessages(proxyPort, adminHost())).toContain(text);
    // Each server directly, by its own loopback name: the message is in the one database.
    for (const s of servers) expect(await storedMessages(s.port, `127.0.0.1:${s.port}`)).toContain(text);
  });

  it('counts the contact rate limit per visitor across both servers, by the address nginx forwards', async () => {
    // Six posts from one visitor (127.0.0.3 as nginx sees it) alternate between the servers, so
    // neither sees six, yet the shared count refuses the sixth. The X-Forwarded-For the visitor
    // makes up does not help: nginx sends its own. Another visitor is not affected.
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const spoofed = { 'X-Forwarded-For': `198.51.100.${i}` };
      statuses.push((await contact(adminHost(), `http://${adminHost()}`, `Rate limit check number ${i} of six.`, { from: '127.0.0.3', headers: spoofed })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await contact(adminHost(), `http://${adminHost()}`, 'Another visitor, under the limit.', { from: '127.0.0.4' })).status).toBe(201);
  });

  it('refuses to sign in through nginx over plain http, whatever X-Forwarded-Proto the client makes up', async () => {
    for (const forged of [{}, { 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
      const res = await send(proxyPort, {
        method: 'POST',
        path: '/api/session',
        host: adminHost(),
        headers: { 'Content-Type': 'application/json', Origin: `http://${adminHost()}`, ...forged },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      });
      expect(res.status, res.body).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(JSON.parse(res.body)).toMatchObject({ success: false, error: expect.stringMatching(/https/) });
    }
  });

  it('deploys a site through nginx that every server then serves, under the sites name and its own domain', async () => {
    const deployed = await send(proxyPort, {
      method: 'POST',
      path: '/api/deploy-website',
      host: adminHost(),
      // What a script sends: a JSON post with an API token (a browser's session needs https through a proxy).
      headers: { Authorization: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ city: 'Tampa', businessName: 'Northstar Men’s Health', domainName: CITY_DOMAIN, deploymentType: 'static', files: TEST_FILES }),
    });
    expect(deployed.status, deployed.body).toBe(200);
    expect(JSON.parse(deployed.body)).toMatchObject({ success: true, siteName: 'tampa', deploymentUrl: `http://${sitesHost()}/sites/tampa/` });

    // The server that did not take the deploy hears of it from PostgreSQL (LISTEN/NOTIFY).
    const started = Date.now();
    const served = async (s: ClinicServer) => (await send(s.sitesPort, { path: '/sites/tampa/', host: `127.0.0.1:${s.sitesPort}` })).status === 200;
    while (!(await served(servers[0]!)) || !(await served(servers[1]!))) {
      if (Date.now() - started > 10_000) throw new Error('the deployed site was not served by both servers within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    console.info(`reverse-proxy: deployed site served by both servers after ${Date.now() - started} ms`);

    for (let i = 0; i < 6; i++) {
      const page = await send(proxyPort, { path: '/sites/tampa/trt-therapy/', host: sitesHost() });
      expect([page.status, page.body]).toEqual([200, TEST_FILES['trt-therapy/index.html']]);
      const home = await send(proxyPort, { path: '/', host: cityHost() });
      expect([home.status, home.body]).toEqual([200, TEST_FILES['index.html']]);
    }
    // The sites names reach the sites listeners only: no admin API there.
    expect((await send(proxyPort, { path: '/api/messages', host: sitesHost(), headers: { Authorization: owner } })).status).toBe(404);
  });

  it('keeps serving pages while PostgreSQL is down, refuses contact posts with 503 and Retry-After, and recovers by itself', async () => {
    cluster!.kill();
    const down = await untilReadiness(servers, 503, 15_000);
    for (const answer of down) expect(JSON.parse(answer.body)).toEqual({ status: 'not ready', reason: 'database' });
    for (let i = 0; i < 6; i++) {
      const page = await send(proxyPort, { path: '/sites/tampa/about/', host: sitesHost() });
      expect([page.status, page.body]).toEqual([200, TEST_FILES['about/index.html']]);
      expect((await send(proxyPort, { path: '/', host: cityHost() })).status).toBe(200);
      expect((await send(proxyPort, { path: '/', host: adminHost() })).status).toBe(200);
    }
    for (const host of [adminHost(), cityHost()]) {
      const refused = await contact(host, `http://${host}`, `Sent to ${host} while PostgreSQL is down.`, { from: '127.0.0.6' });
      expect(refused.status, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body)).toMatchObject({ success: false });
    }

    cluster!.start();
    await untilReadiness(servers, 200, 30_000);
    const after = 'Sent once PostgreSQL is back.';
    const posted = await contact(adminHost(), `http://${adminHost()}`, after, { from: '127.0.0.6' });
    expect(posted.status, posted.body).toBe(201);
    // Every acknowledged message survived PostgreSQL's crash, and no refused one was stored.
    expect((await storedMessages(proxyPort, adminHost())).sort()).toEqual([...acknowledged].sort());
  });

  it('keeps the deployed site and the contact form working through nginx when one server stops', async () => {
    const [gone, left] = servers as [ClinicServer, ClinicServer];
    // Graceful: it drains and exits 0 (past 15 s it would leave with 1 by itself).
    expect(await stop(gone.child, 20_000)).toBe(0);
    for (let i = 0; i < 6; i++) {
      const page = await send(proxyPort, { path: '/sites/tampa/about/', host: sitesHost() });
      expect([page.status, page.body]).toEqual([200, TEST_FILES['about/index.html']]);
      expect((await send(proxyPort, { path: '/', host: cityHost() })).status).toBe(200);
      expect((await send(proxyPort, { path: '/', host: adminHost() })).status).toBe(200);
    }
    const fromAdmin = 'Sent while one of the two servers is stopped.';
    const onAdmin = await contact(adminHost(), `http://${adminHost()}`, fromAdmin, { from: '127.0.0.5' });
    expect(onAdmin.status, onAdmin.body).toBe(201);
    const fromSite = 'Sent from the deployed site while one server is stopped.';
    const onSite = await contact(cityHost(), `http://${cityHost()}`, fromSite, { from: '127.0.0.5' });
    expect(onSite.status, onSite.body).toBe(201);
    expect((await storedMessages(left.port, `127.0.0.1:${left.port}`)).sort()).toEqual([...acknowledged].sort());
    // Messages, deployments and counts are all in PostgreSQL: the data folders hold at most the
    // image cache (which the test run keeps elsewhere, CLINIC_GEN_CACHE_DIR).
    for (const s of servers) expect(readdirSync(s.dataDir).filter((name) => name !== 'cache')).toEqual([]);
  });
});
