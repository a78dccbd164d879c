import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/logger.js';
import { startServer } from '../../src/server/start.js';
import { readZip } from '../helpers/server-app.js';
import { generate, nextNotice, openAdmin, openEditor } from '../admin/browser.js';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';
import { smtpSink } from '../helpers/smtp.js';
import { freePort } from '../../scripts/pg-cluster.mjs';

/**
 * Issue 11's acceptance in Chromium, three origins on loopback: the clinic server; a Tampa site
 * downloaded from its admin as a zip, unzipped and served by a plain static server whose address
 * is the saved city's website (allowed because the server knows that config: no CORS_ORIGINS, no
 * deploy); the same files from a third origin nobody named. Messages must reach the clinic under
 * Tampa, with JavaScript and without, a Tampa page claiming Orlando must still file as Tampa, and
 * the stranger must be refused.
 */
const dataDir = tempDir('clinic-leads-');
const siteDir = tempDir('clinic-leads-site-');
let clinic: { url: string; sitesUrl: string; close(): Promise<void> };
let tampaHost: Awaited<ReturnType<typeof serveStatic>>;
/** Tampa's static host by name (a config's website takes a domain name, not an address); Chromium sends *.localhost to loopback. */
let tampaSite: string;
let stranger: Awaited<ReturnType<typeof serveStatic>>;
let smtp: Awaited<ReturnType<typeof smtpSink>> | undefined;
let browser: Browser;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const smtpPort = await freePort();
  smtp = await smtpSink(smtpPort);
  // Both static servers read the folder on each request: it is filled from the zip below.
  tampaHost = await serveStatic(siteDir);
  tampaSite = tampaHost.url.replace('//127.0.0.1:', '//tampa.localhost:');
  stranger = await serveStatic(siteDir);
  // The admin fills the site's endpoint from PUBLIC_URL, so it must be the real address: a fixed port.
  const [port, sitesPort] = [await freePort(), await freePort()];
  const env = {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
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
  await tampaHost?.close();
  await stranger?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
});

/** The stored messages of a city, as the admin API lists them. */
async function tampaMessages(): Promise<{ firstName: string; city: string; page: string; origin: string }[]> {
  const res = await fetch(`${clinic.url}/api/messages?site=tampa&pageSize=200`);
  return ((await res.json()) as { messages: { firstName: string; city: string; page: string; origin: string }[] }).messages;
}
async function totalMessages(site?: string): Promise<number> {
  return ((await (await fetch(`${clinic.url}/api/messages?pageSize=1${site ? `&site=${site}` : ''}`)).json()) as { total: number }).total;
}

async function fill(page: Page, first: string, email = 'p.nguyen@example.com') {
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill('Nguyen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Do you have an appointment in Tampa next week?');
}
/** An open notice of the island with its variant (`data-variant` on the toast). */
const notice = (page: Page, title: string, variant: 'default' | 'destructive') =>
  page.locator(`[role="region"] li[data-state="open"][data-variant="${variant}"]`).getByText(title, { exact: true });
/**
 * Tampa's contact page with its hidden `site` field naming Orlando while `act` runs, as a tampered
 * page would post. Changed on disk, not in the browser: a page Playwright fulfils has no address
 * space, and Chromium then blocks its fetch to the loopback clinic server.
 */
async function claimingOrlando(act: () => Promise<void>) {
  const file = join(siteDir, 'contact/index.html');
  const original = readFileSync(file, 'utf8');
  const tampered = original.replace('name="site" value="tampa"', 'name="site" value="orlando"');
  expect(tampered).not.toBe(original);
  writeFileSync(file, tampered);
  try {
    await act();
  } finally {
    writeFileSync(file, original);
  }
}
/** True when the element is inside the viewport without scrolling, and no fixed header covers it. */
const clearOfHeader = (page: Page, text: string) =>
  page
    .getByText(text)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      const header = document.querySelector('header')?.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
      return r.top >= (header?.bottom ?? 0) && r.bottom <= window.innerHeight && window.scrollY === 0 && hit !== null && el.contains(hit);
    });
