import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';
import { TEST_ADMIN } from '../helpers/accounts.js';

/**
 * Issue 39 item 1 in Chromium: a city's history names each version's change in words and who
 * saved it; two versions compare side by side; Restore asks, then makes the earlier version the
 * newest, and the form shows it; the audit trail filtered to the city holds both changes.
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld();
});
afterAll(() => world?.close());

describe('a city’s history in the admin', () => {
  for (const width of [1440, 1024]) {
    it(`lists, compares and restores versions, named in words (${width} px)`, async () => {
      const { page, context, errors } = await openAdmin(world, { width, height: 900 });
      await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
      const history = page.getByRole('region', { name: 'History' });
      const phone = page.getByLabel('Phone', { exact: true });
      const before = await phone.inputValue();
      const next = before === '(813) 555-0199' ? '(813) 555-0177' : '(813) 555-0199';
      await phone.fill(next);
      expect(await nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click())).toMatch(/^Version \d+ saved/);
      const versions = history.getByRole('list', { name: 'Saved versions of Tampa' });
      const newest = versions.locator('> li').first();
      await newest.getByText(`Phone: ${before} -> ${next}`).waitFor();
      const saved = Number(await newest.getAttribute('data-version'));
      expect(await newest.textContent()).toContain(`by ${TEST_ADMIN.email}`);
      expect(await newest.textContent()).toContain('Current');

      // Compare the version before with this one: the phone side by side.
      await history.getByLabel('Compare version').selectOption(String(saved - 1));
      await history.getByLabel('with version').selectOption(String(saved));
      await history.getByRole('button', { name: 'Compare', exact: true }).click();
      const table = history.getByRole('region', { name: `Version ${saved - 1} and version ${saved} compared` });
      const row = table.getByRole('row', { name: /^Phone/ });
      await row.waitFor();
      expect((await row.locator('td').allTextContents()).map((t) => t.trim())).toEqual([before, next]);
      expect((await axeAudit(page)).violations).toEqual([]);

      // Restore the version before: asked first, Cancel does nothing.
      await versions.locator(`> li[data-version="${saved - 1}"]`).getByRole('button', { name: `Restore version ${saved - 1}` }).click();
      const ask = page.getByRole('dialog', { name: `Restore version ${saved - 1} of Tampa?` });
      expect(await ask.textContent()).toContain(`Its fields become version ${saved + 1}, the newest`);
      expect((await axeAudit(page)).violations).toEqual([]);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect(await phone.inputValue()).toBe(next);
      await versions.locator(`> li[data-version="${saved - 1}"]`).getByRole('button', { name: `Restore version ${saved - 1}` }).click();
      expect(await nextNotice(page, 'history-notice', () => ask.getByRole('button', { name: `Restore version ${saved - 1}` }).click())).toBe(
        `Version ${saved - 1} restored as version ${saved + 1}, the newest.`,
      );
      expect(await phone.inputValue()).toBe(before);
      const restored = versions.locator(`> li[data-version="${saved + 1}"]`);
      await restored.getByText(`Phone: ${next} -> ${before}`).waitFor();
      expect(await restored.textContent()).toContain(`restored version ${saved - 1}`);
      // The form stands on the restored version: nothing unsaved.
      expect(await nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click())).toBe(`No changes to save: version ${saved + 1} is the latest`);

      // The audit trail, filtered to Tampa, holds the save and the restore.
      const trail = (await (await fetch(`${world.url}/api/audit?city=tampa&pageSize=50`, { headers: { Authorization: world.owner } })).json()) as { records: { action: string; city: string; outcome: number }[] };
      const done = trail.records.filter((r) => r.outcome === 200).map((r) => r.action);
      expect(done).toContain('city.save');
      expect(done).toContain('city.restore');
      expect(trail.records.every((r) => r.city === 'tampa')).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
