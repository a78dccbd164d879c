import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../testing.js';
import { createReleaseStore } from './release-store.js';
import { checkUrlTemplate, deploymentUrl } from './url-template.js';

/** The release store's edges, and the deployment URL template. */
const site = (text: string) => new Map([['index.html', new TextEncoder().encode(text)]]);
const store = (now?: () => Date) => {
  const root = mkdtempSync(join(tmpdir(), 'clinic-releases-'));
  return { root, s: createReleaseStore({ root, durable: false, now }) };
};

describe('release store', () => {
  it('keeps release ids in deploy order even when the clock steps back', async () => {
    let t = Date.parse('2024-06-01T12:00:00Z');
    const { s } = store(() => new Date(t));
    await s.deploy('tampa', { files: site('a') });
    t -= 60_000;
    await s.deploy('tampa', { files: site('b') });
    await s.deploy('tampa', { files: site('c') });
    const ids = await s.releaseIds('tampa');
    expect(ids).toHaveLength(3);
    expect(await s.currentId('tampa')).toBe(ids[2]);
    const back = await s.rollback('tampa');
    expect(back.ok && back.release.id).toBe(ids[1]);
  });

  it('gives a domain to one live site only, even to deploys racing for it', async () => {
    const { s } = store();
    const results = await Promise.all(['tampa', 'orlando', 'ocala'].map((name) => s.deploy(name, { files: site(name), domainName: 'shared.example.com' })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.domainOwner)).toEqual(['tampa', 'tampa']);
    // A rollback may not bring a domain back that another live site has since taken.
    await s.deploy('tampa', { files: site('t2') });
    await s.deploy('orlando', { files: site('o'), domainName: 'shared.example.com' });
    expect(await s.rollback('tampa')).toMatchObject({ ok: false, status: 409, error: 'shared.example.com is now the domain of the live site orlando' });
  });

  it('has nothing to roll back to after one deploy, and nothing to remove twice', async () => {
    const { s } = store();
    await s.deploy('tampa', { files: site('a') });
    expect(await s.rollback('tampa')).toMatchObject({ ok: false, status: 409 });
    expect(await s.rollback('orlando')).toMatchObject({ ok: false, status: 404 });
    expect(await s.remove('tampa')).toBe(true);
    expect(await s.remove('tampa')).toBe(false);
    expect(await s.list()).toEqual([]);
  });

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

  it('deploys other sites while one waits at its switch, and the same site after it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const root = mkdtempSync(join(tmpdir(), 'clinic-releases-'));
    const s = createReleaseStore({ root, durable: false, beforeSwitch: async (site) => (site === 'tampa' ? gate : undefined) });
    const order: string[] = [];
    const tampa = s.deploy('tampa', { files: site('t1') }).then(() => order.push('tampa'));
    const tampaAgain = s.deploy('tampa', { files: site('t2') }).then(() => order.push('tampa again'));
    await s.deploy('orlando', { files: site('o1') }).then(() => order.push('orlando'));
    expect(order).toEqual(['orlando']);
    expect(await s.currentId('tampa')).toBeUndefined();
    open();
    await Promise.all([tampa, tampaAgain]);
    expect(order).toEqual(['orlando', 'tampa', 'tampa again']);
    const ids = await s.releaseIds('tampa');
    expect(await s.currentId('tampa')).toBe(ids[1]);
  });

  it('frees a domain when its site goes offline or moves to another domain', async () => {
    const { s } = store();
    await s.deploy('tampa', { files: site('t'), domainName: 'Bay.example.com' });
    expect(await s.deploy('orlando', { files: site('o'), domainName: 'bay.example.com' })).toMatchObject({ ok: false, domainOwner: 'tampa' });
    await s.deploy('tampa', { files: site('t2'), domainName: 'tampa.example.com' });
    expect(await s.deploy('orlando', { files: site('o'), domainName: 'bay.example.com' })).toMatchObject({ ok: true });
    expect(await s.deploy('ocala', { files: site('x'), domainName: 'tampa.example.com' })).toMatchObject({ ok: false, domainOwner: 'tampa' });
    await s.remove('tampa');
    expect(await s.deploy('ocala', { files: site('x'), domainName: 'tampa.example.com' })).toMatchObject({ ok: true });
  });

  it('lists a site’s releases newest first with the config version each was built from', async () => {
    const { s } = store();
    const a = await s.deploy('tampa', { files: site('a'), citySlug: 'tampa', configVersion: 1 });
    const b = await s.deploy('tampa', { files: site('b') });
    const c = await s.deploy('tampa', { files: site('c'), citySlug: 'tampa', configVersion: 2 });
    const [ida, idb, idc] = [a, b, c].map((r) => (r.ok ? r.release.id : ''));
    await s.rollback('tampa', ida);
    expect(await s.history('tampa')).toEqual([
      { id: idc, createdAt: expect.any(String), live: false, citySlug: 'tampa', configVersion: 2 },
      { id: idb, createdAt: expect.any(String), live: false, citySlug: undefined, configVersion: undefined },
      { id: ida, createdAt: expect.any(String), live: true, citySlug: 'tampa', configVersion: 1 },
    ]);
    expect(await s.history('../x')).toEqual([]);
  });

  it('refuses a bad site name as a value, not an exception', async () => {
    const { s } = store();
    expect(await s.deploy('../x', { files: site('a') })).toEqual({ ok: false, error: 'not a valid site name' });
    expect(await s.remove('../x')).toBe(false);
    expect(await s.readLive('tampa', '../../etc/passwd')).toBeUndefined();
    expect(await s.releaseFiles('../x', '20250101T000000000Z-00000000')).toBeUndefined();
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
