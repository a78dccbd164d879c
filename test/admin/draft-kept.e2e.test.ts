import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInOnce } from '../helpers/accounts.js';
import { axeAudit } from '../helpers/browser.js';
import { nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * Unsaved edits of a city survive the session ending under them (docs/serving.md: nothing lost or
 * undone silently): kept in the tab when the admin leaves for the sign-in page, offered back when
 * the city opens again after signing in, restored into the form unsaved.
 */
let world: AdminWorld;
const EDITOR = { name: 'Eli Editor', email: 'eli.drafts@clinic.example', password: 'saffron canyon ledger 27' };
/** The password the editor chose at the first sign-in, in place of the owner's. */
const OWN_PASSWORD = 'eli keeps a quiet harbour 81';
const TEXT = 'Northstar Men’s Health in Tampa: physician-led TRT, medical weight loss and NAD+ therapy in Westshore.';
const PHONE = '(813) 555-0177';

beforeAll(async () => {
  world = await startAdminWorld();
  const made = await fetch(`${world.url}/api/accounts`, {
    method: 'POST',
    headers: { Authorization: world.owner, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...EDITOR, role: 'editor' }),
  });
  expect(made.status).toBe(201);
  // The editor has signed in once and chosen their own password (NOTES.md decision 17).
  await signInOnce(world.url, { email: EDITOR.email, password: EDITOR.password, newPassword: OWN_PASSWORD });
}, 120_000);
afterAll(() => world?.close());

async function signIn(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill(EDITOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('a session that ends under unsaved edits', () => {
  it('keeps them in the tab and offers them back when the city opens again', async () => {
    const { page, context } = await openAdmin(world, undefined, null);
    await signIn(page);
    await page.getByRole('button', { name: 'New city' }).waitFor();
    await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Tampa', level: 2 }).waitFor();
    const description = page.getByLabel('Description', { exact: true });
    const before = await description.inputValue();
    await description.fill(TEXT);

    // The session ends elsewhere (signed out in another place, the account changed...): Save gets a 401.
    expect((await page.request.delete(`${world.url}/api/session`, { headers: { Origin: world.url } })).status()).toBe(204);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('Your session ended', { exact: false }).count()).toBeGreaterThan(0);

    // Meanwhile someone else saves version 2 of Tampa with another phone number.
    const stored = (await (await fetch(`${world.url}/api/cities/tampa`, { headers: { Authorization: world.owner } })).json()) as { version: number; config: Record<string, unknown> };
    const other = await fetch(`${world.url}/api/cities/tampa`, {
      method: 'PUT',
      headers: { Authorization: world.owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ config: { ...stored.config, phone: PHONE }, baseVersion: stored.version }),
    });
    expect(other.status).toBe(200);

    // Signed in again, on the same city: the kept edits are offered; the form holds version 2.
    await signIn(page);
    const notice = page.getByTestId('draft-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Your session ended at .+ with changes not saved yet\. They were kept in this tab\.Changed: Description\.The city has been saved since \(version 2\)/);
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(before);
    expect((await axeAudit(page)).violations).toEqual([]);
    await notice.getByRole('button', { name: 'Restore my changes' }).click();
    await notice.waitFor({ state: 'detached' });
    // Only the field this person changed is put back: the other person's phone number stays.
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(TEXT);
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe(PHONE);
    expect(await page.getByTestId('saved-version').textContent()).toContain('Unsaved changes');
    expect(await nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click())).toBe('Version 3 saved');
    const after = (await (await fetch(`${world.url}/api/cities/tampa`, { headers: { Authorization: world.owner } })).json()) as { config: Record<string, unknown> };
    expect(after.config).toMatchObject({ description: TEXT, phone: PHONE });

    // Restored once: opening the city again offers nothing.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Tampa', level: 2 }).waitFor();
    expect(await page.getByTestId('draft-notice').count()).toBe(0);

    // Signing out is leaving on purpose: edits not saved then are not kept for whoever signs in next.
    await page.getByLabel('Description', { exact: true }).fill('An edit the editor chose not to keep, for the next person to never see.');
    await page.getByRole('button', { name: /: account$/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn(page);
    await page.getByRole('heading', { name: 'Tampa', level: 2 }).waitFor();
    expect(await page.getByTestId('draft-notice').count()).toBe(0);
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(TEXT);
    await context.close();
  }, 120_000);
});
