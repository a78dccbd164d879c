// A throwaway PostgreSQL cluster from Debian's `postgresql` package, for the tests and the bench:
// initdb into a temporary folder, a free port on loopback, a socket folder of its own, trust
// authentication (nothing but this machine's loopback reaches it). Run as the `postgres` user when
// the caller is root (PostgreSQL refuses to run as root). Never a mock: this is the real server.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of initdb and pg_ctl: PG_BIN, else Debian's newest /usr/lib/postgresql/<n>/bin, else PATH. */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return join(which.stdout.trim(), '..');
  throw new Error("PostgreSQL's initdb was not found: install Debian's postgresql package (apt-get install postgresql) or set PG_BIN, or set TEST_DATABASE_URL to a server of your own");
}

/** A port nobody listens on now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** As run(), without blocking the event loop (a test keeps sending requests meanwhile). */
function runAsync(bin, program, args) {
  const exe = join(bin, program);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { cwd: '/', env: { ...process.env, LC_ALL: 'C' } }, (err, stdout, stderr) =>
      err ? reject(new Error(`${program} ${args.join(' ')} failed:\n${stdout}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function run(bin, program, args) {
  const exe = join(bin, program);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/', env: { ...process.env, LC_ALL: 'C' } });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * Starts a cluster. `fsync: false` for test speed (a crash of the machine is not what the tests
 * simulate); the bench keeps PostgreSQL's defaults (fsync and synchronous_commit on). `settings`:
 * more server settings, each passed as `-c name=value` (e.g. `{ wal_recycle: 'off' }`).
 * Returns its URL (database `postgres`, user `postgres`), its folder (`dir`, the data directory
 * is `dir/data`), and stop / restart.
 */
export async function startCluster({ fsync = false, maxConnections = 200, settings = {} } = {}) {
  const extra = Object.entries(settings).map(([name, value]) => {
    // pg_ctl hands the options to a shell: plain names and values only.
    if (!/^[a-z_.]+$/.test(name) || !/^[\w.:\/-]+$/.test(String(value))) throw new Error(`startCluster: unsupported setting ${name}=${value}`);
    return `-c ${name}=${value}`;
  });
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'clinic-gen-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    `-c max_connections=${maxConnections}`,
    `-c fsync=${fsync ? 'on' : 'off'}`,
    '-c shared_buffers=128MB',
    ...extra,
  ].join(' ');
  const startArgs = ['-D', data, '-l', join(dir, 'server.log'), '-o', opts, '-w', '-t', '60', 'start'];
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  const start = () => run(bin, 'pg_ctl', startArgs);
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    /** Stops the server now (immediate: like a crash, recovery on the next start), then starts it again. */
    restart() {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      start();
    },
    /** Stops the server (immediate) without starting it again. */
    kill() {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    start,
    /** kill() and start() without blocking the event loop. */
    killAsync: () => runAsync(bin, 'pg_ctl', stopArgs),
    startAsync: () => runAsync(bin, 'pg_ctl', startArgs),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped (kill() without start()).
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
