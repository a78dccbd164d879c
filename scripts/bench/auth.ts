import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords.js';
import { createToken, signIn } from '../../test/helpers/accounts.js';
import { figures, listening, type PageFigures } from './page-times.js';

/**
 * Issue 21's budgets: a signed-in admin API call costs at most 1 ms more at p50 than the same call
 * of the Basic-auth release, and a sign-in spends 100-500 ms hashing. The same GET /api/cities
 * is timed on this release's `clinic-gen serve` (with a session cookie, and with an API token)
 * and, given the older release's bin, on that one with Basic credentials, in alternating rounds.
 */
const EMAIL = 'bench-owner@example.com';
const PASSWORD = 'bench owner passphrase 2026';

export interface AuthBench {
  session: PageFigures;
  token: PageFigures;
  basic?: PageFigures;
  /** Hashing one password (scrypt), ms: median of 7 and the range. */
  hashMs: { median: number; min: number; max: number };
  /** POST /api/session to its answer, ms: median of 7 (hashing plus the rest). */
  signInMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function serve(bin: string, configPath: string, dir: string, env: Record<string, string>): ChildProcess {
  const data = mkdtempSync(path.join(dir, 'auth-bench-'));
  return spawn(process.execPath, [bin, 'serve', '--config', configPath, '--port', '0', '--sites-port', '0', '--data', data, '--no-samples'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', XDG_CONFIG_HOME: path.join(data, '..', 'xdg'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function times(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/cities`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/cities: ${res.status}`);
    out.push(performance.now() - t);
  }
  return out;
}

export async function benchAuth(o: { bin: string; configPath: string; dir: string; baselineBin?: string; rounds?: number; perRound?: number }): Promise<AuthBench> {
  const children: ChildProcess[] = [];
  try {
    const hashes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      await hashPassword(PASSWORD);
      hashes.push(performance.now() - t);
    }
    const stored = await hashPassword(PASSWORD);
    if (!(await verifyPassword(PASSWORD, stored))) throw new Error('hash does not verify');

    const current = serve(o.bin, o.configPath, o.dir, { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, DATA_KEY: randomBytes(32).toString('base64') });
    children.push(current);
    const url = await listening(current);
    for (;;) if ((await fetch(`${url}/readyz`)).status === 200) break;
    // Signing in as a person does, the second factor set up on the way (test/helpers/accounts.ts).
    const owner = await signIn(url, { email: EMAIL, password: PASSWORD });
    const { cookie } = owner;
    const token = await createToken(url, owner, 'owner');
    const signIns: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      const res = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
      await res.arrayBuffer();
      signIns.push(performance.now() - t);
    }

    let basicUrl: string | undefined;
    const basicHeader = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
    if (o.baselineBin) {
      const old = serve(o.baselineBin, o.configPath, o.dir, { ADMIN_PASSWORD: PASSWORD });
      children.push(old);
      basicUrl = await listening(old);
      for (;;) if ((await fetch(`${basicUrl}/readyz`)).status === 200) break;
    }
    const session: number[] = [];
    const bearer: number[] = [];
    const basic: number[] = [];
    const rounds = o.rounds ?? 6;
    const per = o.perRound ?? 200;
    // Warm-up, then alternating rounds so a busy moment of the machine falls on each alike.
    await times(url, { Cookie: cookie }, 50);
    if (basicUrl) await times(basicUrl, { Authorization: basicHeader }, 50);
    for (let r = 0; r < rounds; r++) {
      session.push(...(await times(url, { Cookie: cookie }, per)));
      bearer.push(...(await times(url, { Authorization: token }, per)));
      if (basicUrl) basic.push(...(await times(basicUrl, { Authorization: basicHeader }, per)));
    }
    return {
      session: figures(session),
      token: figures(bearer),
      basic: basicUrl ? figures(basic) : undefined,
      hashMs: { median: Math.round(median(hashes)), min: Math.round(Math.min(...hashes)), max: Math.round(Math.max(...hashes)) },
      signInMs: Math.round(median(signIns)),
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(undefined) : c.once('exit', r)))));
  }
}
