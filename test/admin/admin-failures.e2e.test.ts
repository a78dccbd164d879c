import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../helpers/browser.js';
import { clickDeploy, deployConfirmingDoorway, fillCity, generate, nextNotice, openAdmin, openEditor, startAdminWorld, type AdminWorld } from './browser.js';
import { PNG } from '../helpers/server-app.js';

/**
 * Every failure of spec section 8 in the browser, each with its in-page alert (the spec's words, in
 * a live region, never a blocking dialog) or result panel; axe; a phone.
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld();
});
afterAll(() => world?.close());

const MB = 1024 * 1024;

describe('failures the operator sees', () => {
  it('deploy before generate: "Please generate a website first"', async () => {
    const { page, context, dialogs } = await openEditor(world);
    const deploy = page.getByRole('button', { name: 'Deploy Website' });
    expect(await deploy.getAttribute('aria-disabled')).toBe('true');
    // Marked unavailable but still focusable: pressing it from the keyboard says why.
    expect(await nextNotice(page, 'generate-notice', () => deploy.press('Enter'))).toBe('Please generate a website first');
    expect(await page.getByRole('region', { name: 'Generate Website' }).getByRole('alert').textContent()).toBe('Please generate a website first');
    expect(await page.getByTestId('deploy-result').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it.each([
    ['a non-image', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are meeting notes, not a logo') }, 'Failed to upload logo: The file is not a JPG, PNG, GIF or SVG image'],
    ['a 6 MB image', { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(6 * MB)]) }, 'Failed to upload logo: The logo is larger than 5MB'],
  ])('uploading %s: the server message in the alert', async (_, file, expected) => {
    const { page, context, dialogs } = await openEditor(world);
    // The new city's logo is the brand's (shown as its picture, or none): a refused upload leaves it as it was.
    const logo = page.getByRole('region', { name: 'Logo Upload' }).locator('img[alt="Uploaded logo"]');
    const before = (await logo.count()) ? await logo.getAttribute('src') : null;
    // Handing Chromium 6 MB over the DevTools protocol takes seconds when the machine is busy.
    expect(await nextNotice(page, 'logo-notice', () => page.locator('#logo-file').setInputFiles(file, { timeout: 30_000 }))).toBe(expected);
    // In the Logo Upload card, at the logo's own input (the card's second upload has its own notice).
    expect(await page.getByRole('region', { name: 'Logo Upload' }).getByTestId('logo-notice').getByRole('alert').textContent()).toBe(expected);
    expect(dialogs).toEqual([]);
    expect(await page.locator('#logo-file').isDisabled()).toBe(false);
    expect((await logo.count()) ? await logo.getAttribute('src') : null).toBe(before);
    expect(before ?? '').not.toMatch(/^\/uploads\//);
    await context.close();
  });

  it('a network error while uploading: "Failed to upload logo"', async () => {
    const { page, context, errors } = await openEditor(world);
    await page.route('**/api/upload-logo', (route) => route.abort('connectionreset'));
    const upload = () => page.locator('#logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    expect(await nextNotice(page, 'logo-notice', upload)).toBe('Failed to upload logo');
    expect(errors.length).toBeGreaterThan(0); // logged
    await context.close();
  });

  it('generate with an invalid field: "Failed to generate website", the field says why', async () => {
    const { page, context } = await openEditor(world);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    expect(await generate(page)).toBe('Failed to generate website');
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe('expected an email address like hello@example.com');
    expect(await page.getByTestId('generated-panel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Generate Website' }).isDisabled()).toBe(false);
    await context.close();
  });

  it('generate when the network fails: "Error generating website"', async () => {
    const { page, context } = await openEditor(world);
    await page.route('**/api/generate-clinic-website', (route) => route.abort('connectionreset'));
    expect(await generate(page)).toBe('Error generating website');
    await context.close();
  });

  it('a failed generate drops the previous site: no panel, no preview, Deploy unavailable', async () => {
    const { page, context } = await openEditor(world);
    await fillCity(page, 'Lakeland', 'https://lakeland.example.com');
    expect(await generate(page)).toBe('Website generated successfully!');
    const deploy = page.getByRole('button', { name: 'Deploy Website' });
    expect(await deploy.getAttribute('aria-disabled')).toBeNull();
    await page.getByTestId('generated-panel').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    expect(await generate(page)).toBe('Failed to generate website');
    expect(await page.getByTestId('generated-panel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Preview' }).count()).toBe(0);
    expect(await deploy.getAttribute('aria-disabled')).toBe('true');
    // The old Lakeland site can no longer be deployed by mistake.
    expect(await nextNotice(page, 'generate-notice', () => deploy.press('Enter'))).toBe('Please generate a website first');
    expect(await page.getByTestId('deploy-result').count()).toBe(0);
    expect((await page.request.get(`${world.sitesUrl}/sites/lakeland/`)).status()).toBe(404);
    await context.close();
  });

  it('a preview that fails says so where Preview was pressed, with the server\'s reason, and its tab closes again', async () => {
    const { page, context } = await openEditor(world);
    await fillCity(page, 'Brandon', 'https://brandon.example.com');
    expect(await generate(page)).toBe('Website generated successfully!');
    const preview = page.getByTestId('generated-panel').getByRole('button', { name: 'Preview' });
    await page.route('**/api/previews', (route) => route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'The site is larger than a preview may be' }) }));
    const tab = context.waitForEvent('page');
    expect(await nextNotice(page, 'generate-notice', () => preview.click())).toBe('Failed to open the preview: The site is larger than a preview may be');
    const opened = await tab;
    await expect.poll(() => opened.isClosed()).toBe(true);
    await page.unroute('**/api/previews');
    await page.route('**/api/previews', (route) => route.abort('connectionreset'));
    expect(await nextNotice(page, 'generate-notice', () => preview.click())).toBe('Failed to open the preview');
    await context.close();
  });

  it('a deploy the server refuses shows the failure panel with the reason', async () => {
    const { page, context } = await openEditor(world);
    await fillCity(page, 'Lutz', 'https://shared.example.com');
    expect(await generate(page)).toBe('Website generated successfully!');
    await deployConfirmingDoorway(page, 'Lutz');
    const result = page.getByTestId('deploy-result');
    await page.locator('[data-testid="deploy-result"][data-success="true"]').waitFor();
    // A second city claiming the same domain is refused by the server.
    await page.getByLabel('City', { exact: true }).fill('Zephyrhills');
    expect(await generate(page)).toBe('Website generated successfully!');
    await deployConfirmingDoorway(page, 'Zephyrhills');
    await page.locator('[data-testid="deploy-result"][data-success="false"]').waitFor();
    expect(await result.textContent()).toContain('Deployment failed');
    expect(await result.textContent()).toContain('shared.example.com is already the domain of the live site lutz');
    expect(await result.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor));
    await context.close();
  });

  it('deploy when the network fails: "Deployment failed" / "Network error", button busy meanwhile', async () => {
    const { page, context } = await openEditor(world);
    await fillCity(page, 'Dade City', 'https://dade-city.example.com');
    expect(await generate(page)).toBe('Website generated successfully!');
    // The deploy fails only once the busy button was seen, however long a loaded machine takes to draw it.
    let letItFail!: () => void;
    const held = new Promise<void>((r) => (letItFail = r));
    await page.route('**/api/deploy-website', async (route) => {
      await held;
      await route.abort('connectionreset');
    });
    await clickDeploy(page, 'Dade City');
    const busy = page.getByRole('button', { name: 'Deploying...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    letItFail();
    await page.locator('[data-testid="deploy-result"][data-success="false"]').waitFor();
    const text = await page.getByTestId('deploy-result').textContent();
    expect(text).toContain('Deployment failed');
    expect(text).toContain('Network error');
    await context.close();
  });
});

