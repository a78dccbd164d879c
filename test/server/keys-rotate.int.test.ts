import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { keyId } from '../../src/server/crypto/data-key.js';
import { signIn, TEST_ADMIN } from '../helpers/accounts.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 22: `clinic-gen keys rotate` under a stream of contact posts. Every message from before,
 * during and after opens with the new key alone; nothing is lost or stored twice (acknowledged
 * posts counted against stored messages); the owner's second factor still opens.
 */
const data = mkdtempSync(join(tmpdir(), 'clinic-rotate-'));
const started: ServeProcess[] = [];
afterAll(async () => {
  for (const s of started) await s.stop().catch(() => undefined);
  rmSync(data, { recursive: true, force: true });
});

const K1 = randomBytes(32);
const K2 = randomBytes(32);
const b64 = (k: Buffer) => k.toString('base64');

async function serve(env: Record<string, string>): Promise<ServeProcess> {
  const s = await startServeProcess({ env: { CONTACT_RATE_LIMIT: '0', ...env }, args: ['--data', data] });
  started.push(s);
  return s;
}
const stop = (s: ServeProcess) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });

let sent = 0;
async function post(url: string): Promise<string | undefined> {
  const n = ++sent;
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Rota', lastName: `Patient${n}`, email: `rota${n}@example.com`, phone: '', service: 'TRT Therapy', message: `Rotation message ${n}`, site: 'tampa', page: 'contact/' }),
  });
  return res.status === 201 ? ((await res.json()) as { id: string }).id : undefined;
}

describe('keys rotate', () => {
  it('re-wraps everything under the new key while posts stream in; afterwards the new key alone opens every message', async () => {
    const acknowledged = new Set<string>();
    const first = await serve({ DATA_KEY: b64(K1) });
    const owner = await signIn(first.url);
    const enrolledStep = Math.floor(Date.now() / 30_000);
    for (let i = 0; i < 60; i++) {
      const id = await post(first.url);
      if (id) acknowledged.add(id);
    }
    await stop(first);

    // Every server restarted with both keys, then the rotation, while patients keep writing.
    const second = await serve({ DATA_KEY: b64(K2), DATA_KEY_PREVIOUS: b64(K1) });
    let streaming = true;
    const stream = (async () => {
      for (let i = 0; i < 2000 && (streaming || i < 40); i++) {
        const ids = await Promise.all([post(second.url), post(second.url), post(second.url), post(second.url)]);
        for (const id of ids) if (id) acknowledged.add(id);
      }
    })();
    const rotate = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'keys', 'rotate', '--data', data], {
      env: { PATH: process.env.PATH ?? '', DATA_KEY: b64(K2), DATA_KEY_PREVIOUS: b64(K1) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    rotate.stdout!.on('data', (d) => (said += d));
    rotate.stderr!.on('data', (d) => (said += d));
    // 'close': the pipes may still hold its last lines when it exits.
    const code = await new Promise<number | null>((r) => rotate.once('close', r));
    streaming = false;
    await stream;
    expect(code, said).toBe(0);
    expect(said).toMatch(/re-wrapped \d+ values under key/);
    await stop(second);

    // Nothing is sealed by the old key any more, and the store names the new one.
    const db = new Database(join(data, 'clinic.db'), { readonly: true });
    const old = `v1.${keyId(K1)}.%`;
    expect(db.prepare('SELECT count(*) AS n FROM messages WHERE sealed_key LIKE ?').get(old)).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM accounts WHERE totp_secret LIKE ?').get(old)).toEqual({ n: 0 });
    expect(db.prepare("SELECT count(*) AS n FROM store_meta WHERE value LIKE ?").get(old)).toEqual({ n: 0 });
    expect(db.prepare("SELECT value FROM store_meta WHERE key = 'data_key_id'").get()).toEqual({ value: keyId(K2) });
    db.close();

    // The new key alone: the owner's second factor opens, and so does every message, once each.
    const third = await serve({ DATA_KEY: b64(K2) });
    // A TOTP code is taken once: the one of the set-up's step would be refused.
    for (let i = 0; i < 400 && Math.floor(Date.now() / 30_000) === enrolledStep; i++) await new Promise((r) => setTimeout(r, 100));
    const again = await signIn(third.url, { ...TEST_ADMIN, totpSecret: owner.totpSecret });
    const stored: { id: string; message: string; unreadable?: string }[] = [];
    for (let page = 1; page <= 100; page++) {
      const res = (await (await fetch(`${third.url}/api/messages?page=${page}&pageSize=200`, { headers: again.headers() })).json()) as { messages: typeof stored };
      stored.push(...res.messages);
      if (res.messages.length < 200) break;
    }
    expect(stored.filter((m) => m.unreadable)).toEqual([]);
    expect(new Set(stored.map((m) => m.id)).size).toBe(stored.length);
    expect(stored.length).toBe(acknowledged.size);
    for (const id of acknowledged) expect(stored.some((m) => m.id === id)).toBe(true);
    expect(stored.every((m) => /^Rotation message \d+$/.test(m.message))).toBe(true);
  }, 180_000);
});
