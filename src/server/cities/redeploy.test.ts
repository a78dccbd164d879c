import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminFormConfig, PNG, settledRun as settled, storedTestApp, storedTestApps } from '../../../test/helpers/server-app.js';
import type { RunView } from './redeploy-runner.js';

/** Redeploy-all: every live city from its latest version, failures kept apart, progress persisted. */
const app = storedTestApps();

type T = ReturnType<typeof storedTestApp>;
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;
const LOGO = `/uploads/logo-${'a'.repeat(32)}.png`;

/** Saves and deploys a city; its website is `<slug>.example.com`, its deployment's domain. */
async function liveCity(t: T, city: string, extra: Record<string, unknown> = {}) {
  const slug = city.toLowerCase();
  const res = await t.json('POST', '/api/cities', { config: adminFormConfig({ city, website: `https://${slug}.example.com`, ...extra }) });
  expect(res.status).toBe(201);
  // Bare test cities say nothing of their own (the doorway check fails them): the operator confirms.
  const deployed = await t.json('POST', `/api/cities/${slug}/deploy`, { confirmDoorway: true });
  expect(deployed.status).toBe(200);
  return (await body(deployed)).releaseId as string;
}


describe('redeploy all', () => {
  it('rebuilds every live city from its latest version; a city whose logo upload is gone fails alone', async () => {
    const t = app();
    mkdirSync(join(t.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', LOGO.slice('/uploads/'.length)), PNG);
    await liveCity(t, 'Tampa');
    const orlandoBefore = await liveCity(t, 'Orlando', { logoUrl: LOGO });
    await liveCity(t, 'Lakeland');
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });
    // Saved since their deploy too (an unchanged live city is skipped: test/server/brand-site.test.ts).
    await t.json('PUT', '/api/cities/orlando', { config: adminFormConfig({ city: 'Orlando', website: 'https://orlando.example.com', logoUrl: LOGO, phone: '(407) 555-0101' }) });
    await t.json('PUT', '/api/cities/lakeland', { config: adminFormConfig({ city: 'Lakeland', website: 'https://lakeland.example.com', phone: '(863) 555-0101' }) });
    // Saved, never deployed: not live, so not redeployed.
    await t.json('POST', '/api/cities', { config: adminFormConfig({ city: 'Ocala', website: 'https://ocala.example.com' }) });
    rmSync(join(t.dataDir, 'uploads', LOGO.slice('/uploads/'.length)));

    const res = await t.json('POST', '/api/cities/redeploy-all');
    expect(res.status).toBe(202);
    const started = (await body(res)).run as RunView;
    expect(started).toMatchObject({ state: 'running', summary: { ok: 0, failed: 0, pending: 3 } });
    expect(started.items.map((i) => [i.slug, i.city, i.state])).toEqual([
      ['lakeland', 'Lakeland', 'pending'],
      ['orlando', 'Orlando', 'pending'],
      ['tampa', 'Tampa', 'pending'],
    ]);

    const run = await settled(t, started.id);
    expect(run).toMatchObject({ state: 'done', finishedAt: expect.any(String), summary: { ok: 2, failed: 1, pending: 0 } });
    const item = (slug: string) => run.items.find((i) => i.slug === slug)!;
    expect(item('tampa')).toEqual({ slug: 'tampa', city: 'Tampa', state: 'ok', configVersion: 2, releaseId: await t.store.currentId('tampa') });
    expect(item('lakeland')).toMatchObject({ state: 'ok', configVersion: 2, releaseId: await t.store.currentId('lakeland') });
    expect(item('orlando')).toMatchObject({ state: 'failed', configVersion: 2, error: expect.stringMatching(/^orlando\.yaml logoUrl: .*upload the file again/) });
    // The failed city keeps serving its old release.
    expect(await t.store.currentId('orlando')).toBe(orlandoBefore);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('(813) 555-0177');
    expect(await t.store.meta('tampa', item('tampa').releaseId!)).toMatchObject({ citySlug: 'tampa', configVersion: 2 });

    expect(t.rows('SELECT slug, state, config_version, error IS NOT NULL AS failed FROM redeploy_items ORDER BY seq')).toEqual([
      { slug: 'lakeland', state: 'ok', config_version: 2, failed: 0 },
      { slug: 'orlando', state: 'failed', config_version: 2, failed: 1 },
      { slug: 'tampa', state: 'ok', config_version: 2, failed: 0 },
    ]);
    expect(await body(await t.request('/api/redeploys/latest'))).toEqual({ success: true, run });
  });

  it('refuses a second run while one is running, and shows the city being deployed', async () => {
    let reached!: () => void;
    const atSwitch = new Promise<void>((r) => (reached = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let holding = false;
    const t = app({}, { beforeSwitch: async () => (holding ? (reached(), gate) : undefined) });
    expect(await body(await t.request('/api/redeploys/latest'))).toEqual({ success: true, run: null });
    await liveCity(t, 'Tampa');
    // Saved since its deploy: an unchanged city would be skipped.
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });
    holding = true;

    const first = (await body(await t.json('POST', '/api/cities/redeploy-all'))).run as RunView;
    await atSwitch;
    const second = await t.json('POST', '/api/cities/redeploy-all');
    expect(second.status).toBe(409);
    expect(await body(second)).toMatchObject({
      success: false,
      error: 'A redeploy of all cities is already running Its progress is shown; start another once it has finished.',
      run: { id: first.id, state: 'running', items: [{ slug: 'tampa', state: 'deploying', configVersion: 2 }] },
    });
    expect(t.rows('SELECT state FROM redeploy_items')).toEqual([{ state: 'deploying' }]);
    open();
    expect((await settled(t, first.id)).summary).toEqual({ ok: 1, failed: 0, pending: 0 });
    expect((await t.json('POST', '/api/cities/redeploy-all')).status).toBe(202);
    expect(await body(await t.request('/api/redeploys/not-a-run'))).toMatchObject({ success: false, error: 'No redeploy run not-a-run' });
  });

  it('after a crash, a run left running is interrupted, and a city whose switch happened is reconciled', async () => {
    const t1 = app();
    await liveCity(t1, 'Tampa');
    const orlando = await liveCity(t1, 'Orlando');
    // The dead process's run: it had switched Tampa and was deploying Orlando when it was killed.
    const id = randomUUID();
    const runs = t1.db.cities.redeploys;
    await runs.create({ id, startedAt: new Date().toISOString(), items: [{ slug: 'orlando', city: 'Orlando' }, { slug: 'tampa', city: 'Tampa' }] });
    await runs.update(id, 'tampa', { state: 'deploying', configVersion: 1 });
    const tampa = (await body(await t1.json('POST', '/api/cities/tampa/deploy', { confirmDoorway: true }))).releaseId as string;
    await runs.update(id, 'orlando', { state: 'deploying', configVersion: 1 });
    await t1.close();

    const t2 = app({ dataDir: t1.dataDir });
    expect(t2.db.interruptedRuns).toEqual([id]);
    const stopped = { state: 'failed', error: 'the server stopped during the redeploy' };
    expect(((await body(await t2.request('/api/redeploys/latest'))).run as RunView)).toMatchObject({
      id,
      state: 'interrupted',
      finishedAt: expect.any(String),
      items: [{ slug: 'orlando', ...stopped }, { slug: 'tampa', ...stopped }],
      summary: { ok: 0, failed: 2, pending: 0 },
    });
    await t2.redeploys.reconcile(t2.db.interruptedRuns);
    const run = (await body(await t2.request(`/api/redeploys/${id}`))).run as RunView;
    expect(run.items).toEqual([
      { slug: 'orlando', city: 'Orlando', configVersion: 1, ...stopped },
      { slug: 'tampa', city: 'Tampa', state: 'ok', configVersion: 1, releaseId: tampa },
    ]);
    expect(run.state).toBe('interrupted');
    // Each city serves a whole release: Tampa the new one, Orlando its old one.
    expect(await t2.store.currentId('tampa')).toBe(tampa);
    expect(await t2.store.currentId('orlando')).toBe(orlando);
    expect((await t2.json('POST', '/api/cities/redeploy-all')).status).toBe(202);
  });
});

