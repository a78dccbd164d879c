import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/pg-cluster.mjs';
import { silentLogger } from '../../src/server/log/logger.js';
import { startServer } from '../../src/server/start.js';
import { freshCode, signIn, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/accounts.js';
import { axeAudit, collectErrors, launchBrowser, type Viewport } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { linksIn, until } from '../helpers/mail-text.js';
import { ROOT } from '../helpers/site.js';
import { smtpSink } from '../helpers/smtp.js';

/**
 * Forgot password in the admin, in Chromium (issue 37 item 9): Forgot password? -> the email ->
 * the mail (a real SMTP server on loopback) -> its link -> Choose a new password -> the sign-in
 * page -> the new password and the two-step code -> the admin. The link works once. Without mail
 * the sign-in page says to ask an owner and names the command. axe-core finds nothing on the new
 * pages at 1440 and 1024 px.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const WIDE: Viewport = { width: 1440, height: 900 };
const NARROW: Viewport = { width: 1024, height: 768 };
const NEW_PASSWORD = 'a brand new and unusual passphrase 8';

interface Server {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** `clinic-gen serve` as it starts, on a port chosen first so that PUBLIC_URL (the mail's link) names it. */
async function start(env: Record<string, string>, port?: number): Promise<Server> {
  const dataDir = tempDir('clinic-reset-e2e-');
  const server = await startServer({
    configPath: join(ROOT, 'configs/wesley-chapel.yaml'),
    port: port ?? 0,
    sitesPort: 0,
    dataDir,
    env: { ...TEST_ADMIN_ENV, DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: join(dataDir, '.config'), ...env },
    logger: silentLogger,
  });
  return {
    url: server.url,
    dataDir,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let browser: Browser;
let sink: Awaited<ReturnType<typeof smtpSink>>;
let mailing: Server;
let plain: Server;
let totpSecret: string;
let setupStep: number;

beforeAll(async () => {
  const smtpPort = await freePort();
  sink = await smtpSink(smtpPort);
  const port = await freePort();
  mailing = await start(
    { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Clinic Website <website@example.com>', NOTIFY_TO: 'frontdesk@example.com', PUBLIC_URL: `http://127.0.0.1:${port}` },
    port,
  );
  // The first owner signs in once over HTTP, setting up two-step sign-in on the way.
  totpSecret = (await signIn(mailing.url)).totpSecret!;
  setupStep = Math.floor(Date.now() / 30_000);
  plain = await start({});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await mailing?.close();
  await plain?.close();
  await sink?.close();
});

const axe = async (page: Page) => {
  const result = await axeAudit(page, TAGS);
  expect(result.passes).toBeGreaterThan(10);
  return result.violations;
};

async function open(server: Server, viewport: Viewport, path = '/admin') {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  return { page, context, errors };
}

describe('forgot password, with mail', () => {
  it('Forgot password? -> email -> link -> new password -> sign in with the code; the link works once; axe finds nothing at 1440 px', async () => {
    const { page, context, errors } = await open(mailing, WIDE);
    await page.getByRole('heading', { name: 'Sign in', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password', level: 2 }).waitFor();
    expect(await axe(page)).toEqual([]);

    await page.getByLabel('Email', { exact: true }).fill(TEST_ADMIN.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('heading', { name: 'Check your email', level: 2 }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(`If an account signs in with ${TEST_ADMIN.email}, a link to choose a new password is on its way`);
    expect(await axe(page)).toEqual([]);

    await until(() => sink.received.some((m) => m.to.includes(TEST_ADMIN.email)));
    const mail = sink.received.find((m) => m.to.includes(TEST_ADMIN.email))!;
    const link = linksIn(mail).find((l) => l.includes('/admin#reset-password/'))!;
    expect(link.startsWith(`${mailing.url}/admin#reset-password/cgr_`)).toBe(true);

    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Choose a new password', level: 2 }).waitFor();
    // The token left the address at once: neither the address bar nor Back holds it.
    expect(page.url()).toBe(`${mailing.url}/admin`);
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();

    await page.getByRole('heading', { name: 'Sign in', level: 2 }).waitFor();
    expect(await page.getByTestId('signin-notice').textContent()).toBe('Your password is changed. Sign in with your new password.');
    await page.getByLabel('Email', { exact: true }).fill(TEST_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Two-step sign-in is still asked.
    await page.getByRole('heading', { name: 'Two-step sign-in', level: 2 }).waitFor();
    // A code is used once: the one the set-up took is not taken again.
    await page.getByLabel('Code from your authenticator app').fill((await freshCode(totpSecret, setupStep)).code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('account-name').waitFor();

    // A link opened in this browser, signed in: the token leaves the address, and the person chooses.
    // The API calls sent from here on and not answered yet. A set, not a count: a call sent before
    // these listeners (the admin's first list) also finishes, and must not be counted off.
    const out = new Set<unknown>();
    page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/api/') && out.add(r)));
    page.on('requestfinished', (r) => void out.delete(r));
    page.on('requestfailed', (r) => void out.delete(r));
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'You are signed in', level: 2 }).waitFor();
    expect(page.url()).toBe(`${mailing.url}/admin`);
    expect(await page.getByRole('main').textContent()).toContain(`This browser is signed in as ${TEST_ADMIN.email}.`);
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByTestId('account-name').waitFor();
    expect(page.url()).toBe(`${mailing.url}/admin`);
    // The admin is back and loads its list; signing out below while a call is out would make it
    // answer 401 (a session ended), so the calls are let finish first.
    await page.getByRole('table', { name: 'Cities' }).getByRole('rowheader', { name: 'Wesley Chapel', exact: true }).waitFor();
    await until(() => out.size === 0);
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'You are signed in', level: 2 }).waitFor();
    await until(() => out.size === 0);
    await page.getByRole('button', { name: 'Sign out and choose a new password' }).click();
    await page.getByRole('heading', { name: 'Choose a new password', level: 2 }).waitFor();
    expect(page.url()).toBe(`${mailing.url}/admin`);
    expect(await page.getByTestId('account-name').count()).toBe(0);

    // The same link again, in a fresh browser: refused, with a way to ask for a new one.
    await context.close();
    const again = await open(mailing, WIDE, link.slice(mailing.url.length));
    await again.page.getByRole('heading', { name: 'Choose a new password', level: 2 }).waitFor();
    await again.page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD} again`);
    await again.page.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD} again`);
    await again.page.getByRole('button', { name: 'Save new password' }).click();
    await again.page.getByRole('alert').filter({ hasText: 'This link to choose a new password has expired or was used already.' }).waitFor();
    expect(await axe(again.page)).toEqual([]);
    await again.page.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.page.getByRole('heading', { name: 'Forgot password', level: 2 }).waitFor();
    await again.context.close();
    expect(errors.filter((e) => !/status of 410/.test(e))).toEqual([]);
  }, 90_000);

  it('axe finds nothing on Forgot password, Check your email and Choose a new password at 1024 px', async () => {
    const { page, context } = await open(mailing, NARROW, '/admin#forgot-password');
    await page.getByRole('heading', { name: 'Forgot password', level: 2 }).waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('heading', { name: 'Check your email', level: 2 }).waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 2 }).waitFor();
    expect(await axe(page)).toEqual([]);
    await page.goto(`${mailing.url}/admin#reset-password/cgr_${'x'.repeat(43)}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Choose a new password', level: 2 }).waitFor();
    // Said at once for both fields, before anything is sent.
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Use at least 12 characters.').waitFor();
    expect(await axe(page)).toEqual([]);
    await context.close();
  });
});

describe('forgot password, without mail', () => {
  it.each([
    ['1440', WIDE],
    ['1024', NARROW],
  ] as const)('the sign-in page says to ask an owner and names the command, with no link; axe finds nothing at %s px', async (_, viewport) => {
    const { page, context } = await open(plain, viewport);
    await page.getByRole('heading', { name: 'Sign in', level: 2 }).waitFor();
    const help = page.getByTestId('ask-owner');
    await help.waitFor();
    expect(await help.textContent()).toBe(
      'Forgot your password? Ask an owner of the clinic to set a new one for you, in Staff, or on the server with clinic-gen users reset-password <your email>.',
    );
    expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await context.close();
  });
});
