import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, type SignedIn } from '../helpers/accounts.js';
import { axeAudit, type Viewport } from '../helpers/browser.js';
import { startAdminWorld, type AdminWorld } from './browser.js';

/**
 * Issue 37 item 3 in Chromium: a city's page shows an owner and a front desk the city's messages
 * as counts by status and a link to the inbox on that city, and nothing of a message: every
 * response the page receives (the JSON of each call it makes, and the page and bundles too) is
 * read and none holds the patient's words, name, email or phone. The link opens the inbox filtered
 * to the city, where the message is read. axe-core finds nothing wrong at 1440 and 1024 px.
 */
const PATIENT = {
  firstName: 'Evander',
  lastName: 'Thistlewood',
  email: 'evander.t@example.com',
  phone: '(813) 555-0177',
  service: 'TRT Therapy',
  message: 'My total testosterone was 198 ng/dL in October\nand I have been very tired since the summer.',
};
/** What of the patient a city's page may not receive, in every form the server might write it. */
const PATIENT_DATA = [PATIENT.firstName, PATIENT.lastName, PATIENT.email, '555-0177', '5550177', 'testosterone was 198', 'very tired since'];
const DESK = { name: 'Dana Desk', email: 'dana@clinic.example', password: 'copper lantern orchard 44', own: 'violet harbour keeps morning 90' };
const WIDE: Viewport = { width: 1440, height: 900 };
const NARROW: Viewport = { width: 1024, height: 800 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

let world: AdminWorld;
let desk: SignedIn;

const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${world.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: world.owner, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  world = await startAdminWorld();
  // Two messages for Tampa, one already called back, and one for Orlando.
  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${world.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, page: 'contact/' }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  await post({ ...PATIENT, site: 'tampa' });
  const called = await post({ firstName: 'Second', lastName: 'Caller', email: 'second@example.com', message: 'Please call me back about NAD+.', site: 'tampa' });
  await api(`/api/inbox/${called}/status`, { method: 'PUT', body: { status: 'contacted' } });
  await post({ firstName: 'Olga', lastName: 'Lane', email: 'olga@example.com', message: 'A question for Orlando.', site: 'orlando' });
  // A front desk of Tampa, signed in once: two-step sign-in set up and its own password chosen.
  await api('/api/accounts', { method: 'POST', body: { name: DESK.name, email: DESK.email, password: DESK.password, role: 'frontdesk', cities: ['tampa'] } });
  desk = await signIn(world.url, { email: DESK.email, password: DESK.password, newPassword: DESK.own });
}, 120_000);

afterAll(async () => {
  await world?.close();
});

/**
 * Opens `/admin#city/tampa` signed in as `who`, reading the body of every response the page
 * receives from the start (a server-sent event stream, which never ends, is the one left unread).
 */
async function openTampa(who: SignedIn, viewport: Viewport) {
  const context = await world.browser.newContext({ viewport });
  context.setDefaultTimeout(15_000);
  await context.addCookies([{ name: who.name, value: who.value, url: world.url }]);
  const page = await context.newPage();
  const bodies: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (r) => {
    if ((r.headers()['content-type'] ?? '').includes('text/event-stream')) return;
    bodies.push(r.text().then((text) => ({ url: r.url(), text }), () => ({ url: r.url(), text: '' })));
  });
  await page.goto(`${world.url}/admin#city/tampa`, { waitUntil: 'networkidle' });
  return { page, context, bodies };
}

/** The city page's counts, once loaded: the status table's rows as "New 1" and so on. */
async function statusCounts(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Tampa’s messages by status' });
  await table.getByRole('row', { name: 'New 1' }).waitFor();
  return (await table.locator('tbody tr').allTextContents()).map((t) => t.replace(/(\D)(\d)/, '$1 $2'));
}

describe('a city’s page in the admin', () => {
  for (const [role, who] of [
    ['an owner', () => world.session],
    ['a front desk of Tampa', () => desk],
  ] as const) {
    it(`shows ${role} Tampa’s counts by status and a link to its inbox, and receives no message text`, async () => {
      const { page, context, bodies } = await openTampa(who(), WIDE);
      try {
        expect(await statusCounts(page)).toEqual(['New 1', 'Contacted 1', 'Booked 0', 'Closed 0']);
        const link = page.getByRole('link', { name: 'Open Tampa’s messages in the inbox' });
        expect(await link.getAttribute('href')).toBe('#messages/tampa');
        await page.waitForLoadState('networkidle');

        // Every response the page received, its JSON calls included: nothing of the patient.
        const received = await Promise.all(bodies);
        const calls = received.filter((b) => new URL(b.url).pathname.startsWith('/api/')).map((b) => new URL(b.url).pathname);
        expect(calls).toContain('/api/inbox/counts');
        expect(calls).not.toContain('/api/messages');
        expect(calls).not.toContain('/api/inbox');
        const leaks = received.flatMap((b) => PATIENT_DATA.filter((d) => b.text.includes(d)).map((d) => `${b.url}: ${d}`));
        expect(leaks).toEqual([]);
        expect(await page.locator('body').textContent()).not.toContain(PATIENT.firstName);

        const wide = await axeAudit(page, TAGS);
        expect(wide.passes).toBeGreaterThan(5);
        expect(wide.violations, '1440 px').toEqual([]);
        await page.setViewportSize(NARROW);
        const narrow = await axeAudit(page, TAGS);
        expect(narrow.violations, '1024 px').toEqual([]);

        // The link opens the inbox on Tampa, where the message is read.
        const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/inbox' && new URL(r.url()).searchParams.get('site') === 'tampa');
        await link.click();
        expect((await listed).status()).toBe(200);
        expect(page.url()).toMatch(/#messages\/tampa$/);
        await page.getByRole('button', { name: new RegExp(`^${PATIENT.firstName}`) }).waitFor();
        expect(await page.getByRole('table').textContent()).not.toContain('Olga');
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
