import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, signIn, type SignedIn } from '../helpers/accounts.js';
import { collectErrors, DESKTOP, launchBrowser } from '../helpers/browser.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';

/**
 * Issue 37 items 4 and 5 in Chromium against a real `clinic-gen serve`: two front desks of Tampa
 * each have Messages open in a browser of their own. A patient writes to Tampa: the message shows
 * in both inboxes without a reload, counts included; one's status change shows in the other's;
 * both open one message and each reads the other's name; a message arriving while one is open is
 * announced by the banner. The event stream itself carries no patient data. A note typed, then
 * another message opened, asks first (Stay keeps the note, Leave discards it); the idle sign-out
 * warns a minute before and "Stay signed in" keeps the session. axe-core finds nothing wrong at
 * 1440 and 1024 px with the banner and the presence line showing.
 */
const DEE = { name: 'Dee Frontdesk', email: 'dee@clinic.example', password: 'walnut river compass 63', own: 'dee reads the morning tide 45' };
const TOM = { name: 'Tom Desk', email: 'tom@clinic.example', password: 'amber falcon harbor 58', own: 'tom keeps the harbour lights 12' };
const patient = (firstName: string, lastName: string, n: number) => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  phone: `(813) 555-01${String(n).padStart(2, '0')}`,
  service: 'TRT Therapy',
  message: `${firstName} would like a call about TRT.`,
  site: 'tampa',
  page: 'contact/',
});

let serve: ServeProcess;
let browser: Browser;
const sessions: Record<string, SignedIn> = {};
const contexts: BrowserContext[] = [];

const post = async (body: Record<string, string>) => {
  const res = await fetch(`${serve.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
};

beforeAll(async () => {
  serve = await startServeProcess({ args: ['--rate-limit', '0'] });
  sessions.owner = await signIn(serve.url);
  const owner = await createToken(serve.url, sessions.owner);
  for (const who of [DEE, TOM]) {
    const made = await fetch(`${serve.url}/api/accounts`, {
      method: 'POST',
      headers: { Authorization: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: who.name, email: who.email, password: who.password, role: 'frontdesk', cities: ['tampa'] }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    sessions[who.email] = await signIn(serve.url, { email: who.email, password: who.password, newPassword: who.own });
  }
  await post(patient('Walter', 'Reed', 1));
  await post(patient('Hank', 'Moss', 2));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await serve?.stop();
});

/** Messages open in a browser of its own, signed in as `who`. */
async function inbox(who: { email: string }, o: { clock?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const s = sessions[who.email]!;
  await context.addCookies([{ name: s.name, value: s.value, url: serve.url }]);
  const page = await context.newPage();
  if (o.clock) await page.clock.install();
  collectErrors(page);
  // The stream is up once the page has told the server which message it has open (none yet).
  const up = page.waitForResponse((r) => r.url().endsWith('/api/inbox/presence') && r.status() === 200);
  // Not networkidle: the inbox's event stream stays open.
  await page.goto(`${serve.url}/admin#messages`, { waitUntil: 'load' });
  await page.getByRole('heading', { name: 'Messages', level: 2, exact: true }).waitFor();
  await up;
  return page;
}

const count = (page: Page, name: string) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });
const row = (page: Page, name: string) => page.getByRole('table').locator('tbody tr', { hasText: name });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
async function axe(page: Page, what: string): Promise<string[]> {
  const out: string[] = [];
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.passes.length).toBeGreaterThan(10);
    out.push(...result.violations.map((v) => `${what} at ${width}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`));
  }
  await page.setViewportSize(DESKTOP);
  return out;
}

