import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * The Audit trail as the owner reads it (issue 37 item 8), in Chromium on a real server: at 1024 px
 * each record is one line (when, who, what in words, the city, the message, how it ended) whose
 * time opens its detail (the full time, who, from where, the action code, the object, the outcome)
 * by mouse or keyboard, with aria-expanded saying which; the City filter finds Tampa by name; axe
 * finds nothing at 1440 and 1024 px, with a record open, nor does the Nu Html Checker. Once a
 * record is changed behind the server's back, the view lists only the records before it and says
 * where the trail breaks, in words (issue 38 item 5). That test runs last: it breaks the trail.
 */
let world: AdminWorld;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${world.url}${path}`, { method, headers: { Authorization: world.owner, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  world = await startAdminWorld();
  // Tampa (one of the samples imported at first start) saved, then deployed: two records naming it.
  const tampa = await api('GET', '/api/cities/tampa');
  expect(tampa.status).toBe(200);
  const saved = await api('PUT', '/api/cities/tampa', { config: { ...tampa.body.config, phone: '(813) 555-0199' }, baseVersion: tampa.body.version });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const deployed = await api('POST', '/api/cities/tampa/deploy', { confirmDoorway: true });
  expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
}, 120_000);
afterAll(() => world?.close());

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const axe = async (page: Page) => {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
};

async function openTrail(width: number) {
  const admin = await openAdmin(world, { width, height: 800 });
  await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit trail' }).click();
  await admin.page.getByRole('heading', { name: 'Audit trail', level: 2 }).waitFor();
  await lines(admin.page).first().waitFor();
  return admin;
}
const lines = (page: Page) => page.getByRole('region', { name: 'Audit records' }).locator('tbody tr[data-record="line"]');
const lineOf = (page: Page, words: string) => lines(page).filter({ has: page.getByRole('cell', { name: words, exact: true }) });
const detailOf = async (page: Page, line: Locator) => page.locator(`#${await line.getByRole('button').getAttribute('aria-controls')}`);

/**
 * How many lines of visible text each cell of a record's line takes, as laid out: the boxes of its
 * text (screen-reader-only text aside) grouped by their tops.
 */
const linesPerCell = (row: Locator) =>
  row.evaluate((tr) =>
    [...tr.children].map((cell) => {
      const tops: number[] = [];
      const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (n.parentElement?.closest('.sr-only') || !n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.push(r.top);
      }
      // Text of one line may sit a pixel or two apart (a chevron, a monospaced run); a second line is a line-height below.
      tops.sort((a, b) => a - b);
      return tops.filter((t, i) => i === 0 || t - tops[i - 1]! > 6).length;
    }),
  );

describe('the Audit trail', () => {
  it('shows each record as one line at 1024 px, in words and names, that opens for its detail by keyboard', async () => {
    const { page, context, errors } = await openTrail(1024);
    try {
      const count = await lines(page).count();
      expect(count).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) {
        const row = lines(page).nth(i);
        // Six cells, none wrapped (an empty one, no message named, takes none); the time always one.
        const perCell = await linesPerCell(row);
        expect(perCell, (await row.textContent()) ?? '').toHaveLength(6);
        expect(perCell[0]).toBe(1);
        expect(Math.max(...perCell), (await row.textContent()) ?? '').toBe(1);
      }
      // Words and names, not codes: the owner's deploy of Tampa reads so.
      const deploy = lineOf(page, 'deployed Tampa');
      expect(await deploy.count()).toBe(1);
      const cells = await deploy.getByRole('cell').allTextContents();
      // Made with the owner's API token: the token is named, as such.
      expect(cells).toEqual([expect.stringMatching(/ \(API token\)$/), 'deployed Tampa', 'Tampa', '', 'Done']);
      expect(await lines(page).filter({ hasText: 'city.deploy' }).count()).toBe(0);

      // The time is the disclosure button: closed, its detail hidden.
      const button = deploy.getByRole('button');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      const detail = await detailOf(page, deploy);
      expect(await detail.isHidden()).toBe(true);
      // Opened from the keyboard: Tab reaches it, Enter opens, Space closes.
      await button.focus();
      await page.keyboard.press('Enter');
      await detail.waitFor({ state: 'visible' });
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const facts = await detail.locator('dt').allTextContents();
      expect(facts).toEqual(['When', 'Who', 'From where', 'Action', 'Object', 'City', 'Outcome']);
      const text = (await detail.textContent()) ?? '';
      expect(text).toContain('127.0.0.1');
      expect(text).toContain('city.deploy');
      expect(text).toContain('/api/cities/tampa/deploy');
      expect(text).toContain('Tampa (tampa)');
      expect(text).toContain('200 · Done');
      expect(await detail.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await page.keyboard.press('Space');
      await detail.waitFor({ state: 'hidden' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('finds Tampa’s records by the City filter, by name', async () => {
    const { page, context } = await openTrail(1024);
    try {
      await page.getByLabel('City', { exact: true }).selectOption({ label: 'Tampa' });
      await page.getByRole('button', { name: 'Show records' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('tr[data-record="line"]')].every((tr) => tr.children[3]?.textContent === 'Tampa'));
      const words = await lines(page).evaluateAll((trs) => trs.map((tr) => tr.children[2]?.textContent));
      expect(words).toEqual(expect.arrayContaining(['saved Tampa', 'deployed Tampa']));
      expect(await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/audit.csv?city=tampa');
    } finally {
      await context.close();
    }
  });

  it.each([1440, 1024])('has no axe-core violations at %i px, with a record open', async (width) => {
    const { page, context } = await openTrail(width);
    try {
      const first = lines(page).first();
      await first.getByRole('button').click();
      await (await detailOf(page, first)).waitFor({ state: 'visible' });
      expect(await axe(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('passes the Nu Html Checker with a record open', async () => {
    const { page, context } = await openTrail(1024);
    try {
      const first = lines(page).first();
      await first.getByRole('button').click();
      await (await detailOf(page, first)).waitFor({ state: 'visible' });
      const file = join(tempDir('clinic-audit-vnu-'), 'audit.html');
      writeFileSync(file, `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`);
      const r = spawnSync('java', ['-jar', join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'text', file], { encoding: 'utf8', timeout: 120_000 });
      expect(r.error).toBeUndefined();
      expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('lists only the records that verify once one is changed, and says where the trail breaks, in words', async () => {
    // Someone with write access to the database changes record 3, the append-only trigger dropped first.
    const db = new Database(join(world.dataDir, 'clinic.db'));
    try {
      db.exec("DROP TRIGGER audit_no_update; UPDATE audit_log SET actor_label = 'someone@example.com' WHERE seq = 3");
    } finally {
      db.close();
    }
    const { page, context } = await openTrail(1024);
    try {
      const notice = page.getByRole('alert').filter({ hasText: 'the audit trail breaks at record 3' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Only records 1 to 2, which verify, are listed.');
      expect(await lines(page).count()).toBe(2);
      expect(await axe(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
