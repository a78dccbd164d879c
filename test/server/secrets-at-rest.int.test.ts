import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { signIn, TEST_ADMIN } from '../helpers/accounts.js';
import { freshDatabase } from '../helpers/pg.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';

/**
 * Issue 21: passwords, API tokens, session cookies, TOTP secrets and recovery codes appear nowhere
 * in the store in clear, nor in any log line. A real `clinic-gen serve` on SQLite; every byte of
 * its data folder (the database and its WAL) and everything it printed are searched.
 */
let s: ServeProcess;
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
afterAll(async () => {
  await s?.stop();
  await db?.drop();
});

/** Every row of every table of a PostgreSQL database, as text. */
async function everyRow(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'")).rows.map((r) => r.t);
    let all = '';
    for (const t of tables) all += (await client.query<{ r: string }>(`SELECT x::text AS r FROM "${t}" x`)).rows.map((r) => r.r).join('\n');
    return all;
  } finally {
    await client.end();
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe.each(['SQLite', 'PostgreSQL'])('secrets at rest and in the log (%s)', (store) => {
  it('are stored hashed or sealed, and never printed', async () => {
    if (store === 'PostgreSQL') db = await freshDatabase();
    s = await startServeProcess(db ? { env: { DATABASE_URL: db.url, PUBLIC_URL: 'http://127.0.0.1' } } : {});
    const owner = await signIn(s.url);
    const editorPassword = 'harbor ember quilt 58 tide';
    const made = await fetch(`${s.url}/api/accounts`, {
      method: 'POST',
      headers: owner.headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ email: 'editor@example.com', name: 'Ed', role: 'editor', cities: null, password: editorPassword }),
    });
    expect(made.status).toBe(201);
    const token = (await (await fetch(`${s.url}/api/tokens`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ name: 'ci', role: 'editor' }) })).json()) as { secret: string };
    expect((await fetch(`${s.url}/api/cities`, { headers: { Authorization: `Bearer ${token.secret}` } })).status).toBe(200);
    // A wrong guess and a sign-in of the editor: the passwords pass through the log's events.
    const wrong = 'a wrong guess of some length';
    expect((await fetch(`${s.url}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: s.url }, body: JSON.stringify({ email: 'editor@example.com', password: wrong }) })).status).toBe(401);
    const editor = await signIn(s.url, { email: 'editor@example.com', password: editorPassword });

    const secrets = [TEST_ADMIN.password, editorPassword, wrong, token.secret, owner.value, editor.value, owner.totpSecret!, ...owner.recoveryCodes!];
    expect(secrets.every((x) => typeof x === 'string' && x.length >= 10)).toBe(true);
    // While it runs (the WAL holds the latest writes), and after it stopped (checkpointed into the file).
    const scan = (when: string) => {
      const files = filesUnder(s.dataDir).filter((f) => !f.includes(`${join(s.dataDir, '.config')}`));
      if (!db) expect(files.some((f) => f.endsWith('clinic.db'))).toBe(true);
      for (const f of files) {
        const bytes = readFileSync(f).toString('latin1');
        for (const secret of secrets) expect(bytes.includes(secret), `${when}: a secret in ${f}`).toBe(false);
      }
    };
    scan('running');
    if (db) {
      const rows = await everyRow(db.url);
      expect(rows).toContain('editor@example.com');
      for (const secret of secrets) expect(rows.includes(secret), 'a secret in a PostgreSQL table').toBe(false);
    }
    const printed = s.output();
    expect(printed).toContain('"admin.owner_created"');
    for (const secret of secrets) expect(printed.includes(secret), 'a secret in the log').toBe(false);
    await s.child.kill('SIGTERM');
    await new Promise((r) => (s.child.exitCode !== null ? r(undefined) : s.child.once('exit', r)));
    scan('stopped');
    await s.stop();
    await db?.drop();
    db = undefined;
  });
});
