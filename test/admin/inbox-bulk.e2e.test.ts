import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, signIn, type SignedIn } from '../helpers/accounts.js';
import { collectErrors, launchBrowser } from '../helpers/browser.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';

/**
 * Issue 37 item 7 in Chromium against a real `clinic-gen serve`: a front desk of Tampa selects two
 * rows and gives them to a colleague in one request, closes one with a reason, and uses the saved
 * filters "My open" and "New today"; the checkboxes and the bulk bar work by keyboard; axe finds
 * nothing with rows selected at 1440 and 1024 px. An owner downloads the export of the filter.
 */
const DESK = { name: 'Dee Frontdesk', email: 'dee@clinic.example', password: 'walnut river compass 63', own: 'dee reads the morning tide 45' };
const COLLEAGUE = { name: 'Tom Desk', email: 'tom@clinic.example', password: 'amber falcon harbor 58', own: 'tom keeps the harbour lights 12' };
const MESSAGES = [
  { firstName: 'Walter', lastName: 'Reed', email: 'walter@example.com', phone: '(813) 555-0101', service: 'TRT Therapy', message: 'Can someone call me after 5 pm?' },
  { firstName: 'Hank', lastName: 'Moss', email: 'hank@example.com', phone: '(813) 555-0102', service: 'NAD+ Therapy', message: 'Is NAD+ covered by insurance?' },
  { firstName: 'Gus', lastName: 'Fring', email: 'gus@example.com', phone: '(813) 555-0103', service: 'TRT Therapy', message: 'Do you see patients on Saturdays?' },
  { firstName: 'Ivy', lastName: 'Stone', email: 'ivy@example.com', phone: '(813) 555-0104', service: 'TRT Therapy', message: 'Sent twice, sorry.' },
];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

