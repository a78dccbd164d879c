import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_SITE_NAME } from '../../src/config/brand.js';
import { axeAudit } from '../helpers/browser.js';
import { TEST_ADMIN } from '../helpers/accounts.js';
import { nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * Issue 39 item 5 for the brand site, in Chromium: its Deploy asks first, saying what it sends
 * (the brand settings as saved and the listed locations, each at its saved version) and what it
 * replaces (nothing live yet; then the live release, when and by whom); its releases say who
 * deployed them; a rollback asks first with the city's sentence, and Deployments then shows who
 * made which release live again, and when; with nothing live, Make live asks in its own words.
 * axe finds nothing on the questions and on Deployments at 1440 and 1024 px.
 */
let world: AdminWorld;
const BRAND_DOMAIN = 'northstar-asks.example.com';
const WHO = TEST_ADMIN.email;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  world = await startAdminWorld(); // the sample cities (Tampa, Orlando, Wesley Chapel) are imported on first start
  const res = await fetch(`${world.url}/api/brand`, {
    method: 'PUT',
    headers: { Authorization: world.owner, 'Content-Type': 'application/json' },
    body: JSON.stringify({ brand: { businessName: 'Northstar Men’s Health', domainName: BRAND_DOMAIN, legal: { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: `privacy@${BRAND_DOMAIN}` } } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}, 120_000);
afterAll(() => world?.close());

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const axe = async (page: Page) => {
  const result = await axeAudit(page, TAGS);
  expect(result.passes).toBeGreaterThan(10);
  return result.violations;
};
/** A brand site's deploy builds every location and runs the doorway check first: seconds on a loaded machine. */
const DEPLOY_WAIT = 60_000;

/** Opens the brand site's Deploy question and returns it with what it said, once what is live now has been read. */
async function askDeploy(page: Page) {
  await page.getByRole('button', { name: 'Deploy brand site' }).click();
  const ask = page.getByRole('dialog', { name: 'Deploy the brand site?' });
  await ask.getByTestId('brand-deploy-replaces').waitFor();
  return { ask, sends: (await ask.getByTestId('brand-deploy-sends').textContent()) ?? '', said: (await ask.getByTestId('brand-deploy-ask').textContent()) ?? '' };
}

const confirmDeploy = (page: Page, ask: Awaited<ReturnType<typeof askDeploy>>['ask']) =>
  nextNotice(page, 'brand-site-notice', () => ask.getByRole('button', { name: 'Deploy the brand site' }).click(), { timeout: DEPLOY_WAIT });

describe('the brand site says it before doing it', () => {
  it('asks before Deploy and before a rollback, says who deployed and who rolled back, on its view and on Deployments', async () => {
    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.goto(`${world.url}/admin#brand-site`, { waitUntil: 'networkidle' });
    await page.getByTestId('brand-site-domain').getByText(BRAND_DOMAIN).waitFor();

    // Nothing live yet: the question says what it sends and that it replaces nothing.
    let q = await askDeploy(page);
    expect(q.sends).toMatch(
      new RegExp(`^Deploys the brand site to https://${esc(BRAND_DOMAIN)}/, built from the brand settings as saved and the 3 listed locations as saved now: .*Tampa \\(version 1\\).*\\.$`),
    );
    expect(q.sends).toContain('Orlando (version 1)');
    expect(await q.ask.getByTestId('brand-deploy-replaces').textContent()).toBe('Nothing is live yet: this makes the brand site live at its domain.');
    expect(await axe(page)).toEqual([]);
    expect(await confirmDeploy(page, q.ask)).toMatch(new RegExp(`^The brand site is live at https://${esc(BRAND_DOMAIN)}/\\.`));

    // The release says who deployed it.
    const releases = page.getByRole('list', { name: 'Releases of the brand site' });
    const first = releases.locator('li[data-live="true"]');
    expect(await first.locator('[data-deployed-by]').textContent()).toBe(`Deployed by ${WHO}`);
    const firstWhen = (await first.locator('time').textContent()) ?? '';

    // Live now: the question names the live release, when and by whom.
    q = await askDeploy(page);
    expect(await q.ask.getByTestId('brand-deploy-replaces').textContent()).toBe(`It replaces the live release of ${firstWhen}, deployed by ${WHO}.`);
    expect(await confirmDeploy(page, q.ask)).toMatch(/is live at/);
    await releases.locator('li').nth(1).waitFor();
    expect(await releases.locator('[data-deployed-by]').allTextContents()).toEqual([`Deployed by ${WHO}`, `Deployed by ${WHO}`]);

    // Roll back: asked first, naming the release, in the city's sentence.
    await releases.getByRole('button', { name: `Roll back the brand site to ${firstWhen}` }).click();
    const roll = page.getByRole('dialog', { name: 'Roll the brand site back?' });
    expect(await roll.getByTestId('brand-move-ask').textContent()).toBe(`Roll the brand site back to the release of ${firstWhen}. Redeploy all will skip the brand site until its next deploy.`);
    expect(await axe(page)).toEqual([]);
    const back = await nextNotice(page, 'brand-site-notice', () => roll.getByRole('button', { name: 'Roll back the brand site' }).click());
    expect(back).toBe(`The brand site now serves the release of ${firstWhen}. It is pinned to this release: Redeploy all skips it until it is deployed again.`);
    const rolled = releases.locator('li[data-live="true"] [data-rolled-back]');
    expect(await rolled.textContent()).toMatch(new RegExp(`^Made live again by ${esc(WHO)}, .+`));

    // Pinned: Deploy says the rollback ends; cancelled, nothing is deployed.
    q = await askDeploy(page);
    expect(q.said).toContain('The brand site was rolled back: this deploy ends that, and Redeploy all includes it again.');
    await q.ask.getByRole('button', { name: 'Cancel' }).click();
    await q.ask.waitFor({ state: 'hidden' });
    expect(await releases.locator('li').count()).toBe(2);

    // Deployments: the brand site's releases with who deployed each and who made one live again, at both widths.
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${world.url}/admin#deployments`, { waitUntil: 'networkidle' });
      const brand = page.getByRole('list', { name: 'Live sites' }).locator(`[data-site="${BRAND_SITE_NAME}"]`);
      const live = brand.locator('li[data-live="true"]');
      await live.waitFor();
      expect(await live.locator('[data-deployed-by]').textContent()).toBe(`Deployed by ${WHO}`);
      expect(await live.locator('[data-rolled-back]').textContent()).toMatch(new RegExp(`^Made live again by ${esc(WHO)}, .+`));
      expect(await brand.locator('[data-deployed-by]').count()).toBe(2);
      expect(await axe(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('with nothing live, Make live asks in its own words, and its notice says the site is live again', async () => {
    // A first deploy stopped between its release and its switch: releases, and nothing live.
    rmSync(join(world.dataDir, 'deployments', BRAND_SITE_NAME, 'current'));
    const { page, context, errors } = await openAdmin(world, { width: 1024, height: 800 });
    await page.goto(`${world.url}/admin#brand-site`, { waitUntil: 'networkidle' });
    const releases = page.getByRole('list', { name: 'Releases of the brand site' });
    const newest = releases.locator('li').first();
    await newest.getByRole('button', { name: /^Make live the brand site to / }).waitFor();
    const when = (await newest.locator('time').textContent()) ?? '';

    // The Deploy question at 1024 px too: nothing live, it replaces nothing.
    const q = await askDeploy(page);
    expect(await q.ask.getByTestId('brand-deploy-replaces').textContent()).toBe('Nothing is live yet: this makes the brand site live at its domain.');
    expect(await axe(page)).toEqual([]);
    await q.ask.getByRole('button', { name: 'Cancel' }).click();
    await q.ask.waitFor({ state: 'hidden' });

    await newest.getByRole('button', { name: `Make live the brand site to ${when}` }).click();
    const ask = page.getByRole('dialog', { name: 'Make the brand site live?' });
    const words = (await ask.getByTestId('brand-move-ask').textContent()) ?? '';
    expect(words).toBe(`Nothing of the brand site is live now. Make its release of ${when} live.`);
    expect(words).not.toMatch(/roll/i);
    expect(await axe(page)).toEqual([]);
    const made = await nextNotice(page, 'brand-site-notice', () => ask.getByRole('button', { name: 'Make the brand site live' }).click());
    expect(made).toBe(`The brand site is live again: it serves its release of ${when}`);
    await releases.locator('li[data-live="true"]').first().waitFor();
    expect(await newest.getAttribute('data-live')).toBe('true');
    expect(await newest.locator('[data-rolled-back]').textContent()).toMatch(new RegExp(`^Made live again by ${esc(WHO)}, .+`));
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a city with nothing live: Make live asks in its own words too, not the roll-back sentence', async () => {
    const res = await fetch(`${world.url}/api/cities/orlando/deploy`, {
      method: 'POST',
      headers: { Authorization: world.owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirmDoorway: true }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    rmSync(join(world.dataDir, 'deployments', 'orlando', 'current'));
    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.goto(`${world.url}/admin#city/orlando`, { waitUntil: 'networkidle' });
    const release = page.getByRole('list', { name: 'Releases of Orlando' }).locator('li').first();
    const when = (await release.locator('time').textContent()) ?? '';
    await release.getByRole('button', { name: `Make live Orlando to ${when}, config version 1` }).click();
    const ask = page.getByRole('dialog', { name: 'Make Orlando live?' });
    expect(await ask.getByTestId('move-ask').textContent()).toBe(`Nothing of Orlando is live now. Make its release of ${when} (version 1) live.`);
    expect(await axe(page)).toEqual([]);
    const made = await nextNotice(page, 'deployments-notice', () => ask.getByRole('button', { name: 'Make Orlando live' }).click());
    expect(made).toBe(`Orlando is live again: it serves its release of ${when}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