describe('redeploy all says what it will do, then does exactly that (issue 39 item 5)', () => {
  type Plan = { items: { slug: string; city: string; configVersion?: number; liveVersion?: number }[]; skipped: { slug: string; reason: string; releaseId: string }[] };
  const planOf = async (t: T) => {
    const res = await t.json('POST', '/api/cities/redeploy-all/plan');
    expect(res.status).toBe(200);
    return (await body(res)).plan as Plan;
  };
  const expectOf = (p: Plan) =>
    Object.fromEntries([...p.items.map((i) => [i.slug, { action: 'redeploy', version: i.configVersion }]), ...p.skipped.map((s) => [s.slug, { action: s.reason }])]);

  it('plans each live city, starts only the plan shown, and keeps who started it with each release', async () => {
    const t = app();
    const tampaRelease = await liveCity(t, 'Tampa');
    await liveCity(t, 'Orlando');
    await t.json('PUT', '/api/cities/orlando', { config: adminFormConfig({ city: 'Orlando', website: 'https://orlando.example.com', phone: '(407) 555-0101' }) });

    const plan = await planOf(t);
    expect(plan.items).toEqual([{ slug: 'orlando', city: 'Orlando', configVersion: 2, liveVersion: 1, liveReleaseId: expect.any(String) }]);
    expect(plan.skipped).toEqual([{ slug: 'tampa', city: 'Tampa', reason: 'unchanged', releaseId: tampaRelease }]);
    // Asking changes nothing: no run was started.
    expect((await body(await t.request('/api/redeploys/latest'))).run).toBeNull();

    const res = await t.json('POST', '/api/cities/redeploy-all', { expect: expectOf(plan) });
    expect(res.status).toBe(202);
    const run = await settled(t, ((await body(res)).run as RunView).id);
    // Line for line what the plan said: Orlando rebuilt from version 2, Tampa skipped as unchanged.
    expect(run.items.map((i) => [i.slug, i.state, i.configVersion])).toEqual([['orlando', 'ok', 2]]);
    expect(run.skipped.map((s) => [s.slug, s.reason])).toEqual([['tampa', 'unchanged']]);
    const by = run.startedBy!;
    expect(by.label).not.toBe('');
    // The release it made names who started the run.
    const releases = (await body(await t.request('/api/cities/orlando/releases'))).releases as { id: string; deployedBy?: string }[];
    expect(releases[0]).toMatchObject({ id: run.items[0]!.releaseId, deployedBy: by.label });

    // The history lists it with who started it and each line's outcome.
    const history = (await body(await t.request('/api/cities/redeploy-all/runs'))).runs as RunView[];
    expect(history.map((r) => [r.id, r.startedBy?.label, r.items.map((i) => i.state)])).toEqual([[run.id, by.label, ['ok']]]);
  });

  it('refuses with the new plan when a city was saved after the dialog read it, starting nothing', async () => {
    const t = app();
    await liveCity(t, 'Tampa');
    const shown = await planOf(t);
    expect(shown.items).toEqual([]);
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });

    const res = await t.json('POST', '/api/cities/redeploy-all', { expect: expectOf(shown) });
    expect(res.status).toBe(409);
    const answer = await body(res);
    expect((answer.plan as Plan).items).toMatchObject([{ slug: 'tampa', configVersion: 2, liveVersion: 1 }]);
    expect((await body(await t.request('/api/redeploys/latest'))).run).toBeNull();

    // Confirming the new plan starts it.
    const again = await t.json('POST', '/api/cities/redeploy-all', { expect: expectOf(answer.plan as Plan) });
    expect(again.status).toBe(202);
    await settled(t, ((await body(again)).run as RunView).id);
  });

  it('a release made live again says who did it and when', async () => {
    const t = app();
    const first = await liveCity(t, 'Tampa');
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });
    await t.json('POST', '/api/cities/tampa/deploy', { version: 2, confirmDoorway: true });
    expect((await t.json('POST', `/api/cities/tampa/releases/${first}/live`)).status).toBe(200);
    const releases = (await body(await t.request('/api/cities/tampa/releases'))).releases as { id: string; deployedBy?: string; rolledBack?: { at: string; by: string }[] }[];
    const older = releases.find((r) => r.id === first)!;
    expect(older.rolledBack).toEqual([{ at: expect.any(String), by: older.deployedBy }]);
    expect(releases[0]!.rolledBack).toBeUndefined();
  });
});
