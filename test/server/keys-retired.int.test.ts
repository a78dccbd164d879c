import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { keyId } from '../../src/server/crypto/data-key.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { freshDatabase } from '../helpers/pg.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 38 item 1: a key never strands a message. A server left running with the key `keys
 * rotate` retired can no longer seal with it: rotate refuses while such a server runs (naming it);
 * told to go on, the server either takes the new key from its key file and seals with it, or
 * refuses each message with 503 (nothing acknowledged is sealed by a retired key); every
 * acknowledged message then opens with the new key alone, and a server given only the old key
 * refuses to start, naming the one it needs. The same with two servers on PostgreSQL.
 */
const folders: string[] = [];
const started: ServeProcess[] = [];
afterAll(async () => {
  for (const s of started) await s.stop().catch(() => undefined);
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
const folder = (name: string) => {
  const f = mkdtempSync(join(tmpdir(), `clinic-${name}-`));
  folders.push(f);
  return f;
};

const b64 = (k: Buffer) => k.toString('base64');

async function serve(env: Record<string, string>, args: string[] = [], listeningOnly = false): Promise<ServeProcess> {
  const s = await startServeProcess({ env: { CONTACT_RATE_LIMIT: '0', ...env }, args, listeningOnly });
  started.push(s);
  return s;
}

const stop = (s: ServeProcess) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });

/** `clinic-gen keys rotate` from a shell: its exit code and what it said. */
function rotate(env: Record<string, string>, args: string[]): Promise<{ code: number | null; said: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'keys', 'rotate', ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  child.stdout!.on('data', (d) => (said += d));
  child.stderr!.on('data', (d) => (said += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, said })));
}

let sent = 0;
async function post(url: string): Promise<{ status: number; id?: string }> {
  const n = ++sent;
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ring', lastName: `Patient${n}`, email: `ring${n}@example.com`, phone: '', service: 'TRT Therapy', message: `Key ring message ${n}`, site: 'tampa', page: 'contact/' }),
  });
  return { status: res.status, ...(res.status === 201 ? { id: ((await res.json()) as { id: string }).id } : {}) };
}

