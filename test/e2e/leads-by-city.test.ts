import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/start.js';
import { readZip } from '../helpers/server-app.js';
import { generate, nextNotice, openAdmin, openEditor } from '../admin/browser.js';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';
import { smtpSink } from '../helpers/smtp.js';
import { freePort } from '../../scripts/pg-cluster.mjs';
import { createToken, signIn, TEST_ADMIN_ENV, type SignedIn } from '../helpers/accounts.js';

/**
 * Issues 11 and 20 in Chromium, on loopback: the clinic server; a Tampa site downloaded from its
 * admin as a zip, unzipped and served by a plain static server whose address is the saved city's
 * website; the same files from an origin nobody named; Tampa built by `clinic-gen build
 * --contact-endpoint` on another static server; Tampa deployed on the sites listener. Every path a
 * patient takes must end with the message under Tampa (the form names its city), the confirmation
 * on Tampa's pages, and the admin's count for Tampa equal to what Tampa's pages sent.
 */
const dataDir = tempDir('clinic-leads-');
const siteDir = tempDir('clinic-leads-site-');
let clinic: { url: string; sitesUrl: string; close(): Promise<void> };
let tampaHost: Awaited<ReturnType<typeof serveStatic>>;
/** Tampa's static host by name (a config's website takes a domain name, not an address); Chromium sends *.localhost to loopback. */
let tampaSite: string;
let stranger: Awaited<ReturnType<typeof serveStatic>>;
/** Tampa as `clinic-gen build --contact-endpoint` writes it, on a static server of its own. */
let built: Awaited<ReturnType<typeof serveStatic>>;
const builtDir = tempDir('clinic-leads-built-');
/** What the server logged (refusals among it). */
const logged: { event: string; fields: Record<string, unknown> }[] = [];
const logger = {
  info: () => undefined,
  warn: (event: string, fields: Record<string, unknown> = {}) => void logged.push({ event, fields }),
  error: (event: string, fields: Record<string, unknown> = {}) => void logged.push({ event, fields }),
};
/** Messages each city's pages sent in these tests, to hold the admin's counts against. */
const sent = { tampa: 0 };
let smtp: Awaited<ReturnType<typeof smtpSink>> | undefined;
let browser: Browser;
/** The first owner (TEST_ADMIN), signed in once: the admin in the browser. */
let session: SignedIn;
/** The owner's API token, for the admin API calls the test makes itself. */
let auth: { Authorization: string };
/** The admin in Chromium, signed in as the owner. */
const admin = () => ({ url: clinic.url, browser, session });

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
    ...TEST_ADMIN_ENV,
    DATA_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CONTACT_RATE_LIMIT: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Clinic Website <website@example.com>',
    NOTIFY_TO: 'frontdesk@example.com',
  };
  clinic = await startServer({ configPath: join(ROOT, 'configs/wesley-chapel.yaml'), port, sitesPort, dataDir, env, logger });
  session = await signIn(clinic.url);
  auth = { Authorization: await createToken(clinic.url, session) };
  const build = runCli(['build', '--config', join(ROOT, 'configs/tampa.yaml'), '--contact-endpoint', `${clinic.url}/api/contact`, '--out', join(builtDir, 'tampa'), '--quiet']);
  expect(build.code, build.stderr).toBe(0);
  built = await serveStatic(join(builtDir, 'tampa'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await clinic?.close();
  await tampaHost?.close();
  await stranger?.close();
  await built?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(builtDir, { recursive: true, force: true });
});

