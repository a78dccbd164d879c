import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfigFile } from '../../src/config/load.js';
import { createApp } from '../../src/server/app.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import type { ServerStore } from '../../src/server/store/server-store.js';
import { benchOwner, benchSecrets } from './owner.js';
import { openSqliteStore } from '../../src/server/store/sqlite-server-store.js';

/**
 * `npm run bench` figures of the admin. Budgets: generate one city on the server
 * <= 50 ms (p50), deploy one city <= 200 ms. Both go through the real routes (validation, render,
 * JSON; decode, fsynced release write, pointer switch) with app.request, no sockets.
 */
export const ADMIN_BUDGETS = { generateP50Ms: 50, deployMs: 200 } as const;

export interface AdminBenchOptions {
  configPath?: string;
  /** Generate runs (default 50). */
  runs?: number;
  /** Deploys timed; the median is reported (default 5). */
  deploys?: number;
  /** Folder for the deployments (default a temp folder); put it on the disk deploys will use. */
  dir?: string;
}


export async function benchAdmin(options: AdminBenchOptions = {}): Promise<{ generateP50Ms: number; deployMs: number }> {
  const loaded = await loadConfigFile(options.configPath ?? 'configs/wesley-chapel.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const dataDir = mkdtempSync(path.join(options.dir ?? tmpdir(), 'clinic-admin-bench-'));
  let stores: ServerStore | undefined;
  try {
    const settings = resolveServerConfig({ flags: { dataDir }, env: {} });
    if (!settings.ok) throw new Error(settings.errors.join('\n'));
    // The data folder's store, as `clinic-gen serve` opens it: releases fsynced on this disk.
    stores = openSqliteStore(dataDir);
    const app = createApp({ clinic: loaded.config, server: settings.config, files: { 'index.html': '' }, stores, secrets: benchSecrets() });
    const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const { authorization } = await benchOwner(stores);
    const post = (url: string, body: unknown) =>
      app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization }, body: JSON.stringify(body) }, loopback);

    const input = { ...loaded.config, city: 'Tampa', geo: undefined };
    let files: Record<string, string> = {};
    const generateMs: number[] = [];
    for (let i = 0; i < (options.runs ?? 50); i++) {
      const t = performance.now();
      const res = await post('/api/generate-clinic-website', input);
      files = ((await res.json()) as { files: Record<string, string> }).files;
      generateMs.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`generate answered ${res.status}`);
    }

    const deployMs: number[] = [];
    for (let i = 0; i < (options.deploys ?? 5); i++) {
      const t = performance.now();
      const res = await post('/api/deploy-website', { city: 'Tampa', businessName: loaded.config.businessName, domainName: 'tampa.example.com', files, deploymentType: 'static' });
      await res.arrayBuffer();
      deployMs.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`deploy answered ${res.status}`);
    }
    return { generateP50Ms: round(median(generateMs)), deployMs: round(median(deployMs)) };
  } finally {
    await stores?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
