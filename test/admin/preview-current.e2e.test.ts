import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextNotice, openAdmin, startAdminWorld, generate, type AdminWorld } from './browser.js';
import { readZip } from '../helpers/server-app.js';

/**
 * Issue 39 item 4, in Chromium: Preview, Download and Deploy build the version the editor shows as
 * current (a save or an edit after Generate included), and say which. Before it, a preview opened
 * after saving version 2 still showed version 1 under "Website generated successfully!".
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld();
});
afterAll(() => world?.close());

describe('what Preview and Download build', () => {
  it('is the version the editor shows: saved after Generate, then with unsaved edits', async () => {
    const { page, context, errors } = await openAdmin(world);
    await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
    const phone = page.getByLabel('Phone', { exact: true });
    expect(await phone.inputValue()).toBe('(813) 555-0142');
    expect(await generate(page)).toBe('Website generated successfully!');
    const from = page.getByTestId('generated-from');
    expect(await from.textContent()).toBe('Built from version 1.');

    // Version 2, with another phone, saved after Generate.
    await phone.fill('(813) 555-0199');
    await from.filter({ hasText: 'Built from version 1; the editor now shows version 1 with unsaved edits: Preview, Download and Deploy build that first.' }).waitFor();
    expect(await nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click())).toMatch(/^Version 2 saved/);
    await from.filter({ hasText: 'Built from version 1; the editor now shows version 2: Preview, Download and Deploy build that first.' }).waitFor();

    const previewText = async () => {
      const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
      await preview.waitForURL(new RegExp(`^${world.sitesUrl}/preview/[0-9a-f]{32}/$`));
      await preview.waitForLoadState('networkidle');
      const text = (await preview.locator('body').textContent()) ?? '';
      await preview.close();
      return text;
    };
    const shown = await previewText();
    expect(shown).toContain('Revitalize Your Health in Tampa');
    expect(shown).toContain('(813) 555-0199');
    expect(shown).not.toContain('(813) 555-0142');
    await from.filter({ hasText: 'Built from version 2.' }).waitFor();

    // An edit not saved: Preview and Download build it, and say so.
    await phone.fill('(813) 555-0123');
    const edited = await previewText();
    expect(edited).toContain('(813) 555-0123');
    expect(edited).not.toContain('(813) 555-0199');
    await from.filter({ hasText: 'Built from version 2 with unsaved edits.' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Package' }).click()]);
    const files = readZip(readFileSync((await download.path())!));
    const index = files.find((f) => f.name.endsWith('index.html') && !f.name.includes('/', f.name.indexOf('/') + 1));
    expect(index, files.map((f) => f.name).join(', ')).toBeDefined();
    expect(index!.data.toString('utf8')).toContain('(813) 555-0123');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
