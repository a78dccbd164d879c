import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../../src/server/start.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { collectErrors, DESKTOP, launchBrowser, type Viewport } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { createToken, signIn, TEST_ADMIN_ENV, type SignedIn } from '../helpers/accounts.js';

/** Browser-test plumbing of the admin: a real server (startServer, port 0, temp data) and Chromium. */
export interface AdminWorld {
  /** The admin's listener. */
  url: string;
  /** The sites listener: deployed sites and previews. */
  sitesUrl: string;
  dataDir: string;
  browser: Browser;
  /**
   * The first owner (TEST_ADMIN) signed in over HTTP once, second factor set up on the way: its
   * cookie opens /admin signed in (openAdmin). One session for the whole world: a test that signs
   * out ends it for the others.
   */
  session: SignedIn;
  /** `Authorization` value of an owner's API token, for calls a test makes beside the browser. */
  owner: string;
  close(): Promise<void>;
}

/**
 * A server with its first owner (TEST_ADMIN) and a data key of its own unless `env` names them
 * ('' unsets a variable; a key file it would make goes inside the data folder, never the user's
 * home), the owner signed in, and Chromium.
 */
export async function startAdminWorld(given: Record<string, string> = {}): Promise<AdminWorld> {
  const dataDir = tempDir('clinic-admin-e2e-');
  const env: Record<string, string> = { ...TEST_ADMIN_ENV, DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: join(dataDir, '.config'), ...given };
  for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
  const server = await startServer({ configPath: join(ROOT, 'configs/wesley-chapel.yaml'), port: 0, dataDir, env, logger: silentLogger });
  const session = await signIn(server.url);
  const owner = await createToken(server.url, session);
  const browser = await launchBrowser();
  return {
    url: server.url,
    sitesUrl: server.sitesUrl,
    dataDir,
    browser,
    session,
    owner,
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An admin page with its dialogs recorded and accepted (window.confirm before a delete or
 * rollback), signed in as `as` (the world's owner by default; null: not signed in, the sign-in page).
 */
export async function openAdmin(world: Pick<AdminWorld, 'url' | 'browser' | 'session'>, viewport: Viewport = DESKTOP, as: { name: string; value: string } | null = world.session) {
  const context = await world.browser.newContext({ viewport, acceptDownloads: true });
  if (as) await context.addCookies([{ name: as.name, value: as.value, url: world.url }]);
  // A step that waits too long fails with its own message, well before the test's time limit.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const errors = collectErrors(page);
  await page.goto(`${world.url}/admin`, { waitUntil: 'networkidle' });
  /** Resolves with the next dialog's text. */
  const nextDialog = (): Promise<string> => {
    const seen = dialogs.length;
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        if (dialogs.length > seen) {
          clearInterval(timer);
          resolve(dialogs[seen]!);
        }
      }, 10);
    });
  };
  return { page, context, dialogs, errors, nextDialog };
}

/**
 * The admin opened on a new city's editor (`/admin#new`): the spec's form, filled with the served
 * clinic's details. The list of cities is the admin's first view; this is where New city leads.
 */
export async function openEditor(world: Pick<AdminWorld, 'url' | 'browser' | 'session'>, viewport: Viewport = DESKTOP) {
  const admin = await openAdmin(world, viewport);
  await admin.page.getByRole('button', { name: 'New city' }).click();
  await admin.page.getByRole('heading', { name: 'New city', level: 2 }).waitFor();
  await admin.page.waitForLoadState('networkidle');
  return admin;
}

/**
 * Deploy Website, and the question it asks first (`Deploy <city>?`: which version, where, what it
 * replaces) answered yes; returns what the question said.
 */
export async function clickDeploy(page: Page, city: string): Promise<string> {
  await page.getByRole('button', { name: 'Deploy Website' }).click();
  const ask = page.getByRole('dialog', { name: `Deploy ${city}?` });
  // It says what it replaces once what is live now has been read.
  const words = ask.getByTestId('deploy-ask').filter({ hasNotText: 'Reading what is live now' });
  await words.waitFor();
  const said = (await words.textContent()) ?? '';
  await ask.getByRole('button', { name: `Deploy ${city}` }).click();
  await ask.waitFor({ state: 'hidden' });
  return said;
}

/** Fills Business Information for a new city. */
export async function fillCity(page: Page, city: string, website: string) {
  await page.getByLabel('Business Name', { exact: true }).fill('Northstar Men’s Health');
  await page.getByLabel('City', { exact: true }).fill(city);
  await page.getByLabel('State', { exact: true }).fill('FL');
  await page.getByLabel('Address', { exact: true }).fill('100 Bay Street');
  await page.getByLabel('ZIP Code', { exact: true }).fill('33602');
  await page.getByLabel('Phone', { exact: true }).fill('(813) 555-0101');
  await page.getByLabel('Email', { exact: true }).fill(`${city.toLowerCase().replace(/\s+/g, '-')}@example.com`);
  await page.getByLabel('Website', { exact: true }).fill(website);
  await page.getByLabel('Description', { exact: true }).fill(`Northstar Men’s Health in ${city}: physician-supervised TRT and NAD+ therapy.`);
  // The city's own hours and legal facts: a new city has none (decision 14), and Generate needs them.
  await page.getByRole('button', { name: 'Add weekly hours' }).click();
  const week = page.getByRole('group', { name: 'Days of row 1' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await week.getByLabel(day, { exact: true }).check();
  await page.getByLabel('Governing law (state)', { exact: true }).fill('Florida');
  await page.getByLabel('Courts', { exact: true }).fill('Hillsborough County');
  await page.getByLabel('Policies effective date', { exact: true }).fill('2026-12-01');
}

/**
 * Runs `act` and returns the text of the next notice in the slot `testId` (the in-page status or
 * alert that replaced window.alert); `data-notice-seq` tells a new notice from the one before.
 * `timeout` for a long act (a brand site's deploy builds and checks every location first).
 */
export async function nextNotice(page: Page, testId: string, act: () => Promise<void>, o: { timeout?: number } = {}): Promise<string> {
  const slot = page.getByTestId(testId);
  const seq = Number(await slot.getAttribute('data-notice-seq'));
  await act();
  const next = page.locator(`[data-testid="${testId}"][data-notice-seq="${seq + 1}"]`);
  await next.waitFor({ state: 'attached', timeout: o.timeout });
  return ((await next.getByRole('status').textContent()) || (await next.getByRole('alert').textContent()) || '').trim();
}

/** Clicks Generate Website and returns its notice (the second argument is unused: notices replaced dialogs). */
export async function generate(page: Page, _nextDialog?: unknown): Promise<string> {
  return nextNotice(page, 'generate-notice', () => page.getByRole('button', { name: 'Generate Website' }).click());
}

/**
 * Clicks Deploy Website for `city`, a city with no local content of its own among the saved
 * cities: the doorway check fails it (issue 23 item 6), so Deploy asks first; answered "Deploy
 * anyway", as an operator who means it would.
 */
export async function deployConfirmingDoorway(page: Page, city: string): Promise<void> {
  await clickDeploy(page, city);
  const ask = page.getByRole('dialog', { name: `Deploy ${city} anyway?` });
  await ask.getByRole('button', { name: 'Deploy anyway' }).click();
  await ask.waitFor({ state: 'hidden' });
}