/** True when the element is inside the viewport without scrolling. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && window.scrollY === 0;
  });

describe('a city site on a static host reaches the clinic, under its city', () => {
  it('is saved in the admin with the static host as its website, not deployed, and downloaded as a zip that posts to the clinic server', async () => {
    // The sample cities are imported on a fresh data folder: open the saved Tampa, give it its new home.
    const { page, context } = await openAdmin({ url: clinic.url, sitesUrl: clinic.sitesUrl, dataDir, browser, close: async () => undefined });
    await page.getByRole('button', { name: 'Open Tampa' }).click();
    await page.getByRole('heading', { name: 'Tampa', level: 2 }).waitFor();
    await page.getByLabel('Website', { exact: true }).fill(tampaSite);
    expect(await nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click())).toBe('Version 2 saved');
    expect(await generate(page)).toBe('Website generated successfully!');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Package' }).click()]);
    for (const entry of readZip(readFileSync((await download.path())!))) {
      mkdirSync(dirname(join(siteDir, entry.name)), { recursive: true });
      writeFileSync(join(siteDir, entry.name), entry.data);
    }
    const contact = readFileSync(join(siteDir, 'contact/index.html'), 'utf8');
    expect(contact).toContain(`action="${clinic.url}/api/contact"`);
    expect(contact).toContain('name="site" value="tampa"');
    const live = (await (await fetch(`${clinic.url}/api/deployments`)).json()) as { deployments: unknown[] };
    expect(live.deployments).toEqual([]);
    await context.close();
  }, 60_000);

  it('sends a message with JavaScript on: stored under Tampa', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${tampaSite}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Scripted');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Message sent successfully!', 'default').waitFor();
    expect(await tampaMessages()).toEqual([expect.objectContaining({ firstName: 'Scripted', city: 'Tampa', page: 'contact/', origin: tampaSite })]);
    await page.close();
  });

  it('sends a message without JavaScript: lands on the confirmation, visible at 375x667; a reload sends nothing', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${tampaSite}/contact/`);
    await fill(page, 'Plain');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${tampaSite}/contact/sent/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Message sent successfully!');
    expect(await inView(page, 'h1')).toBe(true);
    expect(await page.getByText('We will contact you within 24 hours.').isVisible()).toBe(true);
    expect(await clearOfHeader(page, 'We will contact you within 24 hours.')).toBe(true);
    expect((await tampaMessages()).map((m) => m.firstName)).toEqual(['Plain', 'Scripted']);
    const total = await totalMessages();
    await page.reload();
    await page.waitForURL(`${tampaSite}/contact/sent/`);
    expect(await totalMessages()).toBe(total);
    await ctx.close();
  });

  it('shows a failed no-JavaScript post as Tampa’s contact page, the outcome visible at 375x667', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${tampaSite}/contact/`);
    await fill(page, 'Typo', 'not-an-email');
    const total = await totalMessages();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${clinic.url}/api/contact`);
    expect(await page.getByRole('alert').first().textContent()).toContain('Error sending message');
    expect(await inView(page, '[role="alert"]')).toBe(true);
    expect(await page.getByLabel('First Name').inputValue()).toBe('Typo');
    expect(await page.locator('#email-error').textContent()).toBe('Invalid email address');
    // The page is Tampa's own, its links back to where the site lives, its styles loaded.
    expect(await page.getByRole('link', { name: /Northstar Men.s Health/ }).first().getAttribute('href')).toBe(`${tampaSite}/`);
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
    const mails = smtp!.received;
    await until(() => mails.length >= 2, 'two notification emails');
    for (const { raw } of mails) {
      expect(raw).toContain('City: Tampa');
      expect(raw).not.toContain('appointment in Tampa next week');
      expect(raw).not.toContain('p.nguyen@example.com');
    }
  });

  it('refuses the same site served from an origin nobody named: nothing stored, the destructive notice shows', async () => {
    const total = await totalMessages();
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stranger.url}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Stranger');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Error sending message', 'destructive').waitFor();
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
  it('files a Tampa page that claims site: orlando under Tampa, never Orlando, with JavaScript and without', async () => {
    const before = await totalMessages('tampa');
    await claimingOrlando(async () => {
      const scripted = await browser.newContext({ viewport: DESKTOP });
      scripted.setDefaultTimeout(10_000);
      const page = await scripted.newPage();
      await page.goto(`${tampaSite}/contact/`, { waitUntil: 'networkidle' });
      expect(await page.locator('input[name="site"]').first().inputValue()).toBe('orlando');
      await fill(page, 'Claimant');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await notice(page, 'Message sent successfully!', 'default').waitFor();
      await scripted.close();

      const plainCtx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
      plainCtx.setDefaultTimeout(10_000);
      const plain = await plainCtx.newPage();
      await plain.goto(`${tampaSite}/contact/`);
      expect(await plain.locator('input[name="site"]').inputValue()).toBe('orlando');
      await fill(plain, 'Claimant');
      await plain.getByRole('button', { name: 'Send Message' }).click();
      await plain.waitForURL(`${tampaSite}/contact/sent/`);
      await plainCtx.close();
    });

    expect(await totalMessages('tampa')).toBe(before + 2);
    expect((await tampaMessages()).filter((m) => m.firstName === 'Claimant')).toEqual([
      expect.objectContaining({ city: 'Tampa', origin: tampaSite }),
      expect.objectContaining({ city: 'Tampa', origin: tampaSite }),
    ]);
    expect(await totalMessages('orlando')).toBe(0);
  });
});
