import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, freshCode, signIn, type SignedIn } from '../helpers/accounts.js';
import { collectErrors, DESKTOP, launchBrowser } from '../helpers/browser.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 22 in Chromium against a real `clinic-gen serve`: patients write to Tampa and Orlando; a
 * front desk of Tampa signs in, opens Messages, filters Tampa, opens a message, marks it
 * contacted, adds a note, gives it to a colleague and marks it booked, and the counts on the page
 * follow; the owner then finds each step in the audit trail under the front desk's email. axe-core
 * finds nothing wrong with the view while a message is open.
 */
// `password` is the first one the owner gives; `own` the one each chose at the first sign-in.
const DESK = { name: 'Dee Frontdesk', email: 'dee@clinic.example', password: 'walnut river compass 63', own: 'dee reads the morning tide 45' };
const COLLEAGUE = { name: 'Tom Desk', email: 'tom@clinic.example', password: 'amber falcon harbor 58', own: 'tom keeps the harbour lights 12' };
/** The desk's second factor, set up at its first sign-in, and the TOTP step that used. */
let deskTotp: { secret: string; step: number };
const WALTER_TEXT = 'My energy has been low for months.\nCan someone call me after 5 pm about TRT?';
const MESSAGES = [
  { firstName: 'Walter', lastName: 'Reed', email: 'walter@example.com', phone: '(813) 555-0101', service: 'TRT Therapy', message: WALTER_TEXT, site: 'tampa' },
  { firstName: 'Hank', lastName: 'Moss', email: 'hank@example.com', phone: '(813) 555-0102', service: 'NAD+ Therapy', message: 'Is NAD+ covered by insurance?', site: 'tampa' },
  { firstName: 'Gus', lastName: 'Fring', email: 'gus@example.com', phone: '(813) 555-0103', service: 'TRT Therapy', message: 'Do you see patients on Saturdays?', site: 'tampa' },
  { firstName: 'Olga', lastName: 'Lane', email: 'olga@example.com', phone: '(407) 555-0104', service: 'TRT Therapy', message: 'Orlando: a question about labs.', site: 'orlando' },
  { firstName: 'Omar', lastName: 'Pike', email: 'omar@example.com', phone: '(407) 555-0105', service: 'NAD+ Therapy', message: 'Orlando: prices please.', site: 'orlando' },
];

let serve: ServeProcess;
let owner: string;
let ownerSession: SignedIn;
let browser: Browser;
let context: BrowserContext;
const ids: Record<string, string> = {};

