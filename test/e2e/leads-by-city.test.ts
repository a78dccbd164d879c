import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/logger.js';
import { startServer } from '../../src/server/start.js';
import { readZip } from '../../src/server/testing.js';
import { fillCity, generate, openEditor } from '../admin/browser.js';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';

/**
 * Issue 11's acceptance in Chromium, three origins on loopback: the clinic server; a Tampa site
 * downloaded from its admin as a zip, unzipped and served by a plain static server (listed in
 * CORS_ORIGINS); the same files from a third origin nobody listed. Messages must reach the clinic
 * under Tampa, with JavaScript and without, and the stranger must be refused.
 */
const dataDir = tempDir('clinic-leads-');
const siteDir = tempDir('clinic-leads-site-');
const mails: string[] = [];
let clinic: { url: string; sitesUrl: string; close(): Promise<void> };
let listed: Awaited<ReturnType<typeof serveStatic>>;
let stranger: Awaited<ReturnType<typeof serveStatic>>;
let smtp: SMTPServer;
let browser: Browser;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  // Both static servers read the folder on each request: it is filled from the zip below.
  listed = await serveStatic(siteDir);
  stranger = await serveStatic(siteDir);
  // The admin fills the site's endpoint from PUBLIC_URL, so it must be the real address: a fixed port.
  const [port, sitesPort] = [await freePort(), await freePort()];
  const env = {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CORS_ORIGINS: listed.url,
    CONTACT_RATE_LIMIT: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Clinic Website <website@example.com>',
    NOTIFY_TO: 'frontdesk@example.com',
  };
  clinic = await startServer({ configPath: join(ROOT, 'configs/wesley-chapel.yaml'), port, sitesPort, dataDir, env, logger: silentLogger });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await clinic?.close();
  await listed?.close();
  await stranger?.close();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
});

/** The stored messages of a city, as the admin API lists them. */
async function tampaMessages(): Promise<{ firstName: string; city: string; page: string; origin: string }[]> {
  const res = await fetch(`${clinic.url}/api/messages?site=tampa&pageSize=200`);
  return ((await res.json()) as { messages: { firstName: string; city: string; page: string; origin: string }[] }).messages;
}
async function totalMessages(): Promise<number> {
  return ((await (await fetch(`${clinic.url}/api/messages?pageSize=1`)).json()) as { total: number }).total;
}

