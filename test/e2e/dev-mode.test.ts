import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, DESKTOP, launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');

/** `clinic-gen dev` (the built CLI) in Chromium, edited as a user would. */
describe('clinic-gen dev in Chromium', () => {
  const config = join(tempDir(), 'tampa.yaml');
  let dev: ChildProcess;
  let url: string;
  let terminal = '';
  let browser: Browser;

  beforeAll(async () => {
    writeFileSync(config, tampa);
    dev = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'dev', '--config', config, '--port', '0'], { env: { ...process.env, CI: '1' } });
    dev.stderr!.on('data', (d: Buffer) => void (terminal += String(d)));
    url = await new Promise<string>((ok, fail) => {
      let out = '';
      dev.stdout!.on('data', (d: Buffer) => {
        out += String(d);
        const m = / at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) ok(m[1]!);
      });
      dev.on('exit', (code) => fail(new Error(`clinic-gen dev exited (${code}): ${terminal}`)));
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    dev?.kill('SIGTERM');
  });
  // Every open tab reloads on every save: a tab left open by a failed test would slow the others.
  const pages: Page[] = [];
  afterEach(async () => {
    for (const p of pages.splice(0)) await p.close();
  });

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: DESKTOP });
    pages.push(page);
    const errors = collectErrors(page);
    await page.goto(url + path);
    return { page, errors };
  }

  it('shows a saved change in the open page without a manual reload', async () => {
    const { page, errors } = await open('/about/');
    await page.getByRole('heading', { name: 'Why Tampa' }).waitFor();
    writeFileSync(config, tampa.replace('city: Tampa', 'city: Temple Terrace'));
    await page.getByRole('heading', { name: 'Why Temple Terrace' }).waitFor({ timeout: 5000 });
    expect(page.url()).toBe(`${url}/about/`);
    expect(errors).toEqual([]);
  });

  it('shows a broken save in an accessible overlay over the last good page, and clears it on the next good save', async () => {
    writeFileSync(config, tampa);
    const { page } = await open('/');
    await page.getByRole('heading', { name: 'Revitalize Your Health in Tampa' }).waitFor();
    writeFileSync(config, tampa.replace('city: Tampa', 'city: [Tampa').replace(/^zipCode: .*$/m, 'zipCode: "3360"'));
    const dialog = page.getByRole('alertdialog', { name: 'The clinic config has errors' });
    await dialog.waitFor({ timeout: 5000 });
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/tampa\.yaml:\d+:\d+ yaml: /)]);
    // Focus moves into the dialog, so a screen reader reads it and Escape reaches it.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-clinic-gen-overlay'))).toBe(true);
    // The last good build stays up underneath.
    expect(await page.getByRole('heading', { name: 'Revitalize Your Health in Tampa' }).count()).toBe(1);
    expect(terminal).toMatch(/still serving the last good build:\n.*tampa\.yaml:\d+:\d+ yaml: /);

    // Another mistake: the overlay lists each `file:line:col field: expected ...` line.
    writeFileSync(config, tampa.replace(/^zipCode: .*$/m, 'zipCode: "3360"').replace(/^phone: .*$/m, 'phone: call us'));
    await dialog.getByText(/zipCode: expected a ZIP code/).waitFor({ timeout: 5000 });
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/tampa\.yaml:7:10 zipCode: expected a ZIP code like 33545$/),
      expect.stringMatching(/tampa\.yaml:8:8 phone: expected a phone number like \(813\) 555-0142$/),
    ]);

    writeFileSync(config, tampa.replace('city: Tampa', 'city: Brandon'));
    await page.getByRole('heading', { name: 'Revitalize Your Health in Brandon' }).waitFor({ timeout: 5000 });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('closes the overlay with Dismiss or Escape, and shows it again on a new error', async () => {
    writeFileSync(config, tampa);
    const { page } = await open('/contact/');
    writeFileSync(config, tampa.replace('email: tampa@example.com', 'email: tampa'));
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    expect(await dialog.count()).toBe(0);
    // A page opened while the config is broken shows the errors at once.
    const other = await open('/about/');
    await other.page.getByRole('alertdialog').waitFor({ timeout: 5000 });
    await other.page.keyboard.press('Escape');
    expect(await other.page.getByRole('alertdialog').count()).toBe(0);
    writeFileSync(config, tampa);
  });
});
