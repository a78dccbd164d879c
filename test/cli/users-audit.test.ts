import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

/**
 * `clinic-gen users` and `clinic-gen audit verify` as an operator runs them on the server's data
 * folder (docs/decisions/017-staff-accounts.md): the built bin, a real SQLite file.
 */
const data = tempDir('clinic-users-');
const env = { PATH: process.env.PATH ?? '', DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: join(data, '..', `${data.split('/').pop()}-config`) };
afterAll(() => rmSync(data, { recursive: true, force: true }));

function cli(args: string[], input?: string, extraEnv: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), ...args, '--data', data], { cwd: ROOT, encoding: 'utf8', env: { ...env, ...extraEnv }, input, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const PASSWORDS = ['plum orchard lantern 81', 'quiet harbor violin 52', 'copper meadow stone 64'];

describe('clinic-gen users', () => {
  it('adds accounts with a password read from standard input, refusing a weak or repeated one', () => {
    const owner = cli(['users', 'add', '--email', 'Owner@Example.com', '--name', 'Dana Owner', '--role', 'owner', '--password-stdin'], `${PASSWORDS[0]}\n`);
    expect(owner.stderr).toBe('');
    expect(owner.code).toBe(0);
    expect(owner.stdout).toContain('added owner@example.com (owner)');
    const desk = cli(['users', 'add', '--email', 'desk@example.com', '--name', 'Sam Desk', '--role', 'frontdesk', '--cities', 'tampa,orlando', '--password-stdin'], `${PASSWORDS[1]}\n`);
    expect(desk.code).toBe(0);
    expect(desk.stdout).toContain('added desk@example.com (frontdesk: tampa, orlando)');
    const weak = cli(['users', 'add', '--email', 'weak@example.com', '--name', 'Weak', '--role', 'editor', '--password-stdin'], 'password1234\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('password:');
    const again = cli(['users', 'add', '--email', 'desk@example.com', '--name', 'Sam', '--role', 'editor', '--password-stdin'], `${PASSWORDS[2]}\n`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has an account');
    const role = cli(['users', 'add', '--email', 'x@example.com', '--name', 'X', '--role', 'admin', '--password-stdin'], `${PASSWORDS[2]}\n`);
    expect(role.stderr).toContain('--role: expected owner, editor or frontdesk');
  });

  it('lists them, disables one (never the last owner), and resets a password', () => {
    const list = cli(['users', 'list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+CITIES/);
    expect(lines.find((l) => l.startsWith('desk@example.com'))).toMatch(/Sam Desk\s+frontdesk\s+tampa,orlando\s+-\s+active\s+never/);
    expect(cli(['users', 'disable', 'desk@example.com']).stdout).toContain('disabled desk@example.com');
    expect(cli(['users', 'list']).stdout).toMatch(/desk@example.com.*disabled/);
    const lastOwner = cli(['users', 'disable', 'owner@example.com']);
    expect(lastOwner.code).toBe(1);
    expect(lastOwner.stderr).toContain('last active owner');
    const reset = cli(['users', 'reset-password', 'desk@example.com', '--password-stdin'], `${PASSWORDS[2]}\n`);
    expect(reset.code).toBe(0);
    expect(cli(['users', 'list']).stdout).toMatch(/desk@example.com.*active/);
    expect(cli(['users', 'disable', 'nobody@example.com']).stderr).toContain('no account signs in as nobody@example.com');
  });

  it('keeps no password in clear anywhere in the data folder', () => {
    const files = readdirSync(data).filter((f) => f.startsWith('clinic.db'));
    expect(files).toContain('clinic.db');
    for (const file of files) {
      const bytes = readFileSync(join(data, file)).toString('latin1');
      for (const p of PASSWORDS) expect(bytes.includes(p), `${p} in ${file}`).toBe(false);
    }
  });

  it('refuses to open the store with another data key, and names the setting', () => {
    const other = cli(['users', 'list'], undefined, { DATA_KEY: randomBytes(32).toString('base64') });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('DATA_KEY: this store was written with data key');
  });
});

describe('clinic-gen audit verify', () => {
  it('says the trail is whole, and after one record is edited exits 1 naming it', () => {
    const whole = cli(['audit', 'verify']);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toMatch(/the audit trail is whole: 4 records/);
    // Someone with write access to the database edits record 3 (dropping the guard first).
    const db = new Database(join(data, 'clinic.db'));
    db.exec('DROP TRIGGER audit_no_update');
    db.prepare("UPDATE audit_log SET actor_label = 'someone else' WHERE seq = 3").run();
    db.close();
    const broken = cli(['audit', 'verify']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('the audit trail is broken at record 3');
  });
});
