import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiToken } from '../../test/helpers/accounts.js';
import { readYaml } from '../../src/config/yaml.js';
import { figures, listening, serveEnv, type PageFigures } from './page-times.js';

/**
 * `npm run bench -- generate` (issue 39 item 8): the admin's Generate of a city with photos, built
 * on the server's build worker (src/server/packages/build-pool.ts), and what the public site
 * answers meanwhile: a client GETs `/` every 20 ms while `rounds` Generates run one after another.
 * Also the server's resident memory (VmRSS) idle after start, and idle again after the Generates
 * (the worker stays, with its caches). The real CLI in a child process, on loopback.
 */
export interface GenerateBenchResult {
  /** Send to answer of each Generate, ms (the first starts the worker). */
  generates: number[];
  /** GET / every 20 ms while the Generates ran. */
  pages: PageFigures;
  /** VmRSS in MB: idle after start; idle after the Generates. */
  rssMb: { before: number; after: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

export async function benchGenerate(o: { bin: string; configPath: string; cityPath: string; dir?: string; rounds?: number }): Promise<GenerateBenchResult> {
  const rounds = o.rounds ?? 5;
  const dataDir = mkdtempSync(path.join(o.dir ?? tmpdir(), 'clinic-generate-bench-'));
  const server = spawn(process.execPath, [o.bin, 'serve', '--config', o.configPath, '--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--no-samples', '--rate-limit', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serveEnv(),
  });
  try {
    const url = await listening(server);
    for (let i = 0; i < 120 && (await fetch(`${url}/`).then((r) => r.status, () => 0)) !== 200; i++) await sleep(500);
    const authorization = await apiToken(url);
    const body = JSON.stringify(readYaml(readFileSync(o.cityPath, 'utf8')));
    await sleep(3000);
    const before = rssMb(server.pid!);
    const generates: number[] = [];
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      let done = false;
      const generated = fetch(`${url}/api/generate-clinic-website`, { method: 'POST', headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body }).then(async (res) => {
        await res.arrayBuffer();
        done = true;
        if (res.status !== 200) throw new Error(`generate answered ${res.status}`);
        generates.push(Math.round(performance.now() - start));
      });
      // Bounded: at most 3,000 GETs a round (60 s).
      for (let k = 0; k < 3000 && !done; k++) {
        const t = performance.now();
        const res = await fetch(`${url}/`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET / answered ${res.status}`);
        const took = performance.now() - t;
        times.push(took);
        if (took < 20) await sleep(20 - took);
      }
      await generated;
    }
    await sleep(5000);
    return { generates, pages: figures(times), rssMb: { before, after: rssMb(server.pid!) } };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
