import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickDeploy, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * Issue 23 item 6 in the browser: a city that reads as a copy of another (Tampa duplicated as
 * "Clearwater", only the name, address and phone changed) shows its doorway check beside its
 * Deploy button, and Deploy asks first, naming the score, the sibling and what to write; Cancel
 * deploys nothing, "Deploy anyway" deploys it and the trail records the confirmation.
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld(); // the sample cities (Tampa, Orlando, Wesley Chapel) are imported on first start
});
afterAll(() => world?.close());

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${world.url}${path}`, {
    method,
    headers: { Authorization: world.owner, 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const axe = async (page: Page) => {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
};

describe('deploying a city the doorway check fails', () => {
  it('shows its score against Tampa, asks before deploying, and deploys only when confirmed', async () => {
    const tampa = readFileSync(join(import.meta.dirname, '../../configs/tampa.yaml'), 'utf8');
    const text = tampa
      .replace(/^city: Tampa$/m, 'city: Clearwater')
      .replace(/^address: .*$/m, 'address: 600 Cleveland Street')
      .replace(/^phone: .*$/m, 'phone: (727) 555-0199');
    expect((await api('POST', '/api/cities/import', { files: [{ name: 'clearwater.yaml', text }] })).status).toBe(200);

    const { page } = await openAdmin(world);
    await page.evaluate(() => (location.hash = 'city/clearwater'));
    await page.getByRole('heading', { name: 'Clearwater', level: 2 }).waitFor();

    const standing = page.getByTestId('doorway-standing');
    await standing.waitFor();
    expect(await standing.getAttribute('data-pass')).toBe('false');
    expect(await standing.textContent()).toMatch(/^Doorway check: Too alike\. \d+% of its own text is on Tampa's site, its closest sibling\. Deploy asks you to confirm\.$/);

    const deploy = page.getByRole('button', { name: 'Deploy Website' });
    const ask = page.getByRole('dialog', { name: 'Deploy Clearwater anyway?' });
    // Deploy asks first what it will do (issue 39 item 5): the saved version, where, and that nothing is live yet.
    await deploy.click();
    const first = page.getByRole('dialog', { name: 'Deploy Clearwater?' });
    const said = first.getByTestId('deploy-ask').filter({ hasNotText: 'Reading what is live now' });
    await said.waitFor();
    expect(await said.textContent()).toMatch(/^Deploys saved version \d+ of Clearwater to \S+\.Clearwater has no live site: this makes it live\.$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await axe(page)).toEqual([]);
    await first.getByRole('button', { name: 'Deploy Clearwater' }).click();
    await ask.waitFor();
    const warning = await ask.getByTestId('doorway-warning').textContent();
    expect(warning).toMatch(/Clearwater scores \d+% against Tampa: that share of what its pages say of their own is on Tampa's site too \(more than 50% fails\)/);
    const advice = await ask.getByRole('list', { name: 'What to write' }).getByRole('listitem').allTextContents();
    expect(advice.length).toBeGreaterThan(0);
    // Fields named as the form names them, not by the config's keys.
    expect(advice.filter((t) => /^(localContent|description)\b/.test(t))).toEqual([]);
    // The safe choice has the focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await axe(page)).toEqual([]);

    // Cancel: nothing deployed, the focus back on Deploy.
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deploy Website');
    expect((await api('GET', '/api/cities/clearwater/releases')).body.live ?? null).toBeNull();

    // Deploy anyway: live, and the trail says it was confirmed.
    await clickDeploy(page, 'Clearwater');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Deploy anyway' }).click();
    await ask.waitFor({ state: 'hidden' });
    const result = page.getByTestId('deploy-result');
    await result.waitFor();
    expect(await result.getAttribute('data-success')).toBe('true');
    expect((await api('GET', '/api/cities/clearwater/releases')).body.live).toEqual(expect.any(String));
    const trail = (await api('GET', '/api/audit?action=city.deploy&city=clearwater')).body;
    expect(JSON.stringify(trail)).toMatch(/doorway=confirmed verdict=too-alike score=\d\.\d\d closest=tampa/);
    await page.close();
  });
});
