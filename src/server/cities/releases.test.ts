import { describe, expect, it } from 'vitest';
import { adminFormConfig, settledRun as settled, storedTestApp, storedTestApps } from '../../../test/helpers/server-app.js';
import type { RunView } from './redeploy-runner.js';

/**
 * A city's own releases (release-routes.ts) and the pin a rollback sets (issue 23): a request
 * scoped to Tampa never touches Orlando's site, and redeploy-all skips a rolled-back city, says so,
 * and takes it again once unpinned.
 */
const app = storedTestApps();

type T = ReturnType<typeof storedTestApp>;
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

/** Saves a city (or a new version of it) and deploys its latest version; the new release's id. */
async function deploy(t: T, city: string, phone = '(813) 555-0101') {
  const slug = city.toLowerCase();
  const config = adminFormConfig({ city, phone, website: `https://${slug}.example.com` });
  const saved = (await t.request(`/api/cities/${slug}`)).status === 200 ? await t.json('PUT', `/api/cities/${slug}`, { config }) : await t.json('POST', '/api/cities', { config });
  expect(saved.status).toBeLessThan(300);
  // Bare test cities say nothing of their own (the doorway check fails them): the operator confirms.
  const deployed = await t.json('POST', `/api/cities/${slug}/deploy`, { confirmDoorway: true });
  expect(deployed.status).toBe(200);
  return (await body(deployed)).releaseId as string;
}


const audit = (t: T) => t.rows<{ action: string; object: string; city: string; outcome: number }>('SELECT action, object, city, outcome FROM audit_log WHERE action LIKE ? ORDER BY seq', 'city.%');

describe("a city's releases", () => {
  it("lists only that city's releases, and a request scoped to Tampa cannot roll back or delete Orlando's", async () => {
    const t = app();
    const tampa1 = await deploy(t, 'Tampa');
    const tampa2 = await deploy(t, 'Tampa', '(813) 555-0102');
    const orlando = await deploy(t, 'Orlando');

    const own = await body(await t.request('/api/cities/tampa/releases'));
    expect(own).toMatchObject({ success: true, slug: 'tampa', city: 'Tampa', live: tampa2, pinned: null });
    expect((own.releases as { id: string; live: boolean; configVersion?: number }[]).map((r) => [r.id, r.live, r.configVersion])).toEqual([
      [tampa2, true, 2],
      [tampa1, false, 1],
    ]);

    // Crafted: Orlando's live release through Tampa's routes, and through the spec's rollback route.
    const del = await t.request(`/api/cities/tampa/releases/${orlando}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect((await body(del)).error).toBe(`${orlando} is not a release of tampa`);
    expect((await t.request(`/api/cities/tampa/releases/${orlando}/live`, { method: 'POST' })).status).toBe(404);
    expect((await t.json('POST', '/api/deployments/tampa/rollback', { release: orlando })).status).toBe(409);
    expect(await t.store.currentId('orlando')).toBe(orlando);
    expect(await t.store.currentId('tampa')).toBe(tampa2);
    expect((await t.site('/sites/orlando/')).status).toBe(200);

    // Tampa's own: a release that is not live is not deleted (the page was stale); the live one is.
    expect((await t.request(`/api/cities/tampa/releases/${tampa1}`, { method: 'DELETE' })).status).toBe(409);
    expect((await t.request('/api/cities/tampa/releases/not-a-release', { method: 'DELETE' })).status).toBe(400);
    const gone = await t.request(`/api/cities/tampa/releases/${tampa2}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await t.site('/sites/tampa/')).status).toBe(404);
    expect((await t.site('/sites/orlando/')).status).toBe(200);
    expect(audit(t).filter((a) => a.action === 'city.site_delete')).toEqual([
      { action: 'city.site_delete', object: `/api/cities/tampa/releases/${orlando}`, city: 'tampa', outcome: 404 },
      { action: 'city.site_delete', object: `/api/cities/tampa/releases/${tampa1}`, city: 'tampa', outcome: 409 },
      { action: 'city.site_delete', object: '/api/cities/tampa/releases/not-a-release', city: 'tampa', outcome: 400 },
      { action: 'city.site_delete', object: `/api/cities/tampa/releases/${tampa2}`, city: 'tampa', outcome: 200 },
    ]);
  });
});