const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${serve.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: owner, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  // No contact rate limit: the five messages come from one address in one minute.
  serve = await startServeProcess({ args: ['--rate-limit', '0'] });
  ownerSession = await signIn(serve.url);
  owner = await createToken(serve.url, ownerSession);
  // Orlando becomes a city of this server (Tampa is the one it serves).
  const imported = await api('/api/cities/import', { method: 'POST', body: { files: [{ name: 'orlando.yaml', text: readFileSync(join(ROOT, 'configs/orlando.yaml'), 'utf8') }] } });
  expect(imported.status, JSON.stringify(imported.json)).toBeLessThan(300);
  for (const who of [DESK, COLLEAGUE]) {
    const made = await api('/api/accounts', { method: 'POST', body: { name: who.name, email: who.email, password: who.password, role: 'frontdesk', cities: ['tampa'] } });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    ids[who.email] = (made.json.account as { id: string }).id;
    // Each has signed in once: set up two-step sign-in and chose their own password (decision 17).
    const first = await signIn(serve.url, { email: who.email, password: who.password, newPassword: who.own });
    if (who === DESK) deskTotp = { secret: first.totpSecret!, step: Math.floor(Date.now() / 30_000) };
  }
  for (const m of MESSAGES) {
    const sent = await fetch(`${serve.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...m, page: 'contact/' }) });
    expect(sent.status).toBe(201);
  }
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await serve?.stop();
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** The status buttons' names now, as "New 3" and so on. */
const counts = (page: Page) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button').allTextContents();
const count = (page: Page, name: string) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });

describe('the front desk works a message in Messages', () => {
  it('signs in, filters Tampa, opens, marks contacted, notes, assigns, books; the counts follow; axe finds nothing', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${serve.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email', { exact: true }).fill(DESK.email);
    await page.getByLabel('Password', { exact: true }).fill(DESK.own);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code from your authenticator app').fill((await freshCode(deskTotp.secret, deskTotp.step)).code);
    await page.getByRole('button', { name: 'Continue' }).click();

    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { name: 'Messages', level: 2, exact: true }).waitFor();
    expect(page.url()).toMatch(/#messages$/);
    // A front desk of Tampa sees Tampa's three, never Orlando's.
    await count(page, 'All 3').waitFor();
    expect(await page.getByRole('table').textContent()).not.toContain('Olga');

    const city = page.getByRole('combobox', { name: 'City' });
    const filtered = page.waitForResponse((r) => r.url().includes('/api/inbox?') && r.url().includes('site=tampa'));
    await city.selectOption('tampa');
    expect((await filtered).status()).toBe(200);
    expect(page.url()).toMatch(/#messages\/tampa$/);
    expect(await counts(page)).toEqual(['New 3', 'Contacted 0', 'Booked 0', 'Closed 0', 'All 3']);
    const rows = page.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(3);
    // Newest first, each row with its city and an age whose full date is in the <time>.
    expect(await rows.first().textContent()).toContain('Gus');
    expect(await rows.first().textContent()).toContain('Tampa');
    expect(await rows.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await rows.first().locator('time').textContent()).toMatch(/just now|min ago/);

    // Open Walter's message: the whole text, how to reach him, and the focus on his name.
    const opened = page.waitForResponse((r) => /\/api\/inbox\/[^/?]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
    await page.getByRole('button', { name: /^Walter/ }).click();
    expect((await opened).status()).toBe(200);
    const detail = page.getByRole('region', { name: 'Walter Reed' });
    await detail.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Walter Reed');
    expect(await detail.locator('p.whitespace-pre-wrap').first().textContent()).toBe(WALTER_TEXT);
    expect(await detail.getByRole('link', { name: 'walter@example.com' }).getAttribute('href')).toBe('mailto:walter@example.com');
    expect(await detail.getByRole('link', { name: '(813) 555-0101' }).getAttribute('href')).toBe('tel:8135550101');
    // No Delete for the front desk: that is the owner's.
    expect(await detail.getByRole('button', { name: 'Delete message' }).count()).toBe(0);

    const notice = detail.getByTestId('inbox-detail-notice').getByRole('status');
    const save = async (what: string, act: () => Promise<void>, said: string) => {
      const answered = page.waitForResponse((r) => r.url().includes('/api/inbox/') && r.request().method() !== 'GET');
      const listed = page.waitForResponse((r) => r.url().includes('/api/inbox?') && r.request().method() === 'GET');
      await act();
      expect((await answered).status(), what).toBeLessThan(300);
      await listed;
      await notice.getByText(said).waitFor();
    };

    // Contacted: New goes down, Contacted up.
    await save('contacted', async () => {
      await detail.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
      await detail.getByRole('button', { name: 'Save status' }).click();
    }, 'Status saved: Contacted.');
    await count(page, 'Contacted 1').waitFor();
    expect(await counts(page)).toEqual(['New 2', 'Contacted 1', 'Booked 0', 'Closed 0', 'All 3']);

    // A note of the call.
    await save('note', async () => {
      await detail.getByLabel('Add note').fill('Called at 5:10 pm; wants labs first.');
      await detail.getByRole('button', { name: 'Add note' }).click();
    }, 'Note added.');
    const notes = detail.getByRole('list', { name: 'Notes' });
    expect(await notes.textContent()).toContain('Called at 5:10 pm; wants labs first.');
    expect(await notes.textContent()).toContain(DESK.name);

    // Given to the colleague (a front desk of Tampa).
    await save('assign', async () => {
      await detail.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: COLLEAGUE.name });
      await detail.getByRole('button', { name: 'Save assignment' }).click();
    }, `Assigned to ${COLLEAGUE.name}.`);
    await rows.filter({ hasText: 'Walter' }).getByText(COLLEAGUE.name).waitFor();

    // Closing asks for a reason, next to its field, before anything is sent.
    await detail.getByRole('combobox', { name: 'Status' }).selectOption('closed');
    await detail.getByRole('button', { name: 'Save status' }).click();
    await detail.getByRole('alert').getByText('Choose why the message is closed.').waitFor();
    expect(await detail.getByRole('combobox', { name: 'Reason for closing' }).getAttribute('aria-invalid')).toBe('true');

    // Booked: New stays down, Booked goes up.
    await save('booked', async () => {
      await detail.getByRole('combobox', { name: 'Status' }).selectOption('booked');
      await detail.getByRole('button', { name: 'Save status' }).click();
    }, 'Status saved: Booked.');
    await count(page, 'Booked 1').waitFor();
    expect(await counts(page)).toEqual(['New 2', 'Contacted 0', 'Booked 1', 'Closed 0', 'All 3']);
    expect(await rows.filter({ hasText: 'Walter' }).textContent()).toContain('Booked');

    // WCAG 2.2 AA with the message open.
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.passes.length).toBeGreaterThan(10);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: '/tmp/inbox.png', fullPage: true });

    // Closing the message puts the focus back on its row's button.
    await detail.getByRole('button', { name: 'Close message' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-open'))).toBeTruthy();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Walter');

    // A search the server cannot make is refused, said next to the search field, and no list shows.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/inbox/search'));
    await page.getByLabel('Search by name, email or phone').fill('012');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect((await refused).status()).toBe(400);
    await page.getByRole('search').getByRole('alert').getByText('Type at least 4 digits of the phone number.').waitFor();
    expect(await page.getByLabel('Search by name, email or phone').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('table').waitFor({ state: 'detached' });

    // Searching sends the text in a body: it is never in the address.
    const searched = page.waitForResponse((r) => r.url().endsWith('/api/inbox/search'));
    await page.getByLabel('Search by name, email or phone').fill('hank@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const answer = await searched;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ q: 'hank@example.com', site: 'tampa' });
    await page.getByTestId('inbox-summary').getByText('Search results: 1–1 of 1 message.').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Hank');
    expect(page.url()).not.toContain('hank');
    // The refused search is the one failed request Chromium reports; nothing else went wrong.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  }, 120_000);

  it('records every step in the audit trail under the front desk’s email', async () => {
    const trail = await api(`/api/audit?actor=${encodeURIComponent(ids[DESK.email]!)}&pageSize=200`);
    expect(trail.status).toBe(200);
    const records = (trail.json.records as { action: string; object: string; actorName: string; outcome: number }[]).slice().reverse();
    const steps = records.filter((r) => ['message.read', 'message.status', 'message.note', 'message.assign'].includes(r.action));
    expect(steps.map((r) => r.action)).toEqual(['message.read', 'message.status', 'message.note', 'message.assign', 'message.status']);
    expect(steps[1]!.object).toContain('status=contacted');
    expect(steps[3]!.object).toContain(`assignee=${ids[COLLEAGUE.email]}`);
    expect(steps[4]!.object).toContain('status=booked');
    for (const r of steps) {
      expect(r.actorName).toBe(DESK.email);
      expect(r.outcome).toBe(r.action === 'message.note' ? 201 : 200);
    }
    // The search was recorded too, and no patient's words are in the trail.
    expect(records.some((r) => r.action === 'message.search')).toBe(true);
    expect(JSON.stringify(trail.json)).not.toContain('hank@example.com');
    expect(JSON.stringify(trail.json)).not.toContain('wants labs first');
  });

  it('lets the owner delete a message, after a warning, and choose how long messages are kept', async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP });
    ctx.setDefaultTimeout(15_000);
    await ctx.addCookies([{ name: ownerSession.name, value: ownerSession.value, url: serve.url }]);
    try {
      const page = await ctx.newPage();
      await page.goto(`${serve.url}/admin#messages/orlando`, { waitUntil: 'networkidle' });
      await count(page, 'All 2').waitFor();
      await page.getByRole('button', { name: /^Omar/ }).click();
      const detail = page.getByRole('region', { name: 'Omar Pike' });
      await detail.getByRole('button', { name: 'Delete message' }).waitFor();
      await page.getByRole('region', { name: 'Retention' }).getByRole('button', { name: 'Save retention' }).waitFor();
      // The owner's view (Delete, Retention) passes axe-core too.
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
      await detail.getByRole('button', { name: 'Delete message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
      expect(await dialog.textContent()).toContain('cannot be undone');
      const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
      await dialog.getByRole('button', { name: 'Delete message' }).click();
      expect((await deleted).status()).toBe(200);
      await detail.waitFor({ state: 'detached' });
      await count(page, 'All 1').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('inbox-list-title');

      const retention = page.getByRole('region', { name: 'Retention' });
      expect(await retention.textContent()).toContain('Messages older than this are deleted once a day; each deletion is recorded in the audit trail.');
      await retention.getByLabel('For a number of days').check();
      await retention.getByLabel('Days to keep messages').fill('20');
      await retention.getByRole('button', { name: 'Save retention' }).click();
      await retention.getByRole('alert').getByText('Enter a whole number of days from 30 to 3650.').waitFor();
      await retention.getByLabel('Days to keep messages').fill('90');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/retention') && r.request().method() === 'PUT');
      await retention.getByRole('button', { name: 'Save retention' }).click();
      expect((await saved).status()).toBe(200);
      await retention.getByText('Saved: messages are kept 90 days.').waitFor();
      expect((await api('/api/settings/retention')).json).toMatchObject({ days: 90 });
    } finally {
      await ctx.close();
    }
  });
});
