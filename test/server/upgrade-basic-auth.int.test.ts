import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBin } from '../../scripts/pg-cluster.mjs';
import { signIn } from '../helpers/accounts.js';
import { freshDatabase } from '../helpers/pg.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { basic } from '../helpers/server-app.js';

/**
 * A server upgraded from the Basic-auth release (issue 21): the data that release wrote
 * (../shared/fixtures/release-d4b66c2, made with ADMIN_PASSWORD='fixture owner password'),
 * copied, then started by this release with the same environment.
 */
const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2');
const PASSWORD = 'fixture owner password';
const WESLEY = join(ROOT, 'configs/wesley-chapel.yaml');
const started: ServeProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** A writable copy of a fixture folder (the fixture itself stays read-only and unchanged). */
function copy(from: string): string {
  const to = mkdtempSync(join(tmpdir(), 'clinic-upgrade-'));
  folders.push(to);
  cpSync(from, to, { recursive: true });
  const writable = (p: string) => {
    chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
    if (statSync(p).isDirectory()) for (const e of readdirSync(p)) writable(join(p, e));
  };
  writable(to);
  return to;
}

async function upgradedServer(env: Record<string, string>, data?: string) {
  const s = await startServeProcess({ config: WESLEY, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: PASSWORD, ...env }, args: [...(data ? ['--data', data] : []), '--no-samples'], timeoutMs: 120_000 });
  started.push(s);
  return s;
}

/** What the old release's admin did, and what a person signed in now does. */
async function checkUpgraded(s: ServeProcess, expectedMessages: number) {
  // The log says what changed and how to sign in.
  await s.said('"admin.owner_created"');
  await s.said('Sign in at /admin as admin');
  // A script still sending the old Basic credentials gets a 401 that names the sign-in page, and no prompt.
  const old = await fetch(`${s.url}/api/messages`, { headers: { Authorization: basic(PASSWORD) } });
  expect(old.status).toBe(401);
  expect(old.headers.get('www-authenticate')).toBeNull();
  const said = ((await old.json()) as { error: string }).error;
  expect(said).toContain('no longer takes a shared password');
  expect(said).toContain('/admin');
  // The owner signs in with that password; being an owner, sets up the second factor on the way.
  const owner = await signIn(s.url, { email: 'admin', password: PASSWORD });
  expect(owner.recoveryCodes).toHaveLength(10);
  const counts = (await (await fetch(`${s.url}/api/messages/by-city`, { headers: owner.headers() })).json()) as { cities: { site: string; total: number }[] };
  expect(counts.cities.reduce((n, c) => n + c.total, 0)).toBe(expectedMessages);
  const tampa = (await (await fetch(`${s.url}/api/messages?site=tampa&pageSize=1`, { headers: owner.headers() })).json()) as { messages: { message: string }[]; total: number };
  expect(tampa.total).toBeGreaterThan(0);
  expect(tampa.messages[0]!.message).toMatch(/^FIXTURE-PHI-\d{4}:/);
  return owner;
}

describe('upgrading from the Basic-auth release', () => {
  it('on SQLite: ADMIN_PASSWORD becomes the owner "admin"; messages and the live site are kept; ADMIN_PASSWORD is ignored afterwards', async () => {
    const data = copy(join(FIXTURE, 'sqlite-data'));
    // The upgrade seals the messages only with a backup of them named (issue 38 item 2).
    const kept = mkdtempSync(join(tmpdir(), 'clinic-upgrade-backup-'));
    folders.push(kept);
    const backup = join(kept, 'before-upgrade.tar');
    const made = runCli(['backup', '--data', data, '--out', backup]);
    expect(made.code, made.stderr).toBe(0);
    const first = await upgradedServer({ UPGRADE_BACKUP: backup }, data);
    const owner = await checkUpgraded(first, 1000);
    const live = (await (await fetch(`${first.url}/api/deployments`, { headers: owner.headers() })).json()) as { deployments: { siteName: string }[] };
    expect(live.deployments.map((d) => d.siteName)).toContain('tampa');
    // Tampa was stored before a city had to give its hours and legal facts (decision 14): it is
    // read with what it published then, the stored version unchanged, and deploys the same facts.
    const stored = (await (await fetch(`${first.url}/api/cities/tampa`, { headers: owner.headers() })).json()) as { version: number; yaml: string; config: { hours: unknown; legal: unknown } };
    expect(stored.version).toBe(1);
    expect(stored.yaml).not.toMatch(/^(hours|legal):/m);
    expect(stored.config.hours).toEqual([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { days: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
    expect(stored.config.legal).toEqual({ governingLaw: 'Florida', courts: 'Pasco County', effectiveDate: '2024-01-01' });
    const deployed = await fetch(`${first.url}/api/cities/tampa/deploy`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ version: 1, confirmDoorway: true }) });
    expect(deployed.status, await deployed.clone().text()).toBe(200);
    const terms = await (await fetch(`${first.sitesUrl}/sites/tampa/terms/`)).text();
    expect(terms).toContain('the courts of Pasco County, Florida');
    expect(terms).toContain('Effective date: January\u00a01,\u00a02024');
    expect(await (await fetch(`${first.sitesUrl}/sites/tampa/`)).text()).toContain('Saturday');
    await first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
    // Started again with the same environment: the owner exists, the variable is ignored with a warning.
    const again = await upgradedServer({ DATA_KEY: first.dataKey }, data);
    await again.said('"admin_password.ignored"');
    await again.said('clinic-gen users');
    expect(again.output()).not.toContain('"admin.owner_created"');
  }, 180_000);

  it('on PostgreSQL: the database a server of that release used is upgraded the same way', async () => {
    const db = await freshDatabase();
    try {
      const restore = spawnSync(join(postgresBin(), 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', db.url, '-f', join(FIXTURE, 'postgres.sql')], { encoding: 'utf8', timeout: 60_000 });
      expect(restore.status, restore.stderr).toBe(0);
      // The dump it was restored from is the backup the upgrade names (issue 38 item 2).
      const s = await upgradedServer({ DATABASE_URL: db.url, PUBLIC_URL: 'http://127.0.0.1', UPGRADE_BACKUP: join(FIXTURE, 'postgres.sql') });
      await checkUpgraded(s, 300);
      await s.stop();
      started.splice(started.indexOf(s), 1);
    } finally {
      await db.drop();
    }
  });

  it('leaves the fixture as it was', () => {
    expect(statSync(join(FIXTURE, 'sqlite-data', 'clinic.db')).mode & 0o222).toBe(0);
    expect(readFileSync(join(FIXTURE, 'README.md'), 'utf8')).toContain('release at commit d4b66c2');
  });
});
