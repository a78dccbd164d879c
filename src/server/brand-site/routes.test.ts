import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledRun, storedTestApps } from '../../../test/helpers/server-app.js';
import { samplesDir } from '../cities/seed.js';
import { BRAND_SITE } from './service.js';

/**
 * Who deployed the brand site and who made which release live again (issue 39 item 5): its
 * releases record who deployed them, a rollback (or Make live) is kept in site_rollbacks with who
 * and when, both are listed by GET /api/brand-site and GET /api/deployments, and every audit
 * record of the brand site names it. The runs store behind site_rollbacks passes the same contract
 * test on SQLite and PostgreSQL (cities/city-store.contract.test.ts); these are its routes.
 */
const app = storedTestApps();
type Body = Record<string, any>;
const body = async (res: Response) => (await res.json()) as Body;
const sample = (name: string) => ({ name: `${name}.yaml`, text: readFileSync(join(samplesDir(), `${name}.yaml`), 'utf8') });
/** The test apps' owner token, as the audit trail and the releases name it. */
const BY = 'token tests';

async function brandWorld() {
  const t = app();
  expect((await t.json('POST', '/api/cities/import', { files: ['tampa', 'orlando'].map(sample) })).status).toBe(200);
  const res = await t.json('PUT', '/api/brand', {
    brand: { businessName: 'Northstar Men’s Health', domainName: 'northstar-who.example.com', legal: { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: 'privacy@northstar-who.example.com' } },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return t;
}

const deploy = async (t: ReturnType<typeof app>) => {
  const res = await t.json('POST', '/api/brand-site/deploy', { confirmDoorway: true });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return (await body(res)).releaseId as string;
};

describe('who deployed the brand site, and who made a release live again', () => {
  it('records who deployed each release and each rollback, lists them on the brand site and on Deployments, and names the site in the trail', async () => {
    const t = await brandWorld();
    const r1 = await deploy(t);
    const r2 = await deploy(t);
    expect((await t.store.meta(BRAND_SITE, r1)).deployedBy).toBe(BY);
    let state = await body(await t.request('/api/brand-site'));
    expect(state.releases).toEqual([
      { id: r2, createdAt: expect.any(String), live: true, deployedBy: BY },
      { id: r1, createdAt: expect.any(String), live: false, deployedBy: BY },
    ]);

    // Rolled back: kept with who and when, after a later deploy too.
    expect(await body(await t.json('POST', `/api/brand-site/releases/${r1}/live`))).toMatchObject({ success: true, release: r1, pinned: true });
    const kept = t.rows<{ site: string; release_id: string; at: string; by_label: string }>('SELECT site, release_id, at, by_label FROM site_rollbacks');
    expect(kept).toEqual([{ site: BRAND_SITE, release_id: r1, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), by_label: BY }]);
    state = await body(await t.request('/api/brand-site'));
    expect(state).toMatchObject({ live: r1, pinned: true });
    expect(state.releases[1]).toEqual({ id: r1, createdAt: expect.any(String), live: true, deployedBy: BY, rolledBack: [{ at: kept[0]!.at, by: BY }] });
    expect(state.releases[0].rolledBack).toBeUndefined();
    const r3 = await deploy(t);
    state = await body(await t.request('/api/brand-site'));
    expect(state).toMatchObject({ live: r3, pinned: false });
    expect(state.releases.find((r: Body) => r.id === r1).rolledBack).toEqual([{ at: kept[0]!.at, by: BY }]);

    // Deployments lists the brand site's releases with the same words.
    const listed = (await body(await t.request('/api/deployments'))).deployments.find((d: Body) => d.siteName === BRAND_SITE);
    expect(listed.releases.map((r: Body) => [r.id, r.deployedBy, r.rolledBack])).toEqual([
      [r3, BY, undefined],
      [r2, BY, undefined],
      [r1, BY, [{ at: kept[0]!.at, by: BY }]],
    ]);

    // Every audit record of the brand site names it.
    const trail = t.rows<{ action: string; city: string; outcome: number }>("SELECT action, city, outcome FROM audit_log WHERE action LIKE 'brand_site.%' ORDER BY seq");
    expect(trail).toEqual([
      { action: 'brand_site.deploy', city: BRAND_SITE, outcome: 200 },
      { action: 'brand_site.deploy', city: BRAND_SITE, outcome: 200 },
      { action: 'brand_site.rollback', city: BRAND_SITE, outcome: 200 },
      { action: 'brand_site.deploy', city: BRAND_SITE, outcome: 200 },
    ]);
  }, 120_000);

  it('a city rolled back (by the admin route or the spec route) shows who did it on Deployments too', async () => {
    const t = await brandWorld();
    const first = await body(await t.json('POST', '/api/cities/tampa/deploy', { confirmDoorway: true }));
    await t.json('POST', '/api/cities/tampa/deploy', { confirmDoorway: true });
    expect((await t.json('POST', `/api/cities/tampa/releases/${first.releaseId}/live`)).status).toBe(200);
    let tampa = (await body(await t.request('/api/deployments'))).deployments.find((d: Body) => d.siteName === 'tampa');
    expect(tampa.releases[1]).toMatchObject({ id: first.releaseId, live: true, deployedBy: BY, rolledBack: [{ at: expect.any(String), by: BY }] });
    // The spec's rollback route keeps who did it too.
    expect((await t.json('POST', '/api/deployments/tampa/rollback', { release: tampa.releases[0].id })).status).toBe(200);
    tampa = (await body(await t.request('/api/deployments'))).deployments.find((d: Body) => d.siteName === 'tampa');
    expect(tampa.releases[0]).toMatchObject({ live: true, rolledBack: [{ at: expect.any(String), by: BY }] });
  }, 120_000);

  it('a Redeploy all deploys the brand site as whoever started it', async () => {
    const t = await brandWorld();
    await deploy(t);
    // Tampa saved again: the brand site, which lists it, is no longer what its live release was built from.
    const got = await body(await t.request('/api/cities/tampa'));
    expect((await t.json('PUT', '/api/cities/tampa', { config: { ...got.config, phone: '(813) 555-0177' }, baseVersion: got.version })).status).toBe(200);
    const started = await t.json('POST', '/api/cities/redeploy-all', {});
    expect(started.status).toBe(202);
    const run = await settledRun(t, (await body(started)).run.id);
    const item = run.items.find((i) => i.slug === BRAND_SITE);
    expect(item).toMatchObject({ state: 'ok' });
    expect((await t.store.meta(BRAND_SITE, item!.releaseId!)).deployedBy).toBe(BY);
  }, 120_000);

  it('makes a release live when none is (Make live), and keeps who did it', async () => {
    const t = await brandWorld();
    const r1 = await deploy(t);
    // A first deploy stopped between its release and its switch leaves releases and nothing live.
    rmSync(join(t.dataDir, 'deployments', BRAND_SITE, 'current'));
    expect(await body(await t.request('/api/brand-site'))).toMatchObject({ live: null, releases: [{ id: r1, live: false }] });
    const made = await t.json('POST', `/api/brand-site/releases/${r1}/live`);
    expect(await body(made)).toMatchObject({ success: true, release: r1, pinned: false });
    const state = await body(await t.request('/api/brand-site'));
    expect(state).toMatchObject({ live: r1, pinned: false });
    expect(state.releases[0].rolledBack).toEqual([{ at: expect.any(String), by: BY }]);
  }, 120_000);
});

describe('a brand site in Spanish from the admin (issue 40, found measuring issue 41)', () => {
  it('previews and deploys it: each location’s Spanish folder is checked as that location’s site, not as the brand’s own pages', async () => {
    const t = app();
    expect((await t.json('POST', '/api/cities/import', { files: ['tampa', 'orlando'].map(sample) })).status).toBe(200);
    const saved = await t.json('PUT', '/api/brand', {
      brand: {
        businessName: 'Northstar Men’s Health',
        domainName: 'northstar-es.example.com',
        languages: ['en', 'es'],
        es: { description: 'Atención de salud masculina en Florida.' },
        legal: { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: 'privacy@northstar-es.example.com' },
      },
    });
    expect(saved.status, JSON.stringify(await saved.clone().json())).toBe(200);
    // Seven folders deep: refused before ("the file name ... is nested too deep").
    const preview = await t.json('POST', '/api/brand-site/preview', {});
    expect(preview.status, JSON.stringify(await preview.clone().json())).toBe(201);
    const id = await deploy(t);
    const files = (await t.store.releaseFiles(BRAND_SITE, id))!;
    // Kept, and served as the live site: a location's Spanish pages, the no-JavaScript form's
    // confirmation in both languages (6 and 7 folders deep), and the location's cards.
    const deep = [
      'es/ubicaciones/fl/tampa/index.html',
      'es/ubicaciones/fl/tampa/contacto/index.html',
      'es/ubicaciones/fl/tampa/contacto/enviado/index.html',
      'locations/fl/tampa/contact/sent/index.html',
      'es/ubicaciones/fl/orlando/index.html',
    ];
    for (const name of deep) {
      expect(files.has(name), name).toBe(true);
      expect(await t.store.readLive(BRAND_SITE, name), name).toBeInstanceOf(Uint8Array);
    }
    expect(new TextDecoder().decode(files.get('es/ubicaciones/fl/tampa/contacto/index.html'))).toContain('<html lang="es"');
    const cards = [...files.keys()].filter((f) => f.startsWith('es/ubicaciones/fl/tampa/assets/cards/'));
    expect(cards.length).toBeGreaterThan(0);
  });
});