let serve: ServeProcess;
let ownerSession: SignedIn;
let desk: SignedIn;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  serve = await startServeProcess({ args: ['--rate-limit', '0'] });
  ownerSession = await signIn(serve.url);
  const owner = await createToken(serve.url, ownerSession);
  for (const who of [DESK, COLLEAGUE]) {
    const made = await fetch(`${serve.url}/api/accounts`, {
      method: 'POST',
      headers: { Authorization: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: who.name, email: who.email, password: who.password, role: 'frontdesk', cities: ['tampa'] }),
    });
    expect(made.status).toBe(201);
    // The first sign-in sets up two-step sign-in and changes the owner's password (decision 17).
    const first = await signIn(serve.url, { email: who.email, password: who.password, newPassword: who.own });
    if (who === DESK) desk = first;
  }
  for (const m of MESSAGES) {
    const sent = await fetch(`${serve.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...m, site: 'tampa', page: 'contact/' }) });
    expect(sent.status).toBe(201);
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await serve?.stop();
});

/** The admin's Messages view, signed in as `who` (its session cookie), at `width` px. */
async function inbox(who: SignedIn, width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  await context.addCookies([{ name: who.name, value: who.value, url: serve.url }]);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${serve.url}/admin#messages`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Messages', level: 2, exact: true }).waitFor();
  await page.getByRole('table').locator('tbody tr').first().waitFor();
  return { page, errors };
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('button', { name: new RegExp(`^${name}`) }) });
const box = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^Select ${name}, `) });
const names = async (page: Page) => (await rows(page).locator('[data-open]').allTextContents()).map((t) => t.replace(': open message', '')).sort();
const axe = async (page: Page) => {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
};

describe('bulk select, saved filters and the export (issue 37 item 7)', () => {
  it('a front desk assigns two rows to a colleague at once, closes one with a reason, and uses My open and New today', async () => {
    const { page, errors } = await inbox(desk);
    const bar = page.getByTestId('bulk-bar');
    const all = page.getByRole('checkbox', { name: 'Select all messages on this page' });
    expect(await bar.count()).toBe(0);
    // Labelled by first name and date, never the full name.
    expect(await box(page, 'Walter').getAttribute('aria-label')).not.toContain('Reed');

    await box(page, 'Walter').check();
    expect(await all.evaluate((e) => (e as HTMLInputElement).indeterminate)).toBe(true);
    await box(page, 'Hank').check();
    await bar.getByText('2 selected').waitFor();

    const bulk = page.waitForResponse((r) => r.url().endsWith('/api/inbox/bulk'));
    const listed = page.waitForResponse((r) => r.url().includes('/api/inbox?'));
    await bar.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: COLLEAGUE.name });
    await bar.getByRole('button', { name: /^Assign/ }).click();
    const answer = await bulk;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { changed: number }).changed).toBe(2);
    expect(JSON.parse(answer.request().postData()!).ids).toHaveLength(2);
    await listed;
    await row(page, 'Walter').getByText(COLLEAGUE.name).waitFor();
    await row(page, 'Hank').getByText(COLLEAGUE.name).waitFor();
    await page.getByTestId('inbox-notice').getByText(`Assigned to ${COLLEAGUE.name}: 2 messages.`).waitFor();
    await bar.waitFor({ state: 'detached' });

    // By keyboard: Space ticks Gus and Ivy; the bar's controls are reached with Tab.
    await box(page, 'Gus').focus();
    await page.keyboard.press('Space');
    await box(page, 'Ivy').focus();
    await page.keyboard.press('Space');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('combobox', { name: 'Assign to' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Assign the selected messages');
    await bar.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: DESK.name });
    const mine = page.waitForResponse((r) => r.url().endsWith('/api/inbox/bulk'));
    await bar.getByRole('combobox', { name: 'Assign to' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect((await mine).status()).toBe(200);
    await row(page, 'Gus').getByText(DESK.name).waitFor();
    await row(page, 'Ivy').getByText(DESK.name).waitFor();
    // The focus stays in the list once the bar goes.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Select all messages on this page');

    // Closed asks for one reason for all, before anything is sent. Ivy's message is open beside the list.
    await page.getByRole('button', { name: /^Ivy/ }).click();
    const detail = page.getByRole('region', { name: 'Ivy Stone' });
    await detail.waitFor();
    await box(page, 'Ivy').check();
    await bar.getByRole('combobox', { name: 'Change status' }).selectOption('closed');
    await bar.getByRole('button', { name: /^Apply status/ }).click();
    await bar.getByRole('alert').getByText('Choose why they are closed: one reason for all.').waitFor();
    await bar.getByRole('combobox', { name: 'Close reason (for all)' }).selectOption({ label: 'Duplicate' });
    const closed = page.waitForResponse((r) => r.url().endsWith('/api/inbox/bulk'));
    await bar.getByRole('button', { name: /^Apply status/ }).click();
    expect((await closed).status()).toBe(200);
    await row(page, 'Ivy').getByText('Closed: Duplicate').waitFor();
    // The open message reads itself again.
    await detail.getByText('Changed with the selected messages: it is shown as it is now.').waitFor();
    expect(await detail.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('closed');
    await detail.getByRole('button', { name: 'Close message' }).click();
    await detail.waitFor({ state: 'detached' });

    // "Clear selection" by keyboard empties it and leaves the focus in the list.
    await box(page, 'Walter').check();
    await bar.getByRole('button', { name: 'Clear selection' }).focus();
    await page.keyboard.press('Enter');
    await bar.waitFor({ state: 'detached' });
    expect(await box(page, 'Walter').isChecked()).toBe(false);

    // My open: Dee's, not closed: Gus alone (Ivy is closed; Walter and Hank are Tom's).
    const savedFilters = page.getByRole('group', { name: 'Saved filters' });
    const myOpen = page.waitForResponse((r) => r.url().includes('/api/inbox?') && r.url().includes('open=true'));
    await savedFilters.getByRole('button', { name: 'My open' }).click();
    expect((await myOpen).status()).toBe(200);
    await page.getByTestId('inbox-summary').getByText('1–1 of 1 message.').waitFor();
    expect(await names(page)).toEqual(['Gus']);
    expect(await savedFilters.getByRole('button', { name: 'My open' }).getAttribute('aria-pressed')).toBe('true');
    // The address names the saved filter, so a reload (or a bookmark) opens it again.
    await page.waitForFunction(() => location.hash === '#messages?saved=mine');
    await page.reload();
    await page.getByTestId('inbox-summary').getByText('1–1 of 1 message.').waitFor();
    expect(await names(page)).toEqual(['Gus']);
    expect(await page.getByRole('group', { name: 'Saved filters' }).getByRole('button', { name: 'My open' }).getAttribute('aria-pressed')).toBe('true');

    // New today: today's new messages, whoever has them: Walter, Hank and Gus (Ivy is closed).
    const today = page.waitForResponse((r) => r.url().includes('/api/inbox?') && r.url().includes('status=new') && r.url().includes(`from=${new Date().toISOString().slice(0, 10)}`));
    await savedFilters.getByRole('button', { name: 'New today' }).click();
    expect((await today).status()).toBe(200);
    await page.getByTestId('inbox-summary').getByText('1–3 of 3 messages.').waitFor();
    expect(await names(page)).toEqual(['Gus', 'Hank', 'Walter']);
    expect(await page.getByLabel('Received from').inputValue()).toBe(new Date().toISOString().slice(0, 10));
    await page.waitForFunction(() => location.hash === '#messages?saved=today');
    // Another filter chosen on top is no longer the saved one: the address drops its name.
    await page.getByLabel('City').selectOption({ index: 1 });
    await page.waitForFunction(() => location.hash.startsWith('#messages/'));
    // No export for a front desk.
    expect(await page.getByTestId('inbox-export').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('axe finds nothing on the inbox with rows selected, at 1440 and 1024 px', async () => {
    for (const width of [1440, 1024]) {
      const { page } = await inbox(desk, width);
      await page.getByRole('checkbox', { name: 'Select all messages on this page' }).check();
      await page.getByTestId('bulk-bar').getByText(`${MESSAGES.length} selected`).waitFor();
      await page.getByTestId('bulk-bar').getByRole('combobox', { name: 'Change status' }).selectOption('closed');
      await page.getByTestId('bulk-bar').getByRole('combobox', { name: 'Close reason (for all)' }).waitFor();
      expect(await axe(page), `${width} px`).toEqual([]);
      await page.screenshot({ path: `/tmp/inbox-bulk-${width}.png`, fullPage: true });
    }
  });

  it('an owner downloads the export of the current filter', async () => {
    const { page, errors } = await inbox(ownerSession);
    const link = page.getByTestId('inbox-export');
    expect(await link.getAttribute('href')).toBe('/api/inbox.csv');
    const downloaded = page.waitForEvent('download');
    await link.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^messages-all-cities-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(['receivedAt', 'city', 'firstName', 'lastName', 'email', 'phone', 'service', 'language', 'status', 'assignee', 'closeReason'].map((c) => `"${c}"`).join(','));
    expect(lines).toHaveLength(1 + MESSAGES.length);

    // The filter travels with it: Closed gives Ivy's alone.
    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /^Closed/ }).click();
    await page.getByTestId('inbox-summary').getByText('1–1 of 1 message.').waitFor();
    expect(await link.getAttribute('href')).toBe('/api/inbox.csv?status=closed');
    const again = page.waitForEvent('download');
    await link.click();
    const closed = readFileSync((await (await again).path())!, 'utf8').split('\r\n').filter(Boolean);
    expect(closed).toHaveLength(2);
    expect(closed[1]).toContain('Ivy');
    expect(closed[1]).toContain('duplicate');

    // A search is not exported, and the page says so.
    await page.getByLabel('Search by name, email or phone').fill('Walter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Exports the filter, not a search.').waitFor();
    expect(errors).toEqual([]);
  });
});
