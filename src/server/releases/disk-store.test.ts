import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../../../test/helpers/server-app.js';
import { createReleaseStore } from './disk-store.js';
import { checkUrlTemplate, deploymentUrl } from '../settings/url-template.js';

/** The release store's edges on disk, and the deployment URL template. */
const site = (text: string) => new Map([['index.html', new TextEncoder().encode(text)]]);
const store = () => {
  const root = mkdtempSync(join(tmpdir(), 'clinic-releases-'));
  return { root, s: createReleaseStore({ root, durable: false }) };
};

/**
 * What only the store on disk does: leftovers of dead processes, the symlink, hard links. What every
 * release store does is in release-store.contract.test.ts.
 */
describe('release store on disk', () => {
  it('sweeps leftovers of dead processes but not of live ones', async () => {
    const { root, s } = store();
    const releases = join(root, 'tampa', 'releases');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    mkdirSync(join(releases, `.tmp-${dead}-aaaa`), { recursive: true });
    mkdirSync(join(releases, `.tmp-1-bbbb`)); // pid 1 is alive
    await s.deploy('tampa', { files: site('a') });
    expect(existsSync(join(releases, `.tmp-${dead}-aaaa`))).toBe(false);
    expect(existsSync(join(releases, '.tmp-1-bbbb'))).toBe(true);
    expect(readdirSync(releases).filter((n) => !n.startsWith('.'))).toHaveLength(1);
  });

  it('keeps the live release behind a symlink and shares unchanged files with it', async () => {
    const { root, s } = store();
    const first = await s.deploy('tampa', { files: new Map([...site('a'), ['style.css', new TextEncoder().encode('body{}')]]) });
    const second = await s.deploy('tampa', { files: new Map([...site('b'), ['style.css', new TextEncoder().encode('body{}')]]) });
    const [ida, idb] = [first, second].map((r) => (r.ok ? r.release.id : '')) as [string, string];
    expect(readlinkSync(join(root, 'tampa', 'current'))).toBe(`releases/${idb}`);
    const css = (id: string) => statSync(join(root, 'tampa', 'releases', id, 'style.css')).ino;
    expect(css(idb)).toBe(css(ida));
    const page = (id: string) => statSync(join(root, 'tampa', 'releases', id, 'index.html')).ino;
    expect(page(idb)).not.toBe(page(ida));
  });
});

describe('a site with releases and none live (a first deploy stopped before its switch)', () => {
  it('makes a release it is named live (Make live), and has nothing to roll back unnamed', async () => {
    const { root, s } = store();
    const first = await s.deploy('tampa', { files: site('a') });
    const id = first.ok ? first.release.id : '';
    rmSync(join(root, 'tampa', 'current'));
    expect(await s.currentId('tampa')).toBeUndefined();
    expect(await s.rollback('tampa')).toEqual({ ok: false, status: 404, error: 'no live deployment named tampa' });
    expect(await s.rollback('tampa', '20200101T000000000Z-00000000')).toEqual({ ok: false, status: 404, error: 'no live deployment named tampa' });
    expect(await s.rollback('tampa', id)).toMatchObject({ ok: true, release: { id } });
    expect(await s.currentId('tampa')).toBe(id);
    expect(new TextDecoder().decode(await s.readLive('tampa', 'index.html'))).toBe('a');
  });
});

describe('pruning old releases', () => {
  it('takes a release away in one step: a reader finds it whole or gone, never part-deleted', async () => {
    const root = mkdtempSync(join(tmpdir(), 'clinic-releases-'));
    const s = createReleaseStore({ root, durable: false, keep: 1 });
    // Many files a release, so a removal file by file would be seen half done.
    const files = (n: number) => new Map(Array.from({ length: 200 }, (_, i) => [`p${i}/index.html`, new TextEncoder().encode(`${n}-${i}`)] as const));
    const releases = join(root, 'tampa', 'releases');
    await s.deploy('tampa', { files: files(0) });
    let deploying = true;
    const partial: string[] = [];
    let looks = 0;
    const reader = (async () => {
      while (deploying && looks < 200_000) {
        for (const id of readdirSync(releases).filter((n) => !n.startsWith('.'))) {
          looks++;
          try {
            const names = readdirSync(join(releases, id));
            if (names.length !== 201) partial.push(`${id}: ${names.length} entries`);
          } catch {
            // gone: fine
          }
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let n = 1; n <= 15; n++) await s.deploy('tampa', { files: files(n) });
    deploying = false;
    await reader;
    expect(looks).toBeGreaterThan(0);
    expect(partial).toEqual([]);
    // Nothing is left behind under a temporary name.
    expect(readdirSync(releases)).toHaveLength(1);
  });
});

describe('deployment URL template', () => {
  it('fills {origin} and {siteName}', () => {
    expect(deploymentUrl('{origin}/sites/{siteName}/', { origin: 'https://admin.example.com/', siteName: 'tampa' })).toBe('https://admin.example.com/sites/tampa/');
    expect(deploymentUrl('https://{siteName}-trt.replit.app', { origin: 'x', siteName: 'tampa' })).toBe('https://tampa-trt.replit.app');
  });

  it.each(['https://example.com/', 'ftp://{siteName}.example.com', '{origin}/{city}/', 'javascript:{siteName}'])('refuses %j', (t) => {
    expect(checkUrlTemplate(t).ok).toBe(false);
  });

  it('is used in the deploy answer and the list', async () => {
    const t = adminTestApp({ urlTemplate: 'https://{siteName}-trt.replit.app' });
    const res = await t.json('POST', '/api/deploy-website', { city: 'Tampa', files: { 'index.html': 'x' } });
    expect(((await res.json()) as { deploymentUrl: string }).deploymentUrl).toBe('https://tampa-trt.replit.app');
    const list = (await (await t.request('/api/deployments')).json()) as { deployments: { url: string }[] };
    expect(list.deployments[0]!.url).toBe('https://tampa-trt.replit.app');
  });
});