describe('the live inbox', () => {
  it('shows a new message and a status change made elsewhere without a reload, presence by name, and the banner', async () => {
    const dee = await inbox(DEE);
    const tom = await inbox(TOM);
    await count(dee, 'All 2').waitFor();
    await count(tom, 'All 2').waitFor();

    // A patient writes to Tampa: both inboxes show it, counts included, with no reload.
    await post(patient('Ivan', 'Drago', 3));
    for (const page of [dee, tom]) {
      await row(page, 'Ivan').waitFor();
      await count(page, 'New 3').waitFor();
      await count(page, 'All 3').waitFor();
    }

    // Both open Walter's message: each reads the other's name.
    const deeSent = dee.waitForResponse((r) => r.url().endsWith('/api/inbox/presence'));
    await dee.getByRole('button', { name: /^Walter/ }).click();
    await deeSent;
    await tom.getByRole('button', { name: /^Walter/ }).click();
    const deeDetail = dee.getByRole('region', { name: 'Walter Reed' });
    const tomDetail = tom.getByRole('region', { name: 'Walter Reed' });
    await deeDetail.getByTestId('inbox-presence').getByText('Tom Desk is viewing this message').waitFor();
    await tomDetail.getByTestId('inbox-presence').getByText('Dee Frontdesk is viewing this message').waitFor();

    // A message that arrives while Dee reads one: the banner says so, politely.
    await post(patient('Gus', 'Fring', 4));
    const banner = dee.getByTestId('inbox-arrived');
    await banner.getByText('1 new message:').waitFor();
    expect(await banner.getAttribute('aria-live')).toBe('polite');
    await row(dee, 'Gus').waitFor();

    // axe-core: the inbox with the banner, the message with the presence line, at 1440 and 1024 px.
    expect(await axe(dee, 'inbox with banner and presence')).toEqual([]);

    // Tom marks Walter contacted: Dee's list and counts follow.
    await tomDetail.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
    await tomDetail.getByRole('button', { name: 'Save status' }).click();
    await tomDetail.getByText('Status saved: Contacted.').waitFor();
    await row(dee, 'Walter').getByText('Contacted').waitFor();
    await count(dee, 'Contacted 1').waitFor();
    // Dee has the message open: it is read again, and says why.
    await deeDetail.getByText('Someone else changed this message: it is shown as it is now.').waitFor();
    expect(await deeDetail.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('contacted');

    // Show them: the banner goes and the focus is on the list, newest first.
    await banner.getByRole('button', { name: 'Show them' }).click();
    await banner.getByText('1 new message:').waitFor({ state: 'detached' });
    expect(await dee.evaluate(() => document.activeElement?.id)).toBe('inbox-list-title');

    // Tom closes the message: Dee no longer reads his name.
    await tomDetail.getByRole('button', { name: 'Close message' }).click();
    await deeDetail.getByText('Tom Desk is viewing this message').waitFor({ state: 'detached' });
  }, 120_000);

  it('carries no patient data on the event stream, and a front desk hears of its own cities only', async () => {
    const s = sessions[DEE.email]!;
    const res = await fetch(`${serve.url}/api/inbox/events`, { headers: { Cookie: s.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const decoder = new TextDecoder();
    const until = async (what: RegExp) => {
      for (let i = 0; i < 100 && !what.test(text); i++) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(what);
    };
    await until(/event: hello/);
    // Orlando's message first (no Orlando for Dee), then Tampa's: only Tampa's reaches the stream.
    await post({ ...patient('Olga', 'Lane', 5), site: 'orlando' });
    await post(patient('Nora', 'Quill', 6));
    await until(/event: change\ndata: \{[^\n]*"kind":"new"/);
    await reader.cancel();
    const changes = text.split('\n').filter((l) => l.startsWith('data: ') && l.includes('"change"'));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/"site":"tampa"/);
    for (const word of ['Nora', 'Quill', 'nora@example.com', '555-0106', 'TRT', 'Olga', 'orlando']) expect(text).not.toContain(word);
  });
});

describe('no work lost', () => {
  it('asks before a note being typed is left for another message: Stay keeps it, Leave discards it', async () => {
    const dee = await inbox(DEE);
    await dee.getByRole('button', { name: /^Hank/ }).click();
    const hank = dee.getByRole('region', { name: 'Hank Moss' });
    await hank.getByLabel('Add note').fill('Called, no answer; try after 5.');
    await hank.getByRole('combobox', { name: 'Status' }).selectOption('closed');
    await hank.getByRole('combobox', { name: 'Reason for closing' }).selectOption('no_answer');

    await dee.getByRole('button', { name: /^Walter/ }).click();
    const dialog = dee.getByRole('dialog', { name: 'Leave this message without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await hank.getByLabel('Add note').inputValue()).toBe('Called, no answer; try after 5.');
    expect(await hank.getByRole('combobox', { name: 'Reason for closing' }).inputValue()).toBe('no_answer');

    await dee.getByRole('button', { name: /^Walter/ }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    const walter = dee.getByRole('region', { name: 'Walter Reed' });
    await walter.waitFor();
    expect(await walter.getByLabel('Add note').inputValue()).toBe('');
    // Nothing was sent: Hank is still new, with no note.
    await dee.getByRole('button', { name: /^Hank/ }).click();
    const again = dee.getByRole('region', { name: 'Hank Moss' });
    await again.getByText('No notes yet.').waitFor();
    expect(await again.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('new');

    // Leaving the view by the top menu with a note typed asks too.
    await again.getByLabel('Add note').fill('A second try.');
    await dee.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Cities' }).click();
    await dee.getByRole('dialog', { name: /without saving\?$/ }).waitFor();
  }, 60_000);

  it('asks before Brand settings with unsaved edits are left by the top menu', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    await context.addCookies([{ name: sessions.owner!.name, value: sessions.owner!.value, url: serve.url }]);
    const page = await context.newPage();
    collectErrors(page);
    await page.goto(`${serve.url}/admin#brand`, { waitUntil: 'networkidle' });
    const name = page.getByLabel('Business Name');
    await name.fill('Renewed Vitality Group');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Cities' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave Brand settings without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe('Renewed Vitality Group');
    await nav.getByRole('link', { name: 'Cities' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('button', { name: 'New city' }).waitFor();
  }, 60_000);

  it('warns a minute before the idle sign-out, and Stay signed in keeps the session', async () => {
    const dee = await inbox(DEE, { clock: true });
    await dee.clock.fastForward('14:01');
    const warning = dee.getByRole('dialog', { name: 'You will be signed out in 60 seconds' });
    await warning.waitFor();
    const kept = dee.waitForResponse((r) => new URL(r.url()).pathname === '/api/session' && r.request().method() === 'GET');
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    expect(((await (await kept).json()) as { signedIn: boolean }).signedIn).toBe(true);
    await warning.waitFor({ state: 'hidden' });
    // Past the time the sign-out would have come: still in, Messages still open.
    await dee.clock.fastForward('02:00');
    await dee.clock.runFor(6_000);
    expect(await warning.isVisible()).toBe(false);
    await dee.getByRole('heading', { name: 'Messages', level: 2, exact: true }).waitFor();
    expect(await dee.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
  }, 60_000);
});
