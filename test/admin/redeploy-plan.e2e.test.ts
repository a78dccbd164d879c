import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_SITE_NAME } from '../../src/config/brand.js';
import { openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';
import { TEST_ADMIN } from '../helpers/accounts.js';
import { adminFormConfig } from '../helpers/server-app.js';

/**
 * Issue 39 item 5 in Chromium, its acceptance: Redeploy all with 3 changed live cities, 1 unchanged
 * live city and the live brand site. The dialog lists the 5 with what will happen to each; the
 * result lists the same 5, line for line, with what happened; it is the starter's, in the tab they
 * started it from; the history on the Deployments view keeps it with who started it.
 */
let world: AdminWorld;
const api = async (method: string, path: string, body?: Record<string, unknown>) => {
  const res = await fetch(`${world.url}${path}`, {
    method,
    headers: { Authorization: world.owner, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
};
const CITIES = ['Ocala', 'Lakeland', 'Sarasota', 'Naples'];
const CHANGED = ['ocala', 'lakeland', 'sarasota'];

beforeAll(async () => {
  world = await startAdminWorld();
  await api('PUT', '/api/brand', {
    brand: { businessName: 'Northstar Men’s Health', domainName: 'northstar-plan.example.com', legal: { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: 'privacy@northstar-plan.example.com' } },
  });
  for (const city of CITIES) await api('POST', '/api/cities', { config: adminFormConfig({ city, website: `https://${city.toLowerCase()}.example.com` }) });
  // The brand site first: a city it lists names its page there as canonical, so each city deployed after it is built as it would be now.
  await api('POST', '/api/brand-site/deploy', { confirmDoorway: true });
  // Bare test cities say nothing of their own: the doorway check is confirmed past (doorway-confirm.e2e.test.ts tests it).
  for (const city of CITIES) await api('POST', `/api/cities/${city.toLowerCase()}/deploy`, { confirmDoorway: true });
  // Three cities saved since their deploy (and so the brand site, which lists them as saved); Naples not.
  for (const slug of CHANGED) {
    const got = await api('GET', `/api/cities/${slug}`);
    await api('PUT', `/api/cities/${slug}`, { config: { ...got.config, phone: '(555) 555-0142' }, baseVersion: got.version });
  }
}, 240_000);
afterAll(() => world?.close());

describe('Redeploy all says what it will do, then does exactly that', () => {
  it('lists the 5 sites with what will happen to each, and the result matches it line for line', async () => {
    // The dialog at 1024 px first: read and audited, then cancelled, nothing started.
    {
      const { page, context } = await openAdmin(world, { width: 1024, height: 800 });
      await page.goto(`${world.url}/admin`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Redeploy all' }).click();
      const ask = page.getByRole('dialog', { name: 'Redeploy 4 sites?' });
      await ask.getByRole('list', { name: 'What will happen to each site' }).waitFor();
      expect((await axeAudit(page)).violations).toEqual([]);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect((await api('GET', '/api/redeploys/latest')).run).toBeNull();
      await context.close();
    }

    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.goto(`${world.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Redeploy all' }).click();
    const ask = page.getByRole('dialog', { name: 'Redeploy 4 sites?' });
    const planList = ask.getByRole('list', { name: 'What will happen to each site' });
    await planList.waitFor();
    const linesOf = (list: typeof planList) =>
      list.locator('> li').evaluateAll((els) => els.map((e) => [e.getAttribute('data-site'), e.querySelector('[data-what]')?.textContent ?? '']));
    const planned = await linesOf(planList);
    // The three changed cities from their new saved version, the brand site last of those rebuilt, then Naples skipped.
    expect(planned).toEqual([
      ['lakeland', 'rebuilt from saved version 2 (live: version 1)'],
      ['ocala', 'rebuilt from saved version 2 (live: version 1)'],
      ['sarasota', 'rebuilt from saved version 2 (live: version 1)'],
      [BRAND_SITE_NAME, expect.stringMatching(/^rebuilt from the cities as saved now \(live: release of .+\)$/)],
      ['naples', expect.stringMatching(/^skipped: unchanged since its live release of .+/)],
    ]);
    expect((await axeAudit(page)).violations).toEqual([]);

    await ask.getByRole('button', { name: 'Redeploy 4 sites' }).click();
    const panel = page.locator('[data-testid="redeploy"][data-state="done"]');
    await panel.waitFor({ timeout: 180_000 });
    const result = await linesOf(panel.getByRole('list', { name: 'What happened to each site' }));
    // Line for line: the same sites in the same order; each rebuilt one live from the version it said, the skipped one as said.
    expect(result.map(([slug]) => slug)).toEqual(planned.map(([slug]) => slug));
    for (const [i, [, what]] of result.entries()) {
      const said = planned[i]![1]!;
      if (said.startsWith('skipped')) expect(what).toBe(said);
      else if (said.startsWith('rebuilt from saved version 2')) expect(what).toBe('live: rebuilt from saved version 2');
      else expect(what).toBe('live: rebuilt');
    }
    expect(await panel.getByRole('status').textContent()).toBe('Redeploy finished: 4 live, 0 failed, 1 skipped');
    expect(await panel.getByTestId('redeploy-started-by').textContent()).toMatch(new RegExp(`^Started by ${TEST_ADMIN.email.replace(/\./g, '\\.')}, `));
    expect((await axeAudit(page)).violations).toEqual([]);

    // Another tab (the same person, another browser session of the page) is not shown the finished result.
    const other = await context.newPage();
    await other.goto(`${world.url}/admin`, { waitUntil: 'networkidle' });
    await other.getByRole('button', { name: 'Redeploy all' }).waitFor();
    expect(await other.locator('[data-testid="redeploy"]').count()).toBe(0);
    await other.close();

    // The history keeps it, with who started it and each line's outcome, at both widths.
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${world.url}/admin#deployments`, { waitUntil: 'networkidle' });
      const history = page.getByTestId('redeploy-history');
      const run = history.locator('li[data-run]').first();
      await run.waitFor();
      expect(await run.locator('summary').textContent()).toMatch(new RegExp(`^Started by ${TEST_ADMIN.email.replace(/\./g, '\\.')}, .+: Redeploy finished: 4 live, 0 failed, 1 skipped$`));
      await run.locator('summary').click();
      expect(await run.locator('li[data-site]').evaluateAll((els) => els.map((e) => e.getAttribute('data-site')))).toEqual(planned.map(([slug]) => slug));
      // Each release says who deployed it: Lakeland's live one is the run's, by whoever started it.
      const lakeland = page.getByRole('list', { name: 'Live sites' }).locator('[data-site="lakeland"]');
      expect(await lakeland.locator('li[data-live="true"] [data-deployed-by]').textContent()).toBe(`Deployed by ${TEST_ADMIN.email}`);
      expect((await axeAudit(page)).violations).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('refuses a plan that changed after the dialog showed it, shows the new one, and runs that once confirmed', async () => {
    const save = async (slug: string, phone: string) => {
      const got = await api('GET', `/api/cities/${slug}`);
      await api('PUT', `/api/cities/${slug}`, { config: { ...got.config, phone }, baseVersion: got.version });
    };
    await save('ocala', '(555) 555-0143');
    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.goto(`${world.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Redeploy all' }).click();
    const first = page.getByRole('dialog', { name: 'Redeploy 2 sites?' });
    await first.getByRole('list', { name: 'What will happen to each site' }).waitFor();
    // Naples is saved by someone else while the dialog is open: the run must not take it unasked.
    await save('naples', '(555) 555-0144');
    await first.getByRole('button', { name: 'Redeploy 2 sites' }).click();
    const again = page.getByRole('dialog', { name: 'Redeploy 3 sites?' });
    await again.getByTestId('plan-changed').waitFor();
    expect((await api('GET', '/api/redeploys/latest')).run.state).toBe('done'); // still the first test's run: nothing started
    const lines = again.getByRole('list', { name: 'What will happen to each site' }).locator('> li');
    const planned = await lines.evaluateAll((els) => els.map((e) => [e.getAttribute('data-site'), e.querySelector('[data-what]')?.textContent ?? '']));
    expect(planned.map(([slug]) => slug)).toEqual(['naples', 'ocala', BRAND_SITE_NAME, 'lakeland', 'sarasota']);
    expect(planned[0]![1]).toBe('rebuilt from saved version 2 (live: version 1)');
    expect((await axeAudit(page)).violations).toEqual([]);
    await again.getByRole('button', { name: 'Redeploy 3 sites' }).click();
    const panel = page.locator('[data-testid="redeploy"][data-state="done"]');
    await panel.waitFor({ timeout: 180_000 });
    const result = await panel.locator('li[data-site]').evaluateAll((els) => els.map((e) => e.getAttribute('data-site')));
    expect(result).toEqual(planned.map(([slug]) => slug));
    expect(await panel.getByRole('status').textContent()).toBe('Redeploy finished: 3 live, 0 failed, 2 skipped');
    // Chromium logs the refused start (409) itself; nothing else went wrong.
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await context.close();
  }, 300_000);
});
