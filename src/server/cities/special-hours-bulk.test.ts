import { describe, expect, it } from 'vitest';
import { adminFormConfig, storedTestApp, storedTestApps } from '../../../test/helpers/server-app.js';

/**
 * Special hours for several cities in one step (issue 39 item 9): the plan says per city what its
 * page will say and what becomes of its site; the save adds the entry to each city that takes it,
 * refuses a city saved since (the others go on), writes one audit record per city, redeploys the
 * live ones and leaves a rolled-back (pinned) one saved but not redeployed, saying why.
 */
const app = storedTestApps();
type T = ReturnType<typeof storedTestApp>;
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

/** Next year's Thanksgiving (the fourth Thursday of November): ahead of any build day, so the pages show it. */
const YEAR = new Date().getUTCFullYear() + 1;
const firstThursday = 1 + ((4 - new Date(Date.UTC(YEAR, 10, 1)).getUTCDay() + 7) % 7);
const DATE = firstThursday + 21;
const DAY = `${YEAR}-11-${DATE}`;
const thanksgiving = { label: 'Thanksgiving', date: DAY, closed: true };

async function save(t: T, city: string, extra: Record<string, unknown> = {}) {
  const slug = city.toLowerCase();
  const config = adminFormConfig({ city, website: `https://${slug}.example.com`, ...extra });
  const exists = (await t.request(`/api/cities/${slug}`)).status === 200;
  const res = exists ? await t.json('PUT', `/api/cities/${slug}`, { config }) : await t.json('POST', '/api/cities', { config });
  expect(res.status).toBeLessThan(300);
  return (await body(res)).version as number;
}
async function deploy(t: T, slug: string) {
  const res = await t.json('POST', `/api/cities/${slug}/deploy`, { confirmDoorway: true });
  expect(res.status).toBe(200);
  return (await body(res)).releaseId as string;
}
/** Tampa saved and live; Orlando deployed twice and rolled back to its first release (pinned), which is returned. */
async function tampaLiveOrlandoRolledBack() {
  const t = app();
  await save(t, 'Tampa');
  await deploy(t, 'tampa');
  await save(t, 'Orlando');
  const first = await deploy(t, 'orlando');
  await save(t, 'Orlando', { phone: '(813) 555-0102' });
  await deploy(t, 'orlando');
  expect((await t.request(`/api/cities/orlando/releases/${first}/live`, { method: 'POST' })).status).toBe(200);
  return { t, first };
}
const liveHtml = async (t: T, slug: string, page: string) => new TextDecoder().decode((await t.store.readLive(slug, page))!);

