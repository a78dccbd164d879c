import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/site.js';

/**
 * docs/systemd.md, "Commands as the service's user" (issue 38 item 6): `clinic-gen users` and
 * `audit verify` run as the service's user (`sudo -u clinic-gen`; as root, `runuser -u`), reading
 * the data key from the file the unit's LoadCredential= names, owned root:<the service's group>,
 * mode 0640, on a data folder the service user owns (what StateDirectory= makes). A throwaway
 * system user stands for `clinic-gen`, and is removed afterwards. Making a user and running as it
 * needs root: elsewhere the test is skipped, and says why.
 */
const isRoot = process.getuid?.() === 0;
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const why = !isRoot ? 'needs root, to make a system user and run as it' : !has('useradd') || !has('runuser') ? 'needs useradd and runuser (Debian: passwd, util-linux)' : undefined;

const USER = `cgsvc${randomBytes(4).toString('hex')}`;
const base = mkdtempSync(join(tmpdir(), 'clinic-svc-'));
const etc = join(base, 'etc');
const keyFile = join(etc, 'data-key');
const data = join(base, 'data');
const PASSWORD = 'plum orchard lantern 81';
let made = false;

const id = (flag: '-u' | '-g') => Number(spawnSync('id', [flag, USER], { encoding: 'utf8' }).stdout.trim());

/** `sudo -u <user> env DATA_KEY_FILE=... node clinic-gen.js ...`, as the docs show it, run by root through runuser. */
function asService(args: string[], input?: string) {
  const r = spawnSync('runuser', ['-u', USER, '--', 'env', `DATA_KEY_FILE=${keyFile}`, process.execPath, join(ROOT, 'bin/clinic-gen.js'), ...args, '--data', data], {
    cwd: ROOT,
    encoding: 'utf8',
    // Nothing of the test's own environment (no DATA_KEY, no cache folder): the key comes from the file alone.
    env: { PATH: process.env.PATH ?? '' },
    input,
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  if (why) return;
  const add = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', USER], { encoding: 'utf8' });
  expect(add.status, add.stderr).toBe(0);
  made = true;
  // As docs/systemd.md installs them: /etc/clinic-gen root:clinic-gen 0750, the key root:clinic-gen 0640,
  // the data folder the service user's own, 0700.
  chmodSync(base, 0o755);
  mkdirSync(etc, { mode: 0o750 });
  chownSync(etc, 0, id('-g'));
  writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o640 });
  chownSync(keyFile, 0, id('-g'));
  chmodSync(keyFile, 0o640);
  mkdirSync(data, { mode: 0o700 });
  chownSync(data, id('-u'), id('-g'));
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  if (made) spawnSync('userdel', [USER]);
  if (made && spawnSync('getent', ['group', USER]).status === 0) spawnSync('groupdel', [USER]);
});

describe.skipIf(why !== undefined)(`clinic-gen as the service's user${why ? ` (skipped: ${why})` : ''}`, () => {
  it('adds and lists accounts and verifies the audit trail, reading the key file root:clinic-gen 0640', () => {
    const add = asService(['users', 'add', '--email', 'owner@example.com', '--name', 'Dana Owner', '--role', 'owner', '--password-stdin'], `${PASSWORD}\n`);
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('added owner@example.com (owner)');
    const list = asService(['users', 'list']);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^EMAIL\s+NAME\s+ROLE/);
    expect(list.stdout).toMatch(/owner@example\.com\s+Dana Owner\s+owner/);
    const verify = asService(['audit', 'verify']);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(/the audit trail is whole: \d+ records?/);
  });

  it('leaves the data folder the service user’s alone: its files 0600, its folders 0700', () => {
    const entries = [data, ...readdirSync(data).map((n) => join(data, n))].map((p) => ({ p, st: lstatSync(p) }));
    expect(entries.map((e) => e.p)).toContain(join(data, 'clinic.db'));
    for (const { p, st } of entries) {
      expect(st.uid, p).toBe(id('-u'));
      expect(st.mode & 0o777, p).toBe(st.isDirectory() ? 0o700 : 0o600);
    }
  });

  it('cannot read a key file readable by root only: the mode the docs give is what lets it in', () => {
    chmodSync(keyFile, 0o600);
    try {
      const list = asService(['users', 'list']);
      expect(list.code).toBe(1);
      expect(list.stderr).toContain(`DATA_KEY_FILE: cannot read ${keyFile} (EACCES)`);
    } finally {
      chmodSync(keyFile, 0o640);
    }
  });
});
