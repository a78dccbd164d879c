import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ROOT } from './site.js';
import { apiToken, TEST_ADMIN_ENV } from './accounts.js';

/**
 * `clinic-gen serve` as a real child process, as an operator starts it: the built bin, flags and
 * environment. Resolves once both listeners answer `/readyz` with 200.
 */
export interface ServeProcess {
  /** The admin's listener and the sites listener. */
  url: string;
  sitesUrl: string;
  child: ChildProcess;
  dataDir: string;
  /** What it printed so far (its JSON log lines). */
  output(): string;
  /**
   * Waits (at most `timeoutMs`) until what it printed contains `text`, and answers all it printed.
   * A line written while a request is answered can reach this process's pipe after the response
   * does, so a test checks a log line with this, never `output()` straight after the response.
   */
  said(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /**
   * `Authorization` header value of an owner's API token (made once, on first use, by signing in
   * as TEST_ADMIN with a second factor): what a script calling the admin API sends.
   */
  owner(): Promise<string>;
  /** The data key the process was given (DATA_KEY). */
  dataKey: string;
  /** SIGKILL now and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful) and wait for the exit; then the data folder is removed. */
  stop(): Promise<void>;
}

export interface ServeProcessOptions {
  env?: Record<string, string>;
  config?: string;
  args?: string[];
  /** How long the start may take (the first build of a site encodes its photos). */
  timeoutMs?: number;
  /** Resolve once it listens, not waiting for `/readyz` to answer 200 (a server that is up but not ready). */
  listeningOnly?: boolean;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export async function startServeProcess(o: ServeProcessOptions = {}): Promise<ServeProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-serve-'));
  const args = [join(ROOT, 'bin/clinic-gen.js'), 'serve', '--config', o.config ?? join(ROOT, 'configs/tampa.yaml'), '--port', '0', '--sites-port', '0', '--data', dataDir, '--no-samples', ...(o.args ?? [])];
  // Every server starts with its first owner (TEST_ADMIN) and a data key of its own, unless the
  // test names them; the key's folder is inside the data folder's parent, never the user's home.
  const dataKey = o.env?.DATA_KEY ?? randomBytes(32).toString('base64');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    ...TEST_ADMIN_ENV,
    DATA_KEY: dataKey,
    XDG_CONFIG_HOME: join(dataDir, '.config'),
    ...o.env,
  };
  for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
  // One image cache for the test run (test/helpers/global-setup.ts): the sample photos are encoded once.
  if (process.env.CLINIC_GEN_CACHE_DIR) env.CLINIC_GEN_CACHE_DIR = process.env.CLINIC_GEN_CACHE_DIR;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + (o.timeoutMs ?? 60_000);
  const fail = (why: string) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(`clinic-gen serve ${why}:\n${out}`);
  };
  let urls: { url: string; sites: string } | undefined;
  while (!urls) {
    if (child.exitCode !== null) throw fail(`exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw fail('did not start in time');
    const line = out.split('\n').find((l) => l.includes('"server.listening"') || l.includes('"server.building"'));
    if (line) {
      const v = JSON.parse(line) as { url: string; sites: string };
      urls = { url: v.url, sites: v.sites };
    } else await new Promise((r) => setTimeout(r, 50));
  }
  for (const base of o.listeningOnly ? [] : [urls.url, urls.sites]) {
    for (;;) {
      if (child.exitCode !== null) throw fail(`exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw fail('was not ready in time');
      const ok = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  let owner: Promise<string> | undefined;
  return {
    url: urls.url,
    sitesUrl: urls.sites,
    dataKey,
    owner: () => (owner ??= apiToken(urls!.url)),
    child,
    dataDir,
    output: () => out,
    async said(text, timeoutMs = 10_000) {
      const has = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      const end = Date.now() + timeoutMs;
      while (!has()) {
        if (Date.now() > end || child.exitCode !== null || child.signalCode !== null) {
          // The pipe may still hold what a process printed just before it exited.
          await new Promise((r) => setTimeout(r, 50));
          if (has()) break;
          throw new Error(`clinic-gen serve did not print ${String(text)} within ${timeoutMs} ms; it printed:\n${out}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return out;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited(child);
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
