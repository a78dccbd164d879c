import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';
import { TEST_ADMIN } from '../helpers/accounts.js';
import { adminFormConfig } from '../helpers/server-app.js';

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

describe('restoring a version saved before the legal facts were required (issue 39 item 3)', () => {
  it('opens it as unsaved edits that name the missing field, saves nothing, and never brings back another city’s courts', async () => {
    const api = (path: string, method: string, body: unknown) =>
      fetch(`${world.url}${path}`, { method, headers: { Authorization: world.owner, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const lakeland = adminFormConfig({ city: 'Lakeland', address: '1 Lake Mirror Drive', zipCode: '33801', phone: '(863) 555-0100', email: 'lakeland@example.com', website: 'https://lakeland.example.com' });
    expect((await api('/api/cities', 'POST', { config: lakeland })).status).toBe(201);
    // Version 1 as a release before decision 14 stored it: no legal block (it published Pasco County's courts then).
    const db = new Database(join(world.dataDir, 'clinic.db'));
    try {
      const { yaml } = db.prepare("SELECT yaml FROM city_versions WHERE slug = 'lakeland' AND version = 1").get() as { yaml: string };
      const old = yaml.replace(/^legal:\n(?: .*\n)+/m, '');
      expect(old).not.toContain('courts');
      // Stored before SQLite migration 18: read with the facts it published then (legacy_facts).
      db.prepare("UPDATE city_versions SET yaml = ?, legacy_facts = 1 WHERE slug = 'lakeland' AND version = 1").run(old);
    } finally {
      db.close();
    }
    expect((await api('/api/cities/lakeland', 'PUT', { config: { ...lakeland, phone: '(863) 555-0199' }, baseVersion: 1 })).status).toBe(200);

    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.goto(`${world.url}/admin#city/lakeland`, { waitUntil: 'networkidle' });
    const history = page.getByRole('region', { name: 'History' });
    const versions = history.getByRole('list', { name: 'Saved versions of Lakeland' });
    await versions.locator('> li[data-version="1"]').getByRole('button', { name: 'Restore version 1' }).click();
    const ask = page.getByRole('dialog', { name: 'Restore version 1 of Lakeland?' });
    expect(await nextNotice(page, 'history-notice', () => ask.getByRole('button', { name: 'Restore version 1' }).click())).toMatch(
      /^Version 1 was saved before .*Courts.* required, so it was not restored: its fields are in the form as unsaved edits\. Fill in .*Courts.*, then save\.$/,
    );
    // Version 1's fields in the form, unsaved; the courts empty and marked, listed above the form by label.
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('(863) 555-0100');
    const courts = page.locator('#field-courts');
    expect(await courts.inputValue()).toBe('');
    expect(await courts.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('save-problems').textContent()).toContain('Courts');
    expect(await page.getByTestId('save-state').textContent()).toContain('Unsaved changes');
    // No field of the form holds the courts version 1 published by default (the history may say it did).
    expect(await page.getByRole('form', { name: 'Clinic details' }).evaluate((f) => [...f.querySelectorAll('input, textarea')].some((i) => (i as HTMLInputElement).value.includes('Pasco')))).toBe(false);
    expect(await history.textContent()).toContain('Pasco County');
    // Nothing was saved: version 2 is still the newest.
    const history2 = (await (await fetch(`${world.url}/api/cities/lakeland/versions`, { headers: { Authorization: world.owner } })).json()) as { versions: { version: number }[] };
    expect(history2.versions.map((v) => v.version)).toEqual([2, 1]);
    expect((await axeAudit(page)).violations).toEqual([]);

    // Each of the three legal facts named, in the notice and above the form.
    const problems = (await page.getByTestId('save-problems').textContent()) ?? '';
    for (const label of ['Governing law (state)', 'Courts', 'Policies effective date']) expect(problems).toContain(label);

    // Filled in and saved: version 3 holds version 1's phone and the facts the editor gave.
    await courts.fill('Polk County');
    expect(await courts.getAttribute('aria-invalid')).toBeNull();
    await page.locator('#field-governingLaw').fill('Florida');
    await page.locator('#field-effectiveDate').fill('2026-12-01');
    expect(await nextNotice(page, 'save-notice', () => page.keyboard.press('Control+s'))).toMatch(/^Version 3 saved/);
    const latest = (await (await fetch(`${world.url}/api/cities/lakeland`, { headers: { Authorization: world.owner } })).json()) as { config: { phone: string; legal: { courts: string } } };
    expect(latest.config.phone).toBe('(863) 555-0100');
    expect(latest.config.legal.courts).toBe('Polk County');
    // The 400 of the refused restore is the only console line.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 120_000);
});
