import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';

/**
 * `clinic-gen serve` failing at start for reasons in the operator's hands (a port taken, a data
 * folder it cannot use): exit 1 and a message naming the port or the file, never exit 70 with a
 * stack trace as for a bug. Only failures here: a started server would keep running.
 */
let blocker: net.Server;
let busy: number;
beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  busy = (blocker.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => blocker.close(() => r())));

const serve = (...args: string[]) => runMain(['serve', '-c', 'configs/wesley-chapel.yaml', ...args]);

/** A free port: listened on once and let go. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('clinic-gen serve that cannot start', () => {
  it('names the admin port in use and the flag to change it, before anything is written', async () => {
    const data = join(tempDir(), 'data');
    const r = await serve('--port', String(busy), '--data', data);
    expect(r.code).toBe(1);
    // The ports are bound first: no database, no seeded cities, not even the folder.
    expect(existsSync(data)).toBe(false);
    expect(r.stderr).toContain(`127.0.0.1:${busy} is already in use by another program`);
    expect(r.stderr).toContain('choose another port with --port');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the sites port in use and its flag', async () => {
    const r = await serve('--port', String(await freePort()), '--sites-port', String(busy), '--data', tempDir());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`127.0.0.1:${busy} is already in use by another program`);
    expect(r.stderr).toContain('--sites-port (or SITES_PORT)');
  });

  it('names the database file it cannot open: a data folder that is a file, a database that is not one', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'not-a-folder'), 'x');
    const fileAsFolder = await serve('--port', '0', '--data', join(root, 'not-a-folder'));
    expect(fileAsFolder.code).toBe(1);
    expect(fileAsFolder.stderr).toContain(`The database ${join(root, 'not-a-folder', 'clinic.db')} cannot be opened`);
    expect(fileAsFolder.stderr).toContain('--data folder');
    expect(fileAsFolder.stderr).not.toMatch(/\n\s+at /);

    const garbage = join(root, 'garbage');
    mkdirSync(garbage);
    writeFileSync(join(garbage, 'clinic.db'), 'this is not a SQLite database, just text that is long enough '.repeat(100));
    const notDb = await serve('--port', '0', '--data', garbage);
    expect(notDb.code).toBe(1);
    expect(notDb.stderr).toMatch(new RegExp(`The database ${join(garbage, 'clinic.db').replace(/[/.]/g, '\\$&')} cannot be opened: .*not a database`));
  });
});