/** The stored messages of a city, as the admin API lists them. */
interface Listed {
  firstName: string;
  city: string;
  page: string;
  origin: string;
  referer: string;
  registered: boolean;
}
async function tampaMessages(): Promise<Listed[]> {
  const res = await fetch(`${clinic.url}/api/messages?site=tampa&pageSize=200`, { headers: auth });
  return ((await res.json()) as { messages: Listed[] }).messages;
}
async function totalMessages(site?: string): Promise<number> {
  return ((await (await fetch(`${clinic.url}/api/messages?pageSize=1${site ? `&site=${site}` : ''}`, { headers: auth })).json()) as { total: number }).total;
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
/** Sends the contact form at `url` with its script, as `first`, until the success notice shows; `before` looks at the page first. */
async function sendScripted(url: string, first: string, before?: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(`${url}/contact/`, { waitUntil: 'networkidle' });
  await before?.(page);
  await fill(page, first);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await notice(page, 'Message sent successfully!', 'default').waitFor();
  sent.tampa++;
  await page.close();
}
/** Sends the contact form at `url` without JavaScript, as `first`, until the browser lands on `landing`; the caller closes the context. */
async function sendPlain(url: string, first: string, landing: string) {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const plain = await ctx.newPage();
  await plain.goto(`${url}/contact/`);
  await fill(plain, first);
  await plain.getByRole('button', { name: 'Send Message' }).click();
  await plain.waitForURL(landing);
  sent.tampa++;
  return { ctx, plain };
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
    const { page, context } = await openAdmin(admin());
    await page.getByRole('button', { name: 'Open Tampa' }).click();
    await page.getByRole('heading', { name: 'Tampa', level: 2 }).waitFor();
    await page.getByLabel('Website', { exact: true }).fill(tampaSite);
    expect(await nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click())).toBe('Version 2 saved');
    expect(await generate(page)).toBe('Website generated successfully!');
    // PUBLIC_URL here is a loopback address: the package could not work hosted anywhere, and says so.
    const warning = page.getByTestId('generate-warnings');
    expect(await warning.textContent()).toMatch(new RegExp(`${clinic.url.replace(/[.]/g, '\\.')}/api/contact posts to a loopback or private address \\(127\\.0\\.0\\.1\\).*PUBLIC_URL`));
    // Named as the form names it: the admin has a field for it, no command-line flag to look for.
    expect(await warning.textContent()).toContain('as the Contact form address');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Package' }).click()]);
    for (const entry of readZip(readFileSync((await download.path())!))) {
      mkdirSync(dirname(join(siteDir, entry.name)), { recursive: true });
      writeFileSync(join(siteDir, entry.name), entry.data);
    }
    const contact = readFileSync(join(siteDir, 'contact/index.html'), 'utf8');
    expect(contact).toContain(`action="${clinic.url}/api/contact"`);
    expect(readFileSync(join(siteDir, 'DEPLOY.md'), 'utf8').split('\n')[0]).toMatch(/^\*\*Warning: this site's contact form posts to .*loopback or private address/);
    expect(contact).toContain('name="site" value="tampa"');
    const live = (await (await fetch(`${clinic.url}/api/deployments`, { headers: auth })).json()) as { deployments: unknown[] };
    expect(live.deployments).toEqual([]);
    await context.close();
  }, 60_000);

  it('sends a message with JavaScript on: stored under Tampa', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${tampaSite}/contact/`, { waitUntil: 'networkidle' });
    await fill(page, 'Scripted');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await notice(page, 'Message sent successfully!', 'default').waitFor();
    sent.tampa++;
    expect(await tampaMessages()).toEqual([expect.objectContaining({ firstName: 'Scripted', city: 'Tampa', page: 'contact/', origin: tampaSite, referer: `${tampaSite}/contact/`, registered: true })]);
    await page.close();
  });

  it('sends a message without JavaScript: lands on the confirmation, visible at 375x667; a reload sends nothing', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${tampaSite}/contact/`);
    await fill(page, 'Plain');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${tampaSite}/contact/sent/`);
    sent.tampa++;
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

  it('counts both in the admin’s Messages under Tampa, and lists them in the inbox on Tampa', async () => {
    const { page, context } = await openEditor(admin());
    // The editor's Messages card counts; the messages themselves are read in the inbox (issue 37 item 3).
    const messages = page.getByRole('region', { name: 'Messages' });
    const row = messages.getByRole('row', { name: /^Tampa/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['2', '2', '2']);
    expect(await messages.textContent()).not.toContain('Nguyen');
    expect(await messages.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/messages.csv');
    await page.goto(`${clinic.url}/admin#messages/tampa`, { waitUntil: 'networkidle' });
    const rows = page.getByRole('table').locator('tbody tr');
    await until(async () => (await rows.count()) === 2, 'the Tampa messages');
    const items = await rows.allTextContents();
    expect(items.every((t) => t.includes('Tampa'))).toBe(true);
    expect(items.join()).toContain('Plain');
    expect(items.join()).toContain('Scripted');
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

  it('takes the same site served from an origin nobody named: under Tampa, marked as not registered, the confirmation Tampa’s', async () => {
    await sendScripted(stranger.url, 'Stranger');
    // Not an address of Tampa's: the clinic server's own confirmation page of Tampa, never the stranger's.
    const { ctx, plain } = await sendPlain(stranger.url, 'Unscripted Stranger', `${clinic.url}/api/contact/sent/tampa`);
    expect(await plain.locator('main').textContent()).toContain('Message sent successfully!');
    expect(await plain.locator('header a[href^="tel:"]').first().getAttribute('href')).toBe('tel:+18135550142');
    await plain.reload();
    await ctx.close();
    const strangers = (await tampaMessages()).filter((m) => m.firstName.endsWith('Stranger'));
    expect(strangers).toEqual([
      expect.objectContaining({ city: 'Tampa', origin: stranger.url, registered: false }),
      expect.objectContaining({ city: 'Tampa', origin: stranger.url, registered: false }),
    ]);
  });

  it('takes a tap on Send before the form’s script has started: the plain post files under Tampa and lands on Tampa’s confirmation', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    // The island's script held back until the post is done: the form posts the plain way.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/contact\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A module script is deferred: the page's load events wait for it, the form does not.
    await page.goto(`${tampaSite}/contact/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    await fill(page, 'Quick Tap');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${tampaSite}/contact/sent/`);
    sent.tampa++;
    release();
    await page.close();
    expect((await tampaMessages()).filter((m) => m.firstName === 'Quick Tap')).toEqual([expect.objectContaining({ city: 'Tampa', registered: true })]);
  });

  it('takes Tampa built with --contact-endpoint on a static server of its own, with JavaScript and without', async () => {
    await sendScripted(built.url, 'Built Scripted', async (page) => expect(await page.locator('input[name="site"]').first().inputValue()).toBe('tampa'));
    const { ctx, plain } = await sendPlain(built.url, 'Built Plain', `${clinic.url}/api/contact/sent/tampa`);
    expect(await plain.locator('main').textContent()).toContain('Message sent successfully!');
    await ctx.close();
    const mine = (await tampaMessages()).filter((m) => m.firstName.startsWith('Built'));
    expect(mine.map((m) => [m.firstName, m.city, m.origin])).toEqual([
      ['Built Plain', 'Tampa', built.url],
      ['Built Scripted', 'Tampa', built.url],
    ]);
  });

  it('takes Tampa deployed on the sites listener without JavaScript through a typo, a fix and a resend: Tampa’s confirmation', async () => {
    const deploy = await fetch(`${clinic.url}/api/cities/tampa/deploy`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
    expect(deploy.status, await deploy.clone().text()).toBe(200);
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${clinic.sitesUrl}/sites/tampa/contact/`);
    await fill(page, 'Deployed Typo', 'not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(/\/api\/contact$/);
    expect(await page.locator('#email-error').textContent()).toBe('Invalid email address');
    // Still Tampa's page: its name, its number.
    expect(await page.locator('body').textContent()).toContain('(813) 555-0142');
    expect(await page.locator('input[name="site"]').inputValue()).toBe('tampa');
    await page.getByLabel('Email').fill('p.nguyen@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => /\/contact\/sent\/$|\/api\/contact\/sent\/tampa$/.test(url.pathname));
    sent.tampa++;
    expect(await page.locator('body').textContent()).toContain('(813) 555-0142');
    expect(await page.locator('body').textContent()).not.toContain('Wesley Chapel');
    await ctx.close();
    expect((await tampaMessages()).filter((m) => m.firstName === 'Deployed Typo')).toEqual([expect.objectContaining({ city: 'Tampa' })]);
  });

  it('files a post from the brand origin all three cities share under the city it names', async () => {
    const post = (site: string) =>
      fetch(`${clinic.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://www.example.com' },
        body: JSON.stringify({ firstName: 'Brand', lastName: site, email: 'brand@example.com', message: 'Which of your clinics is closest to me?', site, page: 'contact/' }),
      });
    expect((await post('tampa')).status).toBe(201);
    sent.tampa++;
    expect((await post('orlando')).status).toBe(201);
    // Tampa's website is its static host now, so the brand's address is Orlando's alone: evidence, never the filing.
    expect((await tampaMessages()).find((m) => m.firstName === 'Brand')).toMatchObject({ city: 'Tampa', origin: 'https://www.example.com', registered: false });
    expect(await totalMessages('orlando')).toBe(1);
  });

  it('counts for Tampa exactly the messages Tampa’s pages sent, and shows a refused post by reason and origin', async () => {
    const cities = ((await (await fetch(`${clinic.url}/api/messages/by-city`, { headers: auth })).json()) as { cities: { site: string; total: number }[] }).cities;
    expect(cities.find((c) => c.site === 'tampa')?.total).toBe(sent.tampa);
    expect(cities.find((c) => c.site === 'wesley-chapel')).toBeUndefined();

    // A host that sends every message too large: refused, and seen at once (the first refusal of
    // its kind from a client is logged when it happens; the ones after it, once a minute).
    const refused = await fetch(`${clinic.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://misconfigured.example.net' },
      body: JSON.stringify({ firstName: 'Refused', lastName: 'Visitor', email: 'refused@example.com', message: `my testosterone level is 212 ng/dL ${'x'.repeat(40 * 1024)}`, site: 'tampa' }),
    });
    expect(refused.status).toBe(413);
    const line = logged.find((l) => l.event === 'contact.refused' && l.fields.origin === 'https://misconfigured.example.net');
    expect(line?.fields).toMatchObject({ reason: 'size' });
    const refusalLines = JSON.stringify(logged.filter((l) => l.event === 'contact.refused'));
    expect(refusalLines).not.toMatch(/Refused|Visitor|refused@example\.com|212 ng|not-an-email|Nguyen|127\.0\.0\.1/);
    // Counted once the log writes (every few seconds), and shown in the admin.
    const { page, context } = await openEditor(admin());
    const table = page.getByRole('table', { name: 'Refused messages, last 7 days' });
    await until(async () => {
      await page.getByRole('button', { name: 'Refresh counts' }).click();
      return (await table.getByRole('row', { name: /misconfigured\.example\.net/ }).count()) === 1;
    }, 'the refused post in the admin', 20_000);
    expect(await table.getByRole('row', { name: /misconfigured\.example\.net/ }).allTextContents()).toEqual([expect.stringContaining('larger than the limit')]);
    await context.close();
  }, 60_000);
});