describe('special hours for several cities', () => {
  it('refuses a bad entry with 400 naming the field, and saves nothing', async () => {
    const t = app();
    await save(t, 'Tampa');
    const bad = await t.json('POST', '/api/cities/special-hours/plan', { slugs: ['tampa'], entry: { label: 'Thanksgiving', date: `${YEAR}-02-30`, closed: true } });
    expect(bad.status).toBe(400);
    expect((await body(bad)).errors).toMatchObject({ 'entry.date': expect.stringContaining('does not exist') });
    const noHours = await t.json('POST', '/api/cities/special-hours', { slugs: ['tampa'], entry: { label: 'Christmas Eve', date: DAY, opens: '09:00' }, expect: { tampa: 1 } });
    expect(noHours.status).toBe(400);
    expect((await body(noHours)).errors).toMatchObject({ 'entry.closes': expect.stringContaining('missing') });
    const unconfirmed = await t.json('POST', '/api/cities/special-hours', { slugs: ['tampa'], entry: thanksgiving, expect: {} });
    expect(unconfirmed.status).toBe(400);
    expect((await body(unconfirmed)).errors).toMatchObject({ 'expect.tampa': expect.stringContaining('version of tampa') });
    expect((await t.json('POST', '/api/cities/special-hours/plan', { slugs: [], entry: thanksgiving })).status).toBe(400);
    expect(((await body(await t.request('/api/cities/tampa/versions'))).versions as unknown[]).length).toBe(1);
  });

  it('plans per city: the sentence, live, pinned, not deployed, a conflict, a city not saved', async () => {
    const { t, first } = await tampaLiveOrlandoRolledBack();
    await save(t, 'Miami');
    await save(t, 'Naples', { specialHours: [{ label: 'Thanksgiving week', date: `${YEAR}-11-${DATE - 2}`, through: `${YEAR}-11-${DATE + 2}`, closed: true }] });

    const res = await t.json('POST', '/api/cities/special-hours/plan', { slugs: ['tampa', 'orlando', 'miami', 'naples', 'atlantis'], entry: thanksgiving });
    expect(res.status).toBe(200);
    const plan = await body(res);
    expect(plan.entry).toEqual({ label: 'Thanksgiving', when: `Thursday, November\u00a0${DATE},\u00a0${YEAR}`, time: 'Closed', sentence: `Thanksgiving: Thursday, November\u00a0${DATE},\u00a0${YEAR}, Closed` });
    const lines = plan.cities as Body[];
    expect(lines.map((l) => [l.slug, l.site, l.version])).toEqual([
      ['tampa', 'redeploy', 1],
      ['orlando', 'pinned', 2],
      ['miami', 'not-deployed', 1],
      ['naples', 'not-deployed', 1],
      ['atlantis', 'not-deployed', 0],
    ]);
    expect(lines[0]).toMatchObject({ shown: true });
    expect(lines[0]!.problem).toBeUndefined();
    expect(lines[1]!.siteNote).toContain(`pinned`);
    expect(lines[1]!.siteNote).toContain(first);
    expect(lines[3]).toMatchObject({ conflict: expect.stringContaining('Thanksgiving week'), problem: expect.stringContaining('already has special hours') });
    expect(lines[4]!.problem).toBe('No saved city named atlantis');
    // An entry already over is planned, and said not to be listed on the pages.
    const past = await body(await t.json('POST', '/api/cities/special-hours/plan', { slugs: ['tampa'], entry: { ...thanksgiving, date: '2020-11-26' } }));
    expect((past.cities as Body[])[0]).toMatchObject({ slug: 'tampa', shown: false });
    // Nothing saved by a plan.
    expect((await body(await t.request('/api/cities/tampa'))).version).toBe(1);
  });

  it('saves each city, refuses the one saved since, audits each, redeploys the live one and skips the pinned one', async () => {
    const { t, first } = await tampaLiveOrlandoRolledBack();
    await save(t, 'Miami');
    await save(t, 'Clearwater');
    // Clearwater is saved again after the preview read its version 1.
    await save(t, 'Clearwater', { phone: '(813) 555-0109' });

    const res = await t.json('POST', '/api/cities/special-hours', {
      slugs: ['tampa', 'orlando', 'miami', 'clearwater'],
      entry: thanksgiving,
      expect: { tampa: 1, orlando: 2, miami: 1, clearwater: 1 },
    });
    expect(res.status).toBe(200);
    const out = await body(res);
    expect(out).toMatchObject({ success: true, saved: 3, redeployed: 1 });
    const lines = out.cities as Body[];
    expect(lines[0]).toMatchObject({ slug: 'tampa', saved: true, version: 2, deploy: 'redeployed', releaseId: expect.any(String) });
    expect(lines[1]).toMatchObject({ slug: 'orlando', saved: true, version: 3, deploy: 'skipped', deployNote: expect.stringContaining(`rolled back to release ${first}`) });
    expect(lines[2]).toMatchObject({ slug: 'miami', saved: true, version: 2, deploy: 'skipped', deployNote: expect.stringContaining('no live site') });
    expect(lines[3]).toMatchObject({ slug: 'clearwater', saved: false, status: 409, deploy: 'none', reason: expect.stringContaining('version 2 is the latest, not 1') });

    // Tampa's live pages and JSON-LD say it; Orlando's live site is still the release it was rolled back to.
    expect(await t.store.currentId('tampa')).toBe(lines[0]!.releaseId);
    const home = await liveHtml(t, 'tampa', 'index.html');
    expect(home).toContain('Thanksgiving');
    expect(home).toContain(`Thursday, November\u00a0${DATE},\u00a0${YEAR}`);
    expect(home).toContain(`"validFrom":"${DAY}"`);
    expect(await t.store.currentId('orlando')).toBe(first);
    expect((await body(await t.request('/api/cities/orlando'))).config).toMatchObject({ specialHours: [{ label: 'Thanksgiving', date: DAY, closed: true }] });
    expect((await body(await t.request('/api/cities/clearwater'))).version).toBe(2);

    const audit = t.rows<{ city: string; object: string; outcome: number }>("SELECT city, object, outcome FROM audit_log WHERE action = 'city.special_hours' ORDER BY seq");
    expect(audit.map((a) => [a.city, a.outcome])).toEqual([
      ['tampa', 200],
      ['orlando', 200],
      ['miami', 200],
      ['clearwater', 409],
    ]);
    expect(audit[0]!.object).toContain(`version=2 site=redeployed release=${lines[0]!.releaseId as string}`);
    expect(audit[1]!.object).toContain('version=3 site=skipped');
  });
});
