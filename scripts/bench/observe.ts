import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * Issue 26's budget: the access log and the metrics cost at most 5% of page GET throughput. Page
 * GETs on three `clinic-gen serve` processes in turns: this release with the access log on (its
 * JSON log read off a pipe, as journald reads it), the same with ACCESS_LOG=off, and, given
 * BENCH_BASELINE_BIN, the release before metrics and the access log.
 */
export interface ObserveBench {
  on: number;
  off: number;
  baseline?: number;
  rounds: Record<string, number[]>;
}

function start(bin: string, dir: string, configPath: string, env: Record<string, string>): Promise<ChildProcess & { url?: string }> {
  const data = mkdtempSync(path.join(dir, 'observe-'));
  const child: ChildProcess & { url?: string } = spawn(process.execPath, [bin, 'serve', '--config', configPath, '--port', '0', '--sites-port', '0', '--data', data, '--no-samples'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', XDG_CONFIG_HOME: data, ADMIN_PASSWORD: 'observe bench passphrase 1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const seen = (d: Buffer) => {
      out += d.toString();
      const url = /"server\.listening".*?"url":"([^"]+)"/.exec(out)?.[1];
      if (url && !child.url) {
        child.url = url;
        // From here the log is read and dropped, as a log collector reads it.
        child.stdout!.off('data', seen);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.resume();
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchObserve(o: { bin: string; configPath: string; dir: string; baselineBin?: string; rounds?: number; seconds?: number }): Promise<ObserveBench> {
  const servers: Record<string, ChildProcess & { url?: string }> = {};
  try {
    servers.on = await start(o.bin, o.dir, o.configPath, { DATA_KEY: randomBytes(32).toString('base64') });
    servers.off = await start(o.bin, o.dir, o.configPath, { DATA_KEY: randomBytes(32).toString('base64'), ACCESS_LOG: 'off' });
    if (o.baselineBin) servers.baseline = await start(o.baselineBin, o.dir, o.configPath, {});
    for (const s of Object.values(servers)) for (let i = 0; i < 200 && (await fetch(`${s.url}/readyz`).then((r) => r.status, () => 0)) !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    const names = Object.keys(servers);
    for (const k of names) await autocannon({ url: `${servers[k]!.url}/`, connections: 20, duration: 2 });
    const rounds: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
    for (let round = 0; round < (o.rounds ?? 4); round++) {
      for (const k of round % 2 ? [...names].reverse() : names) {
        const r = await autocannon({ url: `${servers[k]!.url}/`, connections: 20, duration: o.seconds ?? 5 });
        rounds[k]!.push(Math.round(r.requests.average));
      }
    }
    return { on: median(rounds.on!), off: median(rounds.off!), baseline: rounds.baseline ? median(rounds.baseline) : undefined, rounds };
  } finally {
    const all = Object.values(servers);
    for (const s of all) s.kill('SIGTERM');
    await Promise.all(all.map((s) => new Promise((r) => (s.exitCode !== null ? r(undefined) : s.once('exit', r)))));
  }
}
