import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';

/**
 * Issue 39 item 6 in Chromium: the Save bar stays in view at the foot of a long editor with the
 * save state in words; Ctrl+S saves; a field the editor corrects loses its error at once.
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld();
});
afterAll(() => world?.close());

describe('the Save bar', () => {
  it('stays in view, says the save state, saves with Ctrl+S, and a corrected field clears its error at once', async () => {
    const { page, context, errors } = await openAdmin(world, { width: 1024, height: 768 });
    await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
    const bar = page.getByRole('region', { name: 'Save' });
    const state = page.getByTestId('save-state');
    expect(await state.textContent()).toContain('All changes saved');

    // Far down the editor (Legal is its last card): the bar and its Save button are still on screen.
    await page.getByRole('region', { name: 'Legal' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(2000);
    const box = (await bar.getByRole('button', { name: 'Save', exact: true }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(768);

    const phone = page.getByLabel('Phone', { exact: true });
    const before = await phone.inputValue();
    await phone.fill('(813) 555-0188');
    await state.filter({ hasText: 'Unsaved changes' }).waitFor();
    // Ctrl+S from inside a field: saved, not the browser's "Save page as".
    expect(await nextNotice(page, 'save-notice', () => phone.press('Control+s'))).toMatch(/^Version \d+ saved/);
    await state.filter({ hasText: 'All changes saved' }).waitFor();

    // A wrong phone: the save refuses it and marks the field; correcting it clears the mark at once.
    await phone.fill('call us');
    expect(await nextNotice(page, 'save-notice', () => page.keyboard.press('Control+s'))).toBe('Not saved: please correct the fields marked below');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect((await axeAudit(page)).violations).toEqual([]);
    await phone.fill(before);
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    // The refused save's 400 is the only console line.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 120_000);
});