describe('releases', () => {
  it('Roll back puts an earlier release back online, and Roll forward a later one again (issue 23: never "Rollback" to a newer one)', async () => {
    const { page, context, dialogs } = await openEditor(world);
    await fillCity(page, 'Odessa', 'https://odessa.example.com');
    const deploy = async (description: string) => {
      await page.getByLabel('Description', { exact: true }).fill(description);
      expect(await generate(page)).toBe('Website generated successfully!');
      await deployConfirmingDoorway(page, 'Odessa');
      await page.locator('[data-testid="deploy-result"][data-success="true"]').waitFor();
    };
    await deploy('First release of the Odessa clinic site.');
    await deploy('Second release of the Odessa clinic site.');
    const live = async () => (await page.request.get(`${world.sitesUrl}/sites/odessa/`)).text();
    expect(await live()).toContain('Second release');
    const site = page.locator('[data-site="odessa"]');
    // By the city's name, not its slug.
    expect(await site.getByRole('heading', { level: 3 }).textContent()).toBe('Odessa');
    const releases = site.getByRole('list', { name: 'Releases of Odessa' }).getByRole('listitem');
    await expect.poll(() => releases.count()).toBe(2);
    // Deployed from the form, not from a saved version: the list says so; only the older one offers Roll back.
    // Each says who deployed it (issue 39 item 5).
    expect(await releases.allTextContents()).toEqual([
      expect.stringMatching(/not from a saved version\s*Deployed by \S+@\S+\s*Live$/),
      expect.stringMatching(/not from a saved version\s*Deployed by \S+@\S+\s*Roll back Odessa/),
    ]);
    expect(await releases.nth(0).getByRole('button').count()).toBe(0);
    await releases.nth(1).getByRole('button', { name: /^Roll back Odessa to / }).click();
    // Asked first (issue 39 item 5): which release goes live, and that Redeploy all will skip the city.
    await page.getByRole('dialog', { name: 'Roll Odessa back?' }).getByRole('button', { name: 'Roll back Odessa' }).click();
    await expect.poll(live).toContain('First release');
    // The list reloads after the rollback: until then the newer release still reads live.
    await expect.poll(() => releases.nth(1).getAttribute('data-live')).toBe('true');
    // And forward again: the newer release was kept, and its control says where it goes.
    expect(await releases.nth(0).getByRole('button').textContent()).toMatch(/^Roll forward Odessa to /);
    expect(await site.getByText(/Rollback/).count()).toBe(0);
    await releases.nth(0).getByRole('button', { name: /^Roll forward Odessa to / }).click();
    await page.getByRole('dialog', { name: 'Roll Odessa forward?' }).getByRole('button', { name: 'Roll forward Odessa' }).click();
    await expect.poll(live).toContain('Second release');
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe('the admin page itself', () => {
  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
  const axe = async (page: Page) => {
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.passes.length).toBeGreaterThan(10);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  };
  const VIEWPORTS = [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const;

  it.each(VIEWPORTS)('the list of cities has no axe-core violations on a %s and fits its width', async (_, viewport) => {
    const { page, context } = await openAdmin(world, viewport);
    // The sample cities, imported on the first start of the data folder.
    await page.getByRole('table', { name: 'Cities' }).getByRole('rowheader', { name: 'Tampa', exact: true }).waitFor();
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });

  it.each(VIEWPORTS)('the open delete dialog has no axe-core violations on a %s; focus moves in, Escape closes, focus returns', async (_, viewport) => {
    const { page, context } = await openAdmin(world, viewport);
    const opener = page.getByRole('button', { name: 'Delete Orlando' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Orlando?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: /^Delete it for good now, with its saved versions/ }).isChecked()).toBe(false);
    expect(await page.evaluate(() => (document.activeElement?.closest('dialog') ? document.activeElement.textContent : 'outside the dialog'))).toBe('Cancel');
    expect(await axe(page)).toEqual([]);
    // Tab moves within the modal dialog and never to the page behind it (inert); past the last
    // control it may leave for the browser's own toolbar (the body is then the active element).
    const visited = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => (document.activeElement === document.body ? 'browser' : document.activeElement?.closest('dialog') ? (document.activeElement.textContent || document.activeElement.getAttribute('type')) : `page: ${document.activeElement?.textContent}`));
      visited.add(where ?? '');
    }
    expect([...visited].filter((w) => w.startsWith('page:'))).toEqual([]);
    expect(visited).toContain('Delete Orlando');
    expect(visited).toContain('checkbox');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing was deleted.
    expect(await page.getByRole('rowheader', { name: 'Orlando', exact: true }).count()).toBe(1);
    await context.close();
  });

  it.each(VIEWPORTS)('a city editor has no axe-core violations on a %s', async (_, viewport) => {
    const { page, context } = await openAdmin(world, viewport);
    await page.getByRole('button', { name: 'Open Tampa' }).click();
    await page.getByRole('heading', { name: 'Tampa', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Live Deployments' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });

  it.each(VIEWPORTS)('has no axe-core violations on a %s with its notices and result panels shown', async (name, viewport) => {
    const { page, context } = await openEditor(world, viewport);
    await fillCity(page, `Brandon ${name}`, `https://brandon-${name}.example.com`);
    expect(await generate(page)).toBe('Website generated successfully!');
    await deployConfirmingDoorway(page, `Brandon ${name}`);
    await page.locator('[data-testid="deploy-result"][data-success="true"]').waitFor();
    const bad = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') };
    expect(await nextNotice(page, 'logo-notice', () => page.locator('#logo-file').setInputFiles(bad))).toMatch(/^Failed to upload logo: /);
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });

  it('fits a 375 px phone without sideways scrolling, with tap-size buttons', async () => {
    const { page, context } = await openEditor(world, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const small = await page.locator('main button').evaluateAll((els) => els.filter((b) => b.checkVisibility() && b.getBoundingClientRect().height < 36).map((b) => b.textContent));
    expect(small).toEqual([]);
    await context.close();
  });

  it('serves the bundle and stylesheet content-hashed with a long private cache', async () => {
    const { page, context } = await openAdmin(world);
    const urls = await page.evaluate(() => [...document.querySelectorAll('script[src], link[rel=stylesheet]')].map((e) => (e as HTMLScriptElement).src || (e as HTMLLinkElement).href));
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toMatch(/\/admin\/assets\/admin\.[0-9a-f]{10}\.(js|css)$/);
      expect((await page.request.get(url)).headers()['cache-control']).toBe('private, max-age=31536000, immutable');
    }
    expect((await page.request.get(`${world.url}/admin`)).headers()['cache-control']).toBe('no-store');
    await context.close();
  });
});