describe('a rolled-back city is pinned', () => {
  it('redeploy-all skips it and says why; Unpin (audited) lets the next run take it', async () => {
    const t = app();
    const tampa1 = await deploy(t, 'Tampa');
    const tampa2 = await deploy(t, 'Tampa', '(813) 555-0102');
    await deploy(t, 'Orlando');

    const back = await t.request(`/api/cities/tampa/releases/${tampa1}/live`, { method: 'POST' });
    expect(back.status).toBe(200);
    expect(await body(back)).toMatchObject({ success: true, release: tampa1, pinned: true });
    expect(await t.store.currentId('tampa')).toBe(tampa1);
    const listed = (await body(await t.request('/api/cities'))).cities as { slug: string; pinned?: { releaseId: string } }[];
    expect(listed.find((c) => c.slug === 'tampa')?.pinned).toMatchObject({ releaseId: tampa1 });
    expect(listed.find((c) => c.slug === 'orlando')?.pinned).toBeUndefined();

    // Orlando's live release is its latest version, built by this clinic-gen: skipped as unchanged.
    const orlandoLive = await t.store.currentId('orlando');
    const started = (await body(await t.json('POST', '/api/cities/redeploy-all'))).run as RunView;
    expect(started.items.map((i) => i.slug)).toEqual([]);
    expect(started.skipped).toEqual([
      { slug: 'orlando', city: 'Orlando', reason: 'unchanged', releaseId: orlandoLive },
      { slug: 'tampa', city: 'Tampa', reason: 'pinned', releaseId: tampa1 },
    ]);
    const run = await settled(t, started.id);
    expect(run).toMatchObject({ state: 'done', summary: { ok: 0, failed: 0 }, skipped: [{ slug: 'orlando' }, { slug: 'tampa', releaseId: tampa1 }] });
    // Still on the release the operator chose, with its old phone number.
    expect(await t.store.currentId('tampa')).toBe(tampa1);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('(813) 555-0101');
    expect(await body(await t.request('/api/redeploys/latest'))).toMatchObject({ run: { id: run.id, skipped: [{ slug: 'orlando' }, { slug: 'tampa' }] } });

    const unpin = await t.request('/api/cities/tampa/pin', { method: 'DELETE' });
    expect(unpin.status).toBe(200);
    expect((await t.request('/api/cities/tampa/pin', { method: 'DELETE' })).status).toBe(409);
    expect((await body(await t.request('/api/cities/tampa/releases'))).pinned).toBeNull();
    const next = await settled(t, ((await body(await t.json('POST', '/api/cities/redeploy-all'))).run as RunView).id);
    expect(next.items.map((i) => [i.slug, i.state])).toEqual([['tampa', 'ok']]);
    expect(next.skipped).toEqual([{ slug: 'orlando', city: 'Orlando', reason: 'unchanged', releaseId: orlandoLive }]);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('(813) 555-0102');
    expect(audit(t).filter((a) => a.action === 'city.rollback' || a.action === 'city.unpin').map((a) => [a.action, a.object, a.outcome])).toEqual([
      ['city.rollback', `/api/cities/tampa/releases/${tampa1}/live`, 200],
      ['city.unpin', '/api/cities/tampa/pin', 200],
      ['city.unpin', '/api/cities/tampa/pin', 409],
    ]);
    expect(tampa2).not.toBe(tampa1);
  });

  it('ends the pin when its newest release is made live again, when the city is deployed, and through the spec rollback route', async () => {
    const t = app();
    const tampa1 = await deploy(t, 'Tampa');
    const tampa2 = await deploy(t, 'Tampa', '(813) 555-0102');
    const pinOf = async () => (await body(await t.request('/api/cities/tampa/releases'))).pinned;

    await t.request(`/api/cities/tampa/releases/${tampa1}/live`, { method: 'POST' });
    expect(await pinOf()).toMatchObject({ releaseId: tampa1 });
    const forward = await t.request(`/api/cities/tampa/releases/${tampa2}/live`, { method: 'POST' });
    expect(await body(forward)).toMatchObject({ pinned: false });
    expect(await pinOf()).toBeNull();

    expect((await t.json('POST', '/api/deployments/tampa/rollback', { release: tampa1 })).status).toBe(200);
    expect(await pinOf()).toMatchObject({ releaseId: tampa1 });
    await deploy(t, 'Tampa', '(813) 555-0103');
    expect(await pinOf()).toBeNull();
  });
});