/** Every message as the owner reads it through the admin's API. */
async function readAll(url: string, token: string): Promise<{ id: string; message: string; unreadable?: string }[]> {
  const out: { id: string; message: string; unreadable?: string }[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await fetch(`${url}/api/messages?page=${page}&pageSize=200`, { headers: { Authorization: token } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: typeof out };
    out.push(...body.messages);
    if (body.messages.length < 200) break;
  }
  return out;
}

const named = (s: ServeProcess) => `${hostname()}:${s.child.pid} `;

describe('keys rotate while a server runs with the old key (SQLite)', () => {
  it('refuses naming the server; forced, the server without the new key refuses messages with 503, and the new key alone reads every acknowledged one', async () => {
    const [K1, K2] = [randomBytes(32), randomBytes(32)];
    const data = folder('ring-env');
    const a = await serve({ DATA_KEY: b64(K1) }, ['--data', data]);
    const token = await a.owner();
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) acknowledged.push((await post(a.url)).id!);

    const shell = { DATA_KEY: b64(K2), DATA_KEY_PREVIOUS: b64(K1), XDG_CONFIG_HOME: join(data, '.none') };
    const refused = await rotate(shell, ['--data', data]);
    expect(refused.code, refused.said).toBe(1);
    expect(refused.said).toContain(named(a));
    expect(refused.said).toContain(`without the new key ${keyId(K2)}`);

    const forced = await rotate(shell, ['--data', data, '--servers-have-new-key']);
    expect(forced.code, forced.said).toBe(0);
    expect(forced.said).toContain(`under key ${keyId(K2)} (was ${keyId(K1)})`);
    expect(forced.said).toContain(`keep the old key ${keyId(K1)}`);

    // Server A holds K1 alone: each message is refused, none is sealed by the retired key.
    const after = await Promise.all([0, 1, 2, 3, 4].map(() => post(a.url)));
    expect(after.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    await a.said('"data_key.retired"');
    await stop(a);

    const db = new Database(join(data, 'clinic.db'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM messages WHERE sealed_key NOT LIKE ?').get(`v1.${keyId(K2)}.%`)).toEqual({ n: 0 });
    db.close();

    // Given only the old key, a server does not start, and names the key it needs.
    await expect(serve({ DATA_KEY: b64(K1) }, ['--data', data])).rejects.toThrow(keyId(K2));

    const b = await serve({ DATA_KEY: b64(K2) }, ['--data', data]);
    const stored = await readAll(b.url, token);
    expect(stored.filter((m) => m.unreadable)).toEqual([]);
    expect(stored.map((m) => m.id).sort()).toEqual([...acknowledged].sort());
    await stop(b);
  }, 120_000);

  it('a server whose key file holds the new key takes it up and seals every later message with it', async () => {
    const [K1, K2] = [randomBytes(32), randomBytes(32)];
    const data = folder('ring-file');
    const keyFile = join(data, 'data-key');
    writeFileSync(keyFile, `${b64(K1)}\n`, { mode: 0o600 });
    const a = await serve({ DATA_KEY: '', DATA_KEY_FILE: keyFile }, ['--data', data]);
    const token = await a.owner();
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) acknowledged.push((await post(a.url)).id!);

    const shell = { DATA_KEY: b64(K2), DATA_KEY_PREVIOUS: b64(K1), XDG_CONFIG_HOME: join(data, '.none') };
    expect((await rotate(shell, ['--data', data])).code).toBe(1);
    // The operator puts the new key in the server's key file, then says so.
    writeFileSync(keyFile, `${b64(K2)}\n`, { mode: 0o600 });
    const forced = await rotate(shell, ['--data', data, '--servers-have-new-key']);
    expect(forced.code, forced.said).toBe(0);

    const after = await Promise.all([0, 1, 2, 3, 4].map(() => post(a.url)));
    expect(after.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    acknowledged.push(...after.map((r) => r.id!));
    await a.said('"data_key.now"');
    await stop(a);

    const db = new Database(join(data, 'clinic.db'), { readonly: true });
    const keys = db.prepare<[], { k: string }>('SELECT substr(sealed_key, 4, 16) AS k FROM messages').all().map((r) => r.k);
    expect(keys).toHaveLength(8);
    expect(new Set(keys)).toEqual(new Set([keyId(K2)]));
    db.close();

    const b = await serve({ DATA_KEY: b64(K2) }, ['--data', data]);
    const stored = await readAll(b.url, token);
    expect(stored.filter((m) => m.unreadable)).toEqual([]);
    expect(stored.map((m) => m.id).sort()).toEqual([...acknowledged].sort());

    // A value sealed by a key no server holds (left by a release before this one): the server says
    // how many at start, and /readyz fails until the key is given back.
    await stop(b);
    const edit = new Database(join(data, 'clinic.db'));
    edit.exec('DROP TRIGGER messages_resealed_by_current_key');
    edit.prepare('UPDATE messages SET sealed_key = ? || substr(sealed_key, 20) WHERE id = (SELECT min(id) FROM messages)').run(`v1.${keyId(randomBytes(32))}`);
    edit.close();
    const c = await serve({ DATA_KEY: b64(K2) }, ['--data', data], true);
    await c.said('"server.listening"');
    expect(c.output()).toMatch(/"data_key\.unreadable".*"values":1\b/);
    const ready = await fetch(`${c.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'data key' });
    await stop(c);
  }, 120_000);
});

describe('keys rotate with two servers on PostgreSQL', () => {
  it('refuses naming both; forced, both refuse messages until restarted with the new key, which reads every acknowledged one', async () => {
    const [K1, K2] = [randomBytes(32), randomBytes(32)];
    const db = await freshDatabase();
    try {
      const env = { DATABASE_URL: db.url, DATA_KEY: b64(K1) };
      const [a, b] = [await serve(env), await serve(env)];
      const token = await a.owner();
      const acknowledged: string[] = [];
      for (const s of [a, b, a, b]) acknowledged.push((await post(s.url)).id!);

      const shell = { DATABASE_URL: db.url, DATA_KEY: b64(K2), DATA_KEY_PREVIOUS: b64(K1) };
      const refused = await rotate(shell, []);
      expect(refused.code, refused.said).toBe(1);
      expect(refused.said).toContain(named(a));
      expect(refused.said).toContain(named(b));
      const forced = await rotate(shell, ['--servers-have-new-key']);
      expect(forced.code, forced.said).toBe(0);

      const after = await Promise.all([a, b, a, b, a].map((s) => post(s.url)));
      expect(after.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
      await Promise.all([stop(a), stop(b)]);

      await expect(serve({ DATABASE_URL: db.url, DATA_KEY: b64(K1) })).rejects.toThrow(keyId(K2));
      const [c, d] = [await serve({ DATABASE_URL: db.url, DATA_KEY: b64(K2) }), await serve({ DATABASE_URL: db.url, DATA_KEY: b64(K2) })];
      for (const s of [c, d]) {
        const stored = await readAll(s.url, token);
        expect(stored.filter((m) => m.unreadable)).toEqual([]);
        expect(stored.map((m) => m.id).sort()).toEqual([...acknowledged].sort());
      }
      await Promise.all([stop(c), stop(d)]);
    } finally {
      await db.drop();
    }
  }, 180_000);
});
