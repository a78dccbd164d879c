import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiToken } from '../../test/helpers/accounts.js';
import { readYaml } from '../../src/config/yaml.js';
import { listening, serveEnv } from './page-times.js';

/**
 * `npm run bench -- admin` (issue 41 item 4): the admin's Generate on a real `clinic-gen serve`,
 * idle, through its routes: a city's (POST /api/generate-clinic-website, the sample Tampa) and the
 * brand site's (POST /api/brand-site/preview: the sample brand and the three sample cities the
 * server seeds), each five times in turn. The server's caches are the CLI's (CLINIC_GEN_CACHE_DIR,
 * filled by a `clinic-gen build` of the samples first, as an operator's CLI build would have), and
 * the server keeps its own warm across requests. Loopback only.
 */
export interface AdminGenerateResult {
  /** Send to answer, ms, of each city Generate and each brand-site Generate, in order. */
  city: number[];
  brand: number[];
}

export async function benchAdminGenerate(o: { bin: string; root: string; dir?: string; rounds?: number }): Promise<AdminGenerateResult> {
  const rounds = o.rounds ?? 5;
  const work = mkdtempSync(path.join(o.dir ?? tmpdir(), 'clinic-admin-generate-'));
  const cache = path.join(work, 'cache');
  const env = { ...serveEnv(), CLINIC_GEN_CACHE_DIR: cache };
  const built = spawnSync(process.execPath, [o.bin, 'build', '--config', path.join(o.root, 'configs'), '--out', path.join(work, 'cli'), '-q', '--contact-endpoint', 'same-origin'], { env, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build of the samples failed:\n${built.stderr}`);
  const server = spawn(process.execPath, [o.bin, 'serve', '--config', path.join(o.root, 'configs/tampa.yaml'), '--port', '0', '--host', '127.0.0.1', '--data', path.join(work, 'data'), '--rate-limit', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  try {
    const url = await listening(server);
    // Ready when the site answers (it seeds the samples first): at most a minute.
    for (let i = 0; i < 120 && (await fetch(`${url}/`).then((r) => r.status, () => 0)) !== 200; i++) await new Promise((r) => setTimeout(r, 500));
    const authorization = await apiToken(url);
    const call = async (method: string, route: string, body: unknown) => {
      const start = performance.now();
      const res = await fetch(`${url}${route}`, { method, headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 500)}`);
      return Math.round(performance.now() - start);
    };
    const brand = readYaml(readFileSync(path.join(o.root, 'configs/brand/northstar.yaml'), 'utf8'));
    await call('PUT', '/api/brand', { brand });
    const city = readYaml(readFileSync(path.join(o.root, 'configs/tampa.yaml'), 'utf8'));
    const times: AdminGenerateResult = { city: [], brand: [] };
    for (let k = 0; k < rounds; k++) {
      times.city.push(await call('POST', '/api/generate-clinic-website', city));
      times.brand.push(await call('POST', '/api/brand-site/preview', {}));
    }
    return times;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(undefined)));
    rmSync(work, { recursive: true, force: true });
  }
}
