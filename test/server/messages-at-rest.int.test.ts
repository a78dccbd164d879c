import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBin, startCluster, type Cluster } from '../../scripts/pg-cluster.mjs';
import { signIn } from '../helpers/accounts.js';
import { runCli } from '../helpers/cli.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 22, patients' words at rest, on a real `clinic-gen serve` with SQLite: nothing a patient
 * typed is in any file of the data folder (the database and its WAL) while the server runs or
 * after; and a data folder (SQLite) or a database (PostgreSQL) of the release that stored messages
 * in clear is sealed on first start.
 */
const started: ServeProcess[] = [];
const folders: string[] = [];
const clusters: Cluster[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const c of clusters) c.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === '.config' || name === 'deployments') return [];
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The words found in clear in any file of the data folder (its database and WAL among them). */
function inClear(dir: string, words: string[]): string[] {
  const files = filesUnder(dir);
  expect(files.some((f) => f.endsWith('clinic.db'))).toBe(true);
  return foundIn(files, words);
}

/** Every regular file under `dir`, at any depth (sockets and the like are left out). */
function everyFileUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? everyFileUnder(p) : e.isFile() ? [p] : [];
  });
}

/** `word in file` for each word found in each file's bytes, as Latin-1 or as UTF-8. */
function foundIn(files: string[], words: string[]): string[] {
  const found: string[] = [];
  for (const f of files) {
    const bytes = readFileSync(f).toString('latin1');
    const utf8 = readFileSync(f).toString('utf8');
    for (const w of words) if (bytes.includes(w) || utf8.includes(w)) found.push(`${w} in ${f}`);
  }
  return found;
}

/**
 * The inbox of an upgraded store: every message listed as new, the counts per city adding up, and
 * the newest and oldest open in full.
 */
async function inboxHolds(url: string, headers: Record<string, string>, count: number): Promise<void> {
  const list = (await (await fetch(`${url}/api/inbox?pageSize=200`, { headers })).json()) as { total: number; byStatus: Record<string, number>; byCity: { count: number }[]; items: { id: string; firstName: string }[] };
  expect(list.total).toBe(count);
  expect(list.byStatus.new).toBe(count);
  expect(list.byCity.reduce((n, c) => n + c.count, 0)).toBe(count);
  expect(list.items.every((i) => /^Fixturefirst\d{4}$/.test(i.firstName))).toBe(true);
  const last = Math.ceil(count / 200);
  const oldest = (await (await fetch(`${url}/api/inbox?pageSize=200&page=${last}`, { headers })).json()) as { items: { id: string }[] };
  for (const id of [list.items[0]!.id, oldest.items.at(-1)!.id]) {
    const one = (await (await fetch(`${url}/api/inbox/${id}`, { headers })).json()) as { message: { message: string; email: string; notes: unknown[] } };
    expect(one.message.message).toMatch(/^FIXTURE-PHI-\d{4}:/);
    expect(one.message.email).toMatch(/^fixture\d{4}@example\.com$/);
  }
}

const stopped = (s: ServeProcess) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });

const readyz = async (url: string) => (await (await fetch(`${url}/readyz`)).json()) as { status: string; plaintext?: string };

/**
 * A cluster with PostgreSQL's default settings holding the fixture's dump (release d4b66c2, 300
 * messages in clear) in database `upgraded`, owned by role `clinic` (password `clinic-pass`) as a
 * clinic's own database is: statistics sampled from the rows, and the pages checkpointed.
 */
