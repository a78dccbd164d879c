import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { tempDir } from '../helpers/cli.js';
import { freshDatabase } from '../helpers/pg.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { ROOT } from '../helpers/site.js';

/** What `serve` says and refuses at start-up about accounts and the data key (docs/decisions/017-staff-accounts.md). */
const started: ServeProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** `clinic-gen serve` that is expected to stop on its own: its exit code and what it printed. */
function serveOnce(args: string[], env: Record<string, string>) {
  const data = tempDir('clinic-start-');
  folders.push(data);
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'serve', '--config', join(ROOT, 'configs/tampa.yaml'), '--port', '0', '--sites-port', '0', '--data', data, '--no-samples', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout + r.stderr, data };
}

describe('serve at start-up', () => {
  it('refuses to listen beyond loopback when nobody could sign in', () => {
    const r = serveOnce(['--host', '0.0.0.0'], { DATA_KEY: randomBytes(32).toString('base64') });
    expect(r.code).toBe(1);
    expect(r.out).toContain('Refusing to listen on 0.0.0.0 with no account');
  });

  it('says at once that sign-in beyond loopback needs https', async () => {
    const s = await startServeProcess({ args: ['--host', '0.0.0.0'] });
    started.push(s);
    await s.said('"sign_in.needs_https"');
  });

  it('with DATABASE_URL and no data key, stops before it connects, naming the setting', () => {
    const r = serveOnce([], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PUBLIC_URL: 'http://127.0.0.1' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('DATA_KEY: required with DATABASE_URL');
  });

  it('refuses a PostgreSQL store written under another data key, naming the setting, having written nothing', async () => {
    const db = await freshDatabase();
    try {
      const first = await startServeProcess({ env: { DATABASE_URL: db.url, PUBLIC_URL: 'http://127.0.0.1' } });
      await first.stop();
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const snapshot = async () => (await client.query<{ n: string }>("SELECT (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM accounts) + (SELECT count(*) FROM store_meta) + (SELECT count(*) FROM schema_migrations) AS n")).rows[0]!.n;
      const before = await snapshot();
      const other = serveOnce([], { DATABASE_URL: db.url, PUBLIC_URL: 'http://127.0.0.1', DATA_KEY: randomBytes(32).toString('base64'), ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'another long passphrase 9' });
      expect(other.code).toBe(1);
      expect(other.out).toContain('DATA_KEY: this store was written with data key');
      expect(await snapshot()).toBe(before);
      await client.end();
    } finally {
      await db.drop();
    }
  });

  it('on one server with no key, makes a key file (0600) in the user’s configuration folder, outside the data folder, and says where', async () => {
    const config = tempDir('clinic-xdg-');
    folders.push(config);
    const s = await startServeProcess({ env: { DATA_KEY: '', XDG_CONFIG_HOME: config } });
    started.push(s);
    const file = join(config, 'clinic-gen', 'data-key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(file.startsWith(s.dataDir)).toBe(false);
    await s.said('"data_key.created"');
    await s.said(file);
    await s.said('secret store');
  });
});
