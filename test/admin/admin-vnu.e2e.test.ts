import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * The admin's views as the browser has built them (the DOM serialized once each view has drawn)
 * pass the Nu Html Checker, as the generated sites' pages do (test/html/vnu.test.ts): the list of
 * cities, a city's editor with every section, a new city, brand settings, deployments, messages,
 * staff and the audit trail.
 */
const VNU = join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');

let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld();
});
afterAll(() => world?.close());

it('finds no errors in any view of the admin', async () => {
  const { page, context } = await openAdmin(world);
  const dir = tempDir('clinic-admin-vnu-');
  const views: [string, string][] = [
    ['', 'Cities'],
    ['#city/tampa', 'Tampa'],
    ['#new', 'New city'],
    ['#brand', 'Brand settings'],
    ['#deployments', 'Deployments'],
    ['#messages', 'Messages'],
    ['#staff', 'Staff'],
    ['#audit', 'Audit trail'],
  ];
  const files: string[] = [];
  for (const [hash, heading] of views) {
    await page.goto(`${world.url}/admin/${hash}`);
    await page.getByRole('heading', { name: heading, level: 2, exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const file = join(dir, `${hash.replace(/\W+/g, '_') || 'list'}.html`);
    writeFileSync(file, `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`);
    files.push(file);
  }
  await context.close();
  const r = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'text', ...files], { encoding: 'utf8', timeout: 120_000 });
  expect(r.error).toBeUndefined();
  expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
  expect(r.status).toBe(0);
}, 120_000);
