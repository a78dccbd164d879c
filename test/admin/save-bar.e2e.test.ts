import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';

/**
 * Issue 39 item 6 in Chromium: the Save bar stays in view at the foot of a long editor with the
 * save state in words; Ctrl+S saves; a field the editor corrects loses its error at once; an index
 * of the sections beside the form (a row of links under the city's bar on a narrower screen).
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

describe('the index of sections', () => {
  it('at 1440 px: beside the form and kept in view, it brings a section to the screen with the focus on it, and marks the one being read', async () => {
    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
    const index = page.getByRole('navigation', { name: 'Sections of this city' });
    await index.waitFor();
    // Every card of the editor, in reading order: the form's, then the side column's (History: the city is saved).
    const titles = await index.getByRole('link').allTextContents();
    expect(titles.slice(0, 3)).toEqual(['Business Information', 'Logo Upload', 'Brand']);
    expect(titles).toContain('Legal');
    expect(titles).toContain('History');
    expect(titles.indexOf('Legal')).toBeLessThan(titles.indexOf('Preview'));

    await index.getByRole('link', { name: 'Legal' }).click();
    const legal = page.getByRole('region', { name: 'Legal' });
    // The editor stays open (the address still names the city), Legal is on screen and has the focus.
    expect(new URL(page.url()).hash).toBe('#city/tampa');
    await expect.poll(() => legal.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await legal.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(900);
    await expect.poll(() => index.locator('[aria-current="true"]').textContent()).toBe('Legal');
    // The index itself is still on screen, far down the page.
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(2000);
    const nav = (await index.boundingBox())!;
    expect(nav.y).toBeGreaterThanOrEqual(0);
    expect(nav.y).toBeLessThan(900);
    // The next Tab goes on from Legal: its first field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.id)).toBe('legal');
    expect((await axeAudit(page)).violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('at 1024 px: a row of the same links under the city bar, no column beside the form', async () => {
    const { page, context, errors } = await openAdmin(world, { width: 1024, height: 768 });
    await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
    const rows = page.getByRole('navigation', { name: 'Sections of this city' });
    await rows.first().waitFor();
    // One index shown (the side column is not displayed at this width).
    expect(await rows.count()).toBe(1);
    expect(await page.getByTestId('section-index-row').isVisible()).toBe(true);
    await rows.getByRole('link', { name: 'Hours' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Hours' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#city/tampa');
    expect((await axeAudit(page)).violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