async function fixtureCluster() {
  const cluster = await startCluster({ fsync: false });
  clusters.push(cluster);
  const work = mkdtempSync(join(tmpdir(), 'clinic-pg-upgrade-'));
  folders.push(work);
  const dump = join(work, 'postgres.sql');
  cpSync(join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2', 'postgres.sql'), dump);
  const psqlAs = (user: string, db: string, ...args: string[]) => {
    const r = spawnSync(join(postgresBin(), 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(cluster.port), '-U', user, '-d', db, ...args], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    expect(r.status, `psql ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  const psql = (db: string, ...args: string[]) => psqlAs('postgres', db, ...args);
  psql('postgres', '-c', "CREATE ROLE clinic LOGIN PASSWORD 'clinic-pass'");
  psql('postgres', '-c', 'CREATE DATABASE upgraded OWNER clinic');
  psqlAs('clinic', 'upgraded', '-f', dump);
  // A database that ran for a while has statistics (autovacuum analyzes it): sampled values of
  // every column, the patients' among them, are in pg_statistic.
  psql('upgraded', '-c', 'ANALYZE');
  // And its pages were written to the files (a checkpoint), not only to the WAL.
  psql('upgraded', '-c', 'CHECKPOINT');
  expect(psql('upgraded', '-A', '-t', '-c', 'SELECT count(*) FROM messages').trim()).toBe('300');
  const markers = ['FIXTURE-PHI-', 'Fixturefirst', 'Fixturelast', 'fixture0001@example.com', 'fixture0300@example.com', '(813) 555-0001'];
  const clusterFiles = () => everyFileUnder(cluster.dir);
  // In the table's file and in the WAL.
  const before = foundIn(clusterFiles(), markers);
  expect(before.some((f) => f.includes('/base/'))).toBe(true);
  expect(before.some((f) => f.includes('/pg_wal/'))).toBe(true);
  // The statistics are compressed on disk (no byte search sees them): ask PostgreSQL.
  const sampled = () =>
    psql('upgraded', '-A', '-t', '-c', "SELECT count(*) FROM pg_stats WHERE tablename = 'messages' AND concat(most_common_vals::text, histogram_bounds::text) ~ 'Fixture|FIXTURE|fixture'").trim();
  expect(sampled()).not.toBe('0');
  const url = (user: string) => `postgres://${user}@127.0.0.1:${cluster.port}/upgraded`;
  return { cluster, dump, psql, markers, clusterFiles, sampled, superuserUrl: url('postgres'), clinicUrl: url('clinic:clinic-pass') };
}

describe('patients’ words at rest', () => {
  /** The 212 ng/dL message posted as JSON, as a retry and as a plain form, and a note on it: what a byte search must not find. */
  async function postTheMessage(s: ServeProcess): Promise<string[]> {
    const text = 'My testosterone level is 212 ng/dL and I want to talk about it';
    const patient = { firstName: 'Perpetua', lastName: 'Quillfeather', email: 'perpetua.q@example.com', phone: '(813) 555-0148' };
    const body = { ...patient, service: 'TRT Therapy', message: text, site: 'tampa', page: 'contact/' };
    const json = await fetch(`${s.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'rest-key-1' }, body: JSON.stringify(body) });
    expect(json.status).toBe(201);
    const retry = await fetch(`${s.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'rest-key-1' }, body: JSON.stringify(body) });
    expect(retry.status).toBe(201);
    const form = await fetch(`${s.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...body, message: `${text} (sent without script)`, website: '' }).toString(),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    const owner = await s.owner();
    const list = (await (await fetch(`${s.url}/api/messages?site=tampa`, { headers: { Authorization: owner } })).json()) as { messages: { id: string; message: string; email: string }[]; total: number };
    expect(list.total).toBe(2);
    expect(list.messages.map((m) => m.message).sort()).toEqual([text, `${text} (sent without script)`]);
    // The front desk's note of the call is sealed too.
    const note = await fetch(`${s.url}/api/inbox/${list.messages[0]!.id}/notes`, { method: 'POST', headers: { Authorization: owner, 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'Called back Thursday: Dr. Okonkwo-Vasquez will see him' }) });
    expect(note.status).toBe(201);
    return ['212 ng/dL', patient.firstName, patient.lastName, patient.email, '555-0148', 'Okonkwo-Vasquez'];
  }

  it('are in no file of the data folder, as JSON, as a plain form and as a retry, running and stopped', async () => {
    const s = await startServeProcess();
    started.push(s);
    const words = await postTheMessage(s);
    expect(inClear(s.dataDir, words)).toEqual([]);
    await stopped(s);
    expect(inClear(s.dataDir, words)).toEqual([]);
  });

  it('are in no file of a PostgreSQL cluster’s data directory, running and stopped', async () => {
    const cluster = await startCluster();
    clusters.push(cluster);
    const s = await startServeProcess({ env: { DATABASE_URL: cluster.url } });
    started.push(s);
    const words = await postTheMessage(s);
    // Whatever PostgreSQL holds in memory reaches its files at a checkpoint: searched after one.
    const checkpoint = () => {
      const r = spawnSync(join(postgresBin(), 'psql'), [cluster.url, '-c', 'CHECKPOINT'], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, r.stderr).toBe(0);
    };
    checkpoint();
    const files = everyFileUnder(cluster.dir);
    expect(files.some((f) => f.includes('/pg_wal/'))).toBe(true);
    expect(foundIn(files, words)).toEqual([]);
    await stopped(s);
    checkpoint();
    expect(foundIn(everyFileUnder(cluster.dir), words)).toEqual([]);
    cluster.stop();
  }, 120_000);

  it('of the release that kept them in clear are sealed on the first start: every message opens, no marker is left in the files', async () => {
    const data = mkdtempSync(join(tmpdir(), 'clinic-sealed-upgrade-'));
    folders.push(data);
    cpSync(join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2', 'sqlite-data'), data, { recursive: true });
    const writable = (p: string) => {
      chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
      if (statSync(p).isDirectory()) for (const e of readdirSync(p)) writable(join(p, e));
    };
    writable(data);
    const markers = ['FIXTURE-PHI-', 'Fixturefirst', 'Fixturelast', 'fixture0001@example.com', 'fixture0999@example.com'];
    expect(inClear(data, markers).length).toBeGreaterThan(0);
    const serve = (env: Record<string, string>) =>
      startServeProcess({ config: join(ROOT, 'configs/wesley-chapel.yaml'), env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: 'fixture owner password', ...env }, args: ['--data', data], timeoutMs: 120_000 });
    const stillClear = () => {
      const db = new Database(join(data, 'clinic.db'), { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM messages WHERE sealed IS NULL').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    // Issue 38 item 2: without a backup named, the start refuses, seals nothing and says what to do.
    const refused = await serve({}).then(
      () => '',
      (err: Error) => err.message,
    );
    expect(refused).toContain('UPGRADE_BACKUP: missing');
    expect(refused).toContain('holds 1,000 patient messages in clear');
    expect(refused).toContain(`clinic-gen backup --data ${data} --out <file>`);
    expect(refused).toContain('Nothing was sealed.');
    expect(stillClear()).toBe(1000);
    // A backup that is not of this data as it is (one of an empty folder: no messages in clear) is not one.
    const kept = mkdtempSync(join(tmpdir(), 'clinic-upgrade-backups-'));
    folders.push(kept);
    const empty = mkdtempSync(join(tmpdir(), 'clinic-empty-data-'));
    folders.push(empty);
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), ...args], { encoding: 'utf8', env: { ...process.env, DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: join(kept, '.config') } });
    expect(cli('users', 'list', '--data', empty).status).toBe(0);
    expect(cli('backup', '--data', empty, '--out', join(kept, 'empty.tar')).status).toBe(0);
    const wrong = await serve({ UPGRADE_BACKUP: join(kept, 'empty.tar') }).then(
      () => '',
      (err: Error) => err.message,
    );
    expect(wrong).toContain('holds no messages in clear, so it is not a backup of this data as it is');
    expect(stillClear()).toBe(1000);
    // The backup the message asks for, then the start that names it.
    const made = cli('backup', '--data', data, '--out', join(kept, 'before-upgrade.tar'));
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('1,000 patient messages in clear');
    const s = await serve({ UPGRADE_BACKUP: join(kept, 'before-upgrade.tar') });
    started.push(s);
    await s.said('"messages.sealed"');
    await s.said('"count":1000');
    await s.said('The data key is now required to read every message');
    const owner = await signIn(s.url, { email: 'admin', password: 'fixture owner password' });
    const texts: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = (await (await fetch(`${s.url}/api/messages?page=${page}&pageSize=200`, { headers: owner.headers() })).json()) as { messages: { message: string; unreadable?: string }[] };
      for (const m of res.messages) {
        expect(m.unreadable).toBeUndefined();
        texts.push(m.message);
      }
    }
    expect(texts).toHaveLength(1000);
    expect(texts.every((t) => /^FIXTURE-PHI-\d{4}:/.test(t))).toBe(true);
    await inboxHolds(s.url, owner.headers(), 1000);
    expect(inClear(data, markers)).toEqual([]);
    await stopped(s);
    expect(inClear(data, markers)).toEqual([]);
  }, 120_000);

  it('of a PostgreSQL database of the release that kept them in clear are sealed on the first start: every message opens, no marker is left in the cluster’s files', async () => {
    // PostgreSQL's default settings (wal_recycle on: a released segment is renamed for reuse,
    // contents and all), the server connected as the cluster's superuser: it scrubs the WAL itself.
    const { cluster, dump, psql, markers, clusterFiles, sampled, superuserUrl } = await fixtureCluster();

    const s = await startServeProcess({
      config: join(ROOT, 'configs/wesley-chapel.yaml'),
      // The dump the database was made from is the backup this upgrade names (issue 38 item 2).
      env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: 'fixture owner password', DATABASE_URL: superuserUrl, UPGRADE_BACKUP: dump },
      timeoutMs: 120_000,
    });
    started.push(s);
    await s.said('"messages.sealed"');
    await s.said('"count":300');
    // The cluster's superuser ran the start: it could checkpoint and switch the WAL itself.
    await s.said('"database.wal_scrubbed"');
    expect(s.output()).not.toContain('"database.plaintext_remaining"');
    expect(await readyz(s.url)).toEqual({ status: 'ready' });
    const owner = await signIn(s.url, { email: 'admin', password: 'fixture owner password' });
    const texts: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const res = (await (await fetch(`${s.url}/api/messages?page=${page}&pageSize=200`, { headers: owner.headers() })).json()) as { messages: { message: string; unreadable?: string }[] };
      for (const m of res.messages) {
        expect(m.unreadable).toBeUndefined();
        texts.push(m.message);
      }
    }
    expect(texts).toHaveLength(300);
    expect(texts.every((t) => /^FIXTURE-PHI-\d{4}:/.test(t))).toBe(true);
    await inboxHolds(s.url, owner.headers(), 300);
    await stopped(s);
    // What PostgreSQL still holds in memory reaches the files at its next checkpoint (at the latest
    // when it shuts down): search the files after one.
    psql('upgraded', '-c', 'CHECKPOINT');
    expect(foundIn(clusterFiles(), markers)).toEqual([]);
    expect(sampled()).toBe('0');
    cluster.stop();
  }, 180_000);
  it('of a PostgreSQL database, the server on the clinic’s own role and PostgreSQL’s default settings: /readyz, the metric and plaintext check report the WAL until the superuser’s one command, then no marker is left', async () => {
    const { cluster, dump, psql, markers, clusterFiles, sampled, superuserUrl, clinicUrl } = await fixtureCluster();
    const token = 'metrics-scraper-token-0123456789abcdef';
    const s = await startServeProcess({
      config: join(ROOT, 'configs/wesley-chapel.yaml'),
      env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: 'fixture owner password', DATABASE_URL: clinicUrl, UPGRADE_BACKUP: dump, METRICS_TOKEN: token },
      timeoutMs: 120_000,
    });
    started.push(s);
    await s.said('"messages.sealed"');
    // The clinic's role may not checkpoint or switch the WAL: the log names the one command.
    await s.said('"database.plaintext_remaining"');
    await s.said('clinic-gen plaintext scrub');
    expect(s.output()).not.toContain('"database.wal_scrubbed"');
    // Serving as ever, and saying what remains.
    const ready = await readyz(s.url);
    expect(ready.status).toBe('ready');
    expect(ready.plaintext).toContain('300 patients');
    expect(ready.plaintext).toContain('clinic-gen plaintext scrub');
    const gauge = async () => {
      const text = await (await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).text();
      return /^clinicgen_plaintext_messages (\d+)$/m.exec(text)?.[1];
    };
    expect(await gauge()).toBe('300');
    const cliEnv = { DATABASE_URL: clinicUrl, DATA_KEY: s.dataKey };
    const check = runCli(['plaintext', 'check'], { env: cliEnv });
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain("PostgreSQL's WAL still holds 300 messages in clear");
    // The table's files are rewritten; the WAL still holds the old rows.
    expect(foundIn(clusterFiles(), markers).some((f) => f.includes('/pg_wal/'))).toBe(true);

    // The clinic's role may not run the scrub: refused, naming what it needs.
    const refused = runCli(['plaintext', 'scrub', '--database-url', clinicUrl]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Connect as a superuser');
    // The superuser's one command (docs/serving.md#upgrading).
    const scrub = runCli(['plaintext', 'scrub'], { env: { DATABASE_URL: superuserUrl } });
    expect(scrub.code, scrub.stderr).toBe(0);
    expect(scrub.stdout).toContain("PostgreSQL's WAL no longer holds anything written before now");
    expect(scrub.stdout).toContain('the 300 messages sealed since');
    // /readyz says so within a probe or two (read again at most once a second while any remain).
    for (let i = 0; i < 100 && (await readyz(s.url)).plaintext !== undefined; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await readyz(s.url)).toEqual({ status: 'ready' });
    expect(await gauge()).toBe('0');
    const clean = runCli(['plaintext', 'check'], { env: cliEnv });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('no WAL written before the sealing is left');

    const owner = await signIn(s.url, { email: 'admin', password: 'fixture owner password' });
    await inboxHolds(s.url, owner.headers(), 300);
    await stopped(s);
    psql('upgraded', '-c', 'CHECKPOINT');
    expect(foundIn(clusterFiles(), markers)).toEqual([]);
    expect(sampled()).toBe('0');
    cluster.stop();
  }, 180_000);
});
