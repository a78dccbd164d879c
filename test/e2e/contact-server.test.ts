import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/log/logger.js';
import { dataKey } from '../../src/server/crypto/data-key.js';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from '../../src/server/leads/rows.js';
import { createSealer } from '../../src/server/leads/sealing.js';
import { startServer } from '../../src/server/start.js';
import { DESKTOP, PHONE, collectErrors, launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

/**
 * The contact form in Chromium against the clinic server itself (clinic-gen serve's
 * startServer, a real port, a real SQLite file): what the visitor sees and what the clinic stores.
 */
const dataDir = tempDir('clinic-e2e-');
const KEY = randomBytes(32);
/** Opens the sealed rows as the admin does (the data key is the test's own; lookups are not needed here). */
const sealer = createSealer({ current: dataKey(KEY) }, Buffer.alloc(32));
let server: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ configPath: join(ROOT, 'configs/wesley-chapel.yaml'), port: 0, dataDir, rateLimit: 6, env: { DATA_KEY: KEY.toString('base64') }, logger: silentLogger });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What the clinic stored, read through a connection of its own and opened with the data key; at rest the rows hold none of it. */
function stored(): { first_name: string; message: string; service: string }[] {
  const db = new Database(join(dataDir, 'clinic.db'), { readonly: true });
  try {
    const rows = db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages ORDER BY received_at`).all() as MessageRow[];
    if (rows.some((r) => r.first_name !== '' || r.message !== '' || r.sealed === null)) throw new Error('a message is stored in clear');
    return rows.map((r) => toMessage(r, sealer)).map((m) => ({ first_name: m.firstName, message: m.message, service: m.service }));
  } finally {
    db.close();
  }
}

async function fill(page: Page, first: string) {
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Email').fill('e.okafor@example.com');
  await page.getByLabel('Service Interest').selectOption('TRT Therapy');
  await page.getByLabel('Message').fill('Could I book a consultation next week? 🙂');
}
const notice = (page: Page, title: string) => page.locator('[role="region"] li[data-state="open"]').getByText(title, { exact: true });

describe('contact form against the clinic server', () => {
  it('stores the message durably and tells the visitor', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = collectErrors(page);
    await page.goto(`${server.url}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Émile');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Message sent successfully!').waitFor();
    // The confirmation takes the form's place; "Send another message" brings back an empty form.
    await page.getByRole('heading', { name: 'Message sent successfully!' }).waitFor();
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('First Name').inputValue()).toBe('');
    expect(stored()).toEqual([{ first_name: 'Émile', message: 'Could I book a consultation next week? 🙂', service: 'TRT Therapy' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers a form posted without JavaScript with a redirect to the confirmation page, and stores it once', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/contact/`);
    await fill(page, 'Nojs');
    await page.getByRole('button', { name: 'Send Message' }).click();
    // Post, redirect, get: the address is the confirmation page's, so a reload sends nothing.
    await page.waitForURL(`${server.url}/contact/sent/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Message sent successfully!');
    // The page keeps the site's styles and links.
    expect(await page.locator('header').evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    await page.reload();
    expect(stored().filter((m) => m.first_name === 'Nojs')).toHaveLength(1);
    await ctx.close();
  });

  it('shows the form again with its errors when a no-JavaScript post is invalid', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/contact/`);
    await page.getByLabel('First Name').fill('Kept');
    await page.getByLabel('Message').fill('short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Error sending message');
    expect(await page.getByLabel('First Name').inputValue()).toBe('Kept');
    expect(await page.locator('#lastName-error').textContent()).toBe('Last name is required');
    expect(await page.locator('#message-error').textContent()).toBe('Message must be at least 10 characters');
    expect(await page.locator('#message').getAttribute('aria-invalid')).toBe('true');
    await ctx.close();
  });

  it('stores a message once when its first answer was lost and the visitor sends it again', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Lost Answer');
    // The first post reaches the server and is stored, but its answer never reaches the page
    // (a dropped connection): the visitor sees the failure and sends again.
    await page.route('**/api/contact', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Error sending message').waitFor();
    expect(stored().filter((m) => m.first_name === 'Lost Answer')).toHaveLength(1);
    await page.unroute('**/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Message sent successfully!').waitFor();
    expect(stored().filter((m) => m.first_name === 'Lost Answer')).toHaveLength(1);
    await page.close();
  });

  it('shows the destructive notice and keeps the values when the rate limit refuses a message', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/contact/`, { waitUntil: 'networkidle' });
    // Only stored messages count: three are stored from this address (an invalid post and a repeat
    // of a lost answer do not count); the limit here is 6 a minute.
    expect(stored()).toHaveLength(3);
    for (const name of ['Fourth', 'Fifth', 'Sixth']) {
      await fill(page, name);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect.poll(() => stored().map((m) => m.first_name)).toContain(name);
      await page.getByRole('button', { name: 'Send another message' }).click();
    }
    await fill(page, 'Seventh');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Error sending message').waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Seventh');
    expect(stored().map((m) => m.first_name)).not.toContain('Seventh');
    await page.close();
  });
});