async function fill(page: Page, first: string, email = 'p.nguyen@example.com') {
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill('Nguyen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Do you have an appointment in Tampa next week?');
}
const toast = (page: Page, title: string) => page.locator('[role="region"] li[data-state="open"]').getByText(title, { exact: true });
/** True when the element is inside the viewport without scrolling. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && window.scrollY === 0;
  });

describe('a city site on a static host reaches the clinic, under its city', () => {
  it('is deployed from the admin and downloaded as a zip that posts to the clinic server', async () => {
    const { page, context, nextDialog } = await openEditor({ url: clinic.url, sitesUrl: clinic.sitesUrl, dataDir, browser, close: async () => undefined });
    await fillCity(page, 'Tampa', 'https://tampa.example.com');
    expect(await generate(page, nextDialog)).toBe('Website generated successfully!');
    await page.getByRole('button', { name: 'Deploy Website' }).click();
    await page.getByTestId('deploy-result').waitFor();
    expect(await page.getByTestId('deploy-result').getAttribute('data-success')).toBe('true');
    const item = page.locator('[data-site="tampa"]');
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download tampa' }).click()]);
    for (const entry of readZip(readFileSync((await download.path())!))) {
      mkdirSync(dirname(join(siteDir, entry.name)), { recursive: true });
      writeFileSync(join(siteDir, entry.name), entry.data);
    }
    const contact = readFileSync(join(siteDir, 'contact/index.html'), 'utf8');
    expect(contact).toContain(`action="${clinic.url}/api/contact"`);
    expect(contact).toContain('name="site" value="tampa"');
    await context.close();
  }, 60_000);

  it('sends a message with JavaScript on: stored under Tampa', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${listed.url}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Scripted');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent successfully!').waitFor();
    expect(await tampaMessages()).toEqual([expect.objectContaining({ firstName: 'Scripted', city: 'Tampa', page: 'contact/', origin: listed.url })]);
    await page.close();
  });

  it('sends a message without JavaScript: lands on the confirmation, visible at 375x667; a reload sends nothing', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${listed.url}/contact/`);
    await fill(page, 'Plain');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${listed.url}/contact/sent/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Message sent successfully!');
    expect(await inView(page, 'h1')).toBe(true);
    expect(await page.getByText('We will contact you within 24 hours.').isVisible()).toBe(true);
    expect((await tampaMessages()).map((m) => m.firstName)).toEqual(['Plain', 'Scripted']);
    const total = await totalMessages();
    await page.reload();
    await page.waitForURL(`${listed.url}/contact/sent/`);
    expect(await totalMessages()).toBe(total);
    await ctx.close();
  });

  it('shows a failed no-JavaScript post as Tampa’s contact page, the outcome visible at 375x667', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${listed.url}/contact/`);
    await fill(page, 'Typo', 'not-an-email');
    const total = await totalMessages();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${clinic.url}/api/contact`);
    expect(await page.getByRole('alert').first().textContent()).toContain('Error sending message');
    expect(await inView(page, '[role="alert"]')).toBe(true);
    expect(await page.getByLabel('First Name').inputValue()).toBe('Typo');
    expect(await page.locator('#email-error').textContent()).toBe('Invalid email address');
    // The page is Tampa's own, its links back to where the site lives, its styles loaded.
    expect(await page.getByRole('link', { name: /Northstar Men’s Health/ }).first().getAttribute('href')).toBe(`${listed.url}/`);
    expect(await page.locator('header').evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    expect(await totalMessages()).toBe(total);
    await ctx.close();
  });

  it('lists both in the admin’s Messages under Tampa, with a count for the city', async () => {
    const { page, context } = await openEditor({ url: clinic.url, sitesUrl: clinic.sitesUrl, dataDir, browser, close: async () => undefined });
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByLabel('Filter by city').selectOption({ label: 'Tampa' });
    const list = messages.getByRole('list', { name: 'Messages' });
    await until(async () => (await list.getByRole('listitem').count()) === 2, 'the Tampa messages');
    const items = await list.getByRole('listitem').allTextContents();
    expect(items.every((t) => t.includes('Tampa'))).toBe(true);
    expect(items.join()).toContain('Plain Nguyen');
    expect(items.join()).toContain('Scripted Nguyen');
    const row = messages.getByRole('row', { name: /^Tampa/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['2', '2', '2']);
    expect(await messages.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/messages.csv?site=tampa');
    await context.close();
  });

  it('names the city in the notification emails, never the message', async () => {
    await until(() => mails.length >= 2, 'two notification emails');
    for (const raw of mails) {
      expect(raw).toContain('City: Tampa');
      expect(raw).not.toContain('appointment in Tampa next week');
      expect(raw).not.toContain('p.nguyen@example.com');
    }
  });

  it('refuses the same site served from an unlisted origin: nothing stored, the destructive notice shows', async () => {
    const total = await totalMessages();
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stranger.url}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Stranger');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Error sending message').waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Stranger');
    await page.close();

    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const plain = await ctx.newPage();
    await plain.goto(`${stranger.url}/contact/`);
    await fill(plain, 'Stranger');
    await plain.getByRole('button', { name: 'Send Message' }).click();
    await plain.waitForURL(`${clinic.url}/api/contact`);
    expect(await plain.getByRole('alert').textContent()).toContain('Messages from this site are not accepted here');
    await ctx.close();
    expect(await totalMessages()).toBe(total);
  });
});
