import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/site.js';
import { fillCity, nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';

/**
 * The saved cities in the browser, beyond the operator's day (test/e2e/operator-day.test.ts): an
 * import with errors, saves the server refuses (a newer version, a city that exists, a bad field),
 * and a redeploy-all run picked up by a page opened while it goes.
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld(); // the sample cities are imported on first start
});
afterAll(() => world?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const save = (page: Page) => nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click());
const openCity = async (page: Page, city: string) => {
  await page.getByRole('button', { name: `Open ${city}` }).click();
  await page.getByRole('heading', { name: city, level: 2 }).waitFor();
};

describe('import', () => {
  it('saves nothing from a file with two errors, names both with their line, and saves the good file', async () => {
    const { page, context } = await openAdmin(world);
    const good = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8').replace('city: Tampa', 'city: Brandon').replace('tampa.example.com', 'brandon.example.com');
    const bad = good.replace('city: Brandon', 'city: Riverview').replace('zipCode: "33607"', 'zipCode: "3360"').replace('phone: (813) 555-0142', 'phone: call us');
    await page.getByLabel('Import YAML').setInputFiles([
      { name: 'brandon.yaml', mimeType: 'application/yaml', buffer: Buffer.from(good) },
      { name: 'riverview.yaml', mimeType: 'application/yaml', buffer: Buffer.from(bad) },
    ]);
    // Asked first: Brandon is new, Riverview's file has errors and is not offered.
    const ask = page.getByRole('dialog', { name: 'Import 2 files?' });
    await ask.waitFor();
    expect(await ask.getByRole('listitem').filter({ hasText: 'Brandon (brandon.yaml): a new city' }).count()).toBe(1);
    expect(await ask.getByRole('list', { name: 'Errors in riverview.yaml' }).getByRole('listitem').count()).toBe(2);
    await ask.getByRole('button', { name: 'Import 1 city' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.getByText(/not imported/).waitFor();
    expect(await summary.textContent()).toBe('1 file was not imported; 1 imported. Nothing was saved from a file with errors. Correct the lines named below and import it again.');
    const errors = page.getByRole('list', { name: 'Errors in riverview.yaml' }).getByRole('listitem');
    expect(await errors.allTextContents()).toEqual([expect.stringMatching(/^riverview\.yaml:7:\d+ zipCode: /), expect.stringMatching(/^riverview\.yaml:8:\d+ phone: /)]);
    await page.getByRole('rowheader', { name: 'Brandon', exact: true }).waitFor();
    expect(await page.getByRole('rowheader', { name: /^Riverview/ }).count()).toBe(0);
    expect((await page.request.get(`${world.url}/api/cities/riverview`)).status()).toBe(404);
    await context.close();
  });
});

describe('import asks first', () => {
  it('names the city and the changed phone; Cancel saves nothing; confirm saves a version the history names, which Restore undoes', async () => {
    const { page, context, errors } = await openAdmin(world);
    const stored = (await (await page.request.get(`${world.url}/api/cities/tampa`)).json()) as { version: number; yaml: string; config: { phone: string } };
    const old = stored.config.phone;
    const changed = stored.yaml.replace(/^phone: .*$/m, 'phone: (813) 555-0166');
    expect(changed).not.toBe(stored.yaml);
    const choose = () => page.getByLabel('Import YAML').setInputFiles([{ name: 'tampa.yaml', mimeType: 'application/yaml', buffer: Buffer.from(changed) }]);
    const version = async () => ((await (await page.request.get(`${world.url}/api/cities/tampa`)).json()) as { version: number; config: { phone: string } });

    await choose();
    const ask = page.getByRole('dialog', { name: 'Import 1 file?' });
    await ask.waitFor();
    expect(await ask.getByRole('listitem').filter({ hasText: `Tampa (tampa.yaml): replaces the saved Tampa, version ${stored.version}` }).count()).toBe(1);
    expect(await ask.getByRole('list', { name: 'What changes in Tampa' }).textContent()).toBe(`Phone: ${old} -> (813) 555-0166`);
    expect((await axeAudit(page)).violations).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await version()).toMatchObject({ version: stored.version, config: { phone: old } });

    await choose();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Import 1 city' }).click();
    await page.getByTestId('import-summary').getByText('Imported 1 file').waitFor();
    expect(await version()).toMatchObject({ version: stored.version + 1, config: { phone: '(813) 555-0166' } });

    // Its history names the change; Restore of the version before makes the old phone current.
    await openCity(page, 'Tampa');
    const versions = page.getByRole('list', { name: 'Saved versions of Tampa' });
    await versions.locator(`> li[data-version="${stored.version + 1}"]`).getByText(`Phone: ${old} -> (813) 555-0166`).waitFor();
    await versions.locator(`> li[data-version="${stored.version}"]`).getByRole('button', { name: `Restore version ${stored.version}` }).click();
    await page.getByRole('dialog', { name: `Restore version ${stored.version} of Tampa?` }).getByRole('button', { name: `Restore version ${stored.version}` }).click();
    await page.getByTestId('history-notice').getByText(`Version ${stored.version} restored as version ${stored.version + 2}, the newest.`).waitFor();
    expect(await field(page, 'Phone').inputValue()).toBe(old);
    expect(await version()).toMatchObject({ version: stored.version + 2, config: { phone: old } });

    // The audit trail filtered to Tampa holds the import and the restore.
    const trail = (await (await page.request.get(`${world.url}/api/audit?city=tampa&pageSize=50`)).json()) as { records: { action: string; city: string; outcome: number }[] };
    const done = trail.records.filter((r) => r.outcome < 300).map((r) => r.action);
    expect(done).toContain('city.import');
    expect(done).toContain('city.restore');
    expect(trail.records.every((r) => r.city === 'tampa')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the trash', () => {
  it('keeps a deleted city’s live site unless asked, and brings the city back with its versions and fields', async () => {
    const { page, context, errors } = await openAdmin(world);
    // What a script does beside the browser, with the owner's API token.
    const api = async (method: string, path: string, data?: unknown) =>
      (await (
        await fetch(`${world.url}${path}`, { method, headers: { Authorization: world.owner, ...(data ? { 'Content-Type': 'application/json' } : {}) }, ...(data ? { body: JSON.stringify(data) } : {}) })
      ).json()) as Record<string, unknown>;
    // Orlando live, with a second version.
    const stored = (await api('GET', '/api/cities/orlando')) as { version: number; config: Record<string, unknown> };
    await api('PUT', '/api/cities/orlando', { config: { ...stored.config, phone: '(407) 555-0123' }, baseVersion: stored.version });
    expect(await api('POST', '/api/cities/orlando/deploy', { confirmDoorway: true })).toMatchObject({ success: true });
    const site = async () => (await page.request.get(`${world.sitesUrl}/sites/orlando/`)).status();
    expect(await site()).toBe(200);
    const versionsBefore = ((await api('GET', '/api/cities/orlando/versions')).versions as { version: number }[]).map((v) => v.version);

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Delete Orlando' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Orlando?' });
    expect(await dialog.textContent()).toContain('goes to the trash, kept 30 days with its saved versions');
    expect(await dialog.getByRole('checkbox', { name: 'Also take its website offline now' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Delete Orlando' }).click();
    await page.getByTestId('list-notice').getByText('Orlando deleted and kept in the trash for 30 days').waitFor();
    expect(await page.getByRole('rowheader', { name: 'Orlando', exact: true }).count()).toBe(0);
    // Not asked to go offline: live still.
    expect(await site()).toBe(200);
    const trash = page.getByRole('list', { name: 'Deleted cities' });
    const line = trash.locator('> li[data-slug="orlando"]');
    expect(await line.textContent()).toContain('its website is still live');
    expect((await axeAudit(page)).violations).toEqual([]);

    await line.getByRole('button', { name: 'Restore Orlando' }).click();
    await page.getByTestId('trash-notice').getByText(`Orlando is back with its saved versions (version ${versionsBefore[0]} is the latest).`).waitFor();
    await page.getByRole('rowheader', { name: 'Orlando', exact: true }).waitFor();
    expect(((await api('GET', '/api/cities/orlando/versions')).versions as { version: number }[]).map((v) => v.version)).toEqual(versionsBefore);
    expect(await api('GET', '/api/cities/orlando')).toMatchObject({ config: { phone: '(407) 555-0123' } });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('save', () => {
  it('a 409 says someone else saved a newer version, and keeps the form', async () => {
    const mine = await openAdmin(world);
    const theirs = await openAdmin(world);
    await openCity(mine.page, 'Orlando');
    await openCity(theirs.page, 'Orlando');
    await field(theirs.page, 'Phone').fill('(407) 555-0177');
    expect(await save(theirs.page)).toMatch(/^Version \d+ saved$/);
    await field(mine.page, 'Phone').fill('(407) 555-0188');
    expect(await save(mine.page)).toBe(
      'Not saved: someone else saved a newer version of Orlando since you opened it. Open the city again from the list to see that version; your changes are still in this form.',
    );
    expect(await field(mine.page, 'Phone').inputValue()).toBe('(407) 555-0188');
    const stored = (await (await mine.page.request.get(`${world.url}/api/cities/orlando`)).json()) as { config: { phone: string } };
    expect(stored.config.phone).toBe('(407) 555-0177');
    await mine.context.close();
    await theirs.context.close();
  });

  it('a save with nothing changed adds no version', async () => {
    const { page, context } = await openAdmin(world);
    await openCity(page, 'Wesley Chapel');
    const version = /Version (\d+)/.exec((await page.getByTestId('saved-version').textContent()) ?? '')![1];
    expect(await save(page)).toBe(`No changes to save: version ${version} is the latest`);
    await context.close();
  });

  it('refuses a new city that exists, a renamed city and a bad field, each saying why', async () => {
    const { page, context } = await openAdmin(world);
    // New city starts empty but for the brand (issue 23): saved as it is, each empty field says so.
    await page.getByRole('button', { name: 'New city' }).click();
    expect(await field(page, 'Phone').inputValue()).toBe('');
    expect(await save(page)).toBe('Not saved: please correct the fields marked below');
    expect(await field(page, 'Phone').getAttribute('aria-invalid')).toBe('true');
    // A city that is saved already (Wesley Chapel, the served clinic) is not made twice.
    await fillCity(page, 'Wesley Chapel', 'https://wesley-chapel-2.example.com');
    expect(await save(page)).toBe('Not saved: Wesley Chapel already exists. Open it from the list of cities, or change the city of this one.');
    expect(await page.getByTestId('saved-version').textContent()).toBe('Not saved yet.');

    await page.getByRole('link', { name: 'All cities' }).click();
    // The filled, unsaved new city: leaving it asks first.
    await page.getByRole('dialog', { name: 'Leave Wesley Chapel without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
    await openCity(page, 'Tampa');
    await field(page, 'City').fill('Clearwater');
    expect(await save(page)).toMatch(/^Not saved: the city of a saved city stays Tampa\. .*use Duplicate/);
    expect(await field(page, 'City').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'City').fill('Tampa');
    await field(page, 'Email').fill('not-an-email');
    expect(await save(page)).toBe('Not saved: please correct the fields marked below');
    const email = field(page, 'Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe('expected an email address like hello@example.com');
    await context.close();
  });
});

describe('redeploy all', () => {
  it('a page opened while someone else’s run goes shows its progress and who started it; the finished run stays theirs', async () => {
    const { page, context } = await openAdmin(world);
    const item = (slug: string, city: string, state: string, extra = {}) => ({ slug, city, state, ...extra });
    const startedBy = { id: 'someone-else', label: 'bo@example.com' };
    const run = (state: string, items: object[], summary: object) => ({
      success: true,
      run: { id: '5b1e2c9a-1111-4aaa-8bbb-123456789abc', state, startedAt: '2026-11-22T10:00:00Z', items, skipped: [], summary, startedBy },
    });
    // The server's answers, held to a script: running, one city done, then finished.
    const answers = [
      run('running', [item('tampa', 'Tampa', 'ok', { releaseId: 'r-tampa-2', configVersion: 2 }), item('orlando', 'Orlando', 'deploying')], { ok: 1, failed: 0, pending: 1 }),
      run('done', [item('tampa', 'Tampa', 'ok', { releaseId: 'r-tampa-2', configVersion: 2 }), item('orlando', 'Orlando', 'failed', { error: 'the site was taken offline during the redeploy' })], { ok: 1, failed: 1, pending: 0 }),
    ];
    await page.route('**/api/redeploys/latest', (route) => route.fulfill({ json: run('running', [item('tampa', 'Tampa', 'deploying'), item('orlando', 'Orlando', 'pending')], { ok: 0, failed: 0, pending: 2 }) }));
    await page.route('**/api/redeploys/5b1e2c9a-*', (route) => route.fulfill({ json: answers.length > 1 ? answers.shift() : answers[0] }));
    await page.reload({ waitUntil: 'domcontentloaded' });
    const panel = page.getByTestId('redeploy');
    await panel.waitFor();
    expect(await page.getByRole('button', { name: 'Redeploying...' }).isDisabled()).toBe(true);
    expect(await panel.getByTestId('redeploy-started-by').textContent()).toMatch(/^Started by bo@example\.com, /);
    await panel.locator('li[data-site="tampa"][data-state="ok"]').waitFor();
    expect(await panel.locator('li[data-site="tampa"]').textContent()).toBe('Tampalive: rebuilt from saved version 2Release r-tampa-2');
    // Finished, it is the starter's (issue 39 item 5): it leaves this screen (the Deployments view keeps it in the history).
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Redeploy all' }).isEnabled()).toBe(true);
    // Nor does a reload bring it back: the server's latest run is finished and someone else's.
    await page.route('**/api/redeploys/latest', (route) => route.fulfill({ json: answers[0] }));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Redeploy all' }).waitFor();
    expect(await panel.count()).toBe(0);
    await context.close();
  });
});
