import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServeProcess } from '../helpers/serve-process.js';
import { adminFormConfig } from '../helpers/server-app.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 38 item 6: the data folder is its owner's alone, on every path that makes it. `stat` of
 * the folder and everything in it after `serve` (a first start and while it writes; a later
 * start on a folder an earlier release left 0755/0644) and after `users`: folders 0700, files
 * 0600. And a start that fails removes the data key it made, unless the store was written with it.
 */
const base = mkdtempSync(join(tmpdir(), 'clinic-perms-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const BIN = join(ROOT, 'bin/clinic-gen.js');
const PASSWORD = 'plum orchard lantern 81';

/** Every folder and file under `dir` (itself included) with its permission bits; links are left out (they have none). */
function modes(dir: string): { path: string; kind: 'folder' | 'file'; mode: number }[] {
  const out: { path: string; kind: 'folder' | 'file'; mode: number }[] = [];
  const stack = [dir];
  while (stack.length > 0 && out.length < 100_000) {
    const p = stack.pop()!;
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (!st || st.isSymbolicLink()) continue;
    out.push({ path: p.slice(dir.length) || '/', kind: st.isDirectory() ? 'folder' : 'file', mode: st.mode & 0o777 });
    if (st.isDirectory()) for (const name of readdirSync(p)) stack.push(join(p, name));
  }
  return out;
}
/** What is not its owner's alone: empty when every folder is 0700 and every file 0600. */
const open = (dir: string) => modes(dir).filter((e) => e.mode !== (e.kind === 'folder' ? 0o700 : 0o600));
/** Opens everything to others, as an earlier release (umask 022) left it. */
function loosen(dir: string): number {
  const all = modes(dir);
  for (const e of all) chmodSync(join(dir, e.path), e.kind === 'folder' ? 0o755 : 0o644);
  return all.length;
}
function cli(args: string[], env: Record<string, string>, input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, input, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('clinic-gen serve makes the data folder its owner’s alone', () => {
  const data = join(base, 'serve', 'data');
  const key = randomBytes(32).toString('base64');
  const env = { DATA_KEY: key, METRICS_TOKEN: 'a-metrics-token-0123456789abcdef' };

  it('on a first start, and all it writes while it runs: the database and its WAL, deployments, the brand file', async () => {
    const s = await startServeProcess({ env, args: ['--data', data] });
    try {
      const owner = await s.owner();
      const api = (method: string, path: string, body?: unknown) =>
        fetch(`${s.url}${path}`, { method, headers: { Authorization: owner, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const contact = await fetch(`${s.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Ada', lastName: 'Perm', email: 'ada@example.com', phone: '(813) 555-0100', service: 'TRT Therapy', message: 'My free testosterone came back low last month', site: 'tampa', page: 'contact/' }),
      });
      expect(contact.status).toBe(201);
      expect((await api('POST', '/api/cities', { config: adminFormConfig() })).status).toBe(201);
      expect((await api('POST', '/api/cities/tampa/deploy')).status).toBe(200);
      expect((await api('PUT', '/api/brand', { brand: { businessName: 'Permission Health' } })).status).toBe(200);
      const names = readdirSync(data);
      for (const name of ['clinic.db', 'clinic.db-wal', 'clinic.db-shm', 'deployments', 'brand.yaml']) expect(names).toContain(name);
      expect(modes(data).filter((e) => e.path.startsWith('/deployments/')).length).toBeGreaterThan(3);
      expect(open(data)).toEqual([]);
      expect(s.output()).not.toContain('data_folder.tightened');
    } finally {
      await s.stop();
    }
  });

  it('on a later start, tightens a folder an earlier release left 0755 and 0644, saying so once', async () => {
    expect(loosen(data)).toBeGreaterThan(5);
    expect(open(data).length).toBeGreaterThan(5);
    // A file of the operator's, not the server's: left as it is.
    writeFileSync(join(data, 'notes.txt'), 'rota\n', { mode: 0o644 });
    chmodSync(join(data, 'notes.txt'), 0o644);
    const s = await startServeProcess({ env, args: ['--data', data] });
    try {
      expect(open(data)).toEqual([{ path: '/notes.txt', kind: 'file', mode: 0o644 }]);
      rmSync(join(data, 'notes.txt'));
      const said = s.output().split('\n').filter((l) => l.includes('"data_folder.tightened"'));
      expect(said).toHaveLength(1);
      expect(JSON.parse(said[0]!)).toMatchObject({ level: 'warn', folder: data, folders: expect.any(Number), files: expect.any(Number) });
      expect(said[0]).not.toContain('ada@example.com');
    } finally {
      await s.stop();
    }
  });
});

describe('clinic-gen users makes the data folder its owner’s alone', () => {
  const env = { DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: join(base, 'users-config') };

  it('on a data folder it creates, and on one left 0755 and 0644', () => {
    const data = join(base, 'users', 'data');
    const add = cli(['users', 'add', '--email', 'owner@example.com', '--name', 'Dana Owner', '--role', 'owner', '--password-stdin', '--data', data], env, `${PASSWORD}\n`);
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(readdirSync(data)).toContain('clinic.db');
    expect(open(data)).toEqual([]);
    loosen(data);
    const list = cli(['users', 'list', '--data', data], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('owner@example.com');
    expect(open(data)).toEqual([]);
  });
});

describe('clinic-gen restore makes the data folder its owner’s alone', () => {
  it('whatever modes the backup recorded: a folder left 0755 and 0644, backed up, restores 0700 and 0600', () => {
    const env = { DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: join(base, 'restore-config') };
    const data = join(base, 'restore', 'data');
    const add = cli(['users', 'add', '--email', 'owner@example.com', '--name', 'Dana Owner', '--role', 'owner', '--password-stdin', '--data', data], env, `${PASSWORD}\n`);
    expect(add.code, add.stderr).toBe(0);
    for (const folder of ['deployments', 'uploads']) mkdirSync(join(data, folder));
    // As an earlier release (umask 022) left it, and as the archive then records it.
    expect(loosen(data)).toBeGreaterThan(3);
    const archive = join(base, 'restore', 'loose.tar');
    const made = cli(['backup', '--data', data, '--out', archive], env);
    expect(made.code, made.stderr).toBe(0);
    const into = join(base, 'restore', 'restored');
    const back = cli(['restore', '--in', archive, '--data', into], env);
    expect(back.code, back.stderr).toBe(0);
    expect(modes(into).map((e) => e.path)).toEqual(expect.arrayContaining(['/', '/clinic.db', '/deployments', '/uploads']));
    expect(open(into)).toEqual([]);
  });
});

/** A port something else listens on, for a start that must fail when it binds. */
async function takenPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** `clinic-gen serve` to its end (a refused start exits by itself); stopped with SIGKILL if it ever listens. */
function serveToExit(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--config', join(ROOT, 'configs/tampa.yaml'), '--no-samples', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const s of [child.stdout!, child.stderr!]) s.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    // 'close', not 'exit': the pipes may still hold its last lines when it exits.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('a start that fails', () => {
  const keyFile = (config: string) => join(config, 'clinic-gen', 'data-key');

  it('removes the data key it made when the store was written with another key', async () => {
    const data = join(base, 'wrong-key', 'data');
    mkdirSync(data, { recursive: true });
    expect(cli(['users', 'add', '--email', 'owner@example.com', '--name', 'Dana Owner', '--role', 'owner', '--password-stdin', '--data', data], { DATA_KEY: randomBytes(32).toString('base64') }, `${PASSWORD}\n`).code).toBe(0);
    const config = join(base, 'wrong-key', 'config');
    const r = await serveToExit(['--port', '0', '--sites-port', '0', '--data', data], { XDG_CONFIG_HOME: config });
    expect(r.code).toBe(1);
    expect(r.output).toContain('this store was written with data key');
    expect(r.output).toContain('"data_key.created"');
    expect(r.output).toContain('"data_key.removed"');
    expect(existsSync(keyFile(config))).toBe(false);
  });

  it('removes the data key it made when a port is taken, before anything was written', async () => {
    const taken = await takenPort();
    try {
      const config = join(base, 'port', 'config');
      const r = await serveToExit(['--port', String(taken.port), '--sites-port', '0', '--data', join(base, 'port', 'data')], { XDG_CONFIG_HOME: config });
      expect(r.code).toBe(1);
      expect(r.output).toContain(String(taken.port));
      expect(existsSync(keyFile(config))).toBe(false);
    } finally {
      await taken.close();
    }
  });

  it('keeps the key it made once the store was written with it, and the next start uses it', async () => {
    const data = join(base, 'kept', 'data');
    const config = join(base, 'kept', 'config');
    // Refused after the store was opened: no account, and a host beyond loopback.
    const r = await serveToExit(['--host', '0.0.0.0', '--port', '0', '--sites-port', '0', '--data', data], { XDG_CONFIG_HOME: config });
    expect(r.code).toBe(1);
    expect(r.output).toContain('"data_key.kept"');
    expect(existsSync(keyFile(config))).toBe(true);
    const list = cli(['users', 'list', '--data', data], { XDG_CONFIG_HOME: config });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
  });
});
