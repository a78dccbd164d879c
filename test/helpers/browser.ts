import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium, launched with the flags this sandbox needs (no network but loopback).
 * `scrollbars`: a desktop's scrollbars, which take room, in place of headless Chromium's hidden ones.
 */
export function launchBrowser({ scrollbars = false }: { scrollbars?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Viewport {
  width: number;
  height: number;
}
export const PHONE: Viewport = { width: 375, height: 667 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

/** WCAG 2.2 AA and axe-core's best practices: what the sites' pages are checked against. */
export const SITE_AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core on the page as it is now: each violation as `rule: its first three targets` (what a
 * test asserts empty, readable when it is not), and how many rules passed (a check that ran).
 */
export async function axeAudit(page: Page, tags: readonly string[] = SITE_AXE_TAGS): Promise<{ violations: string[]; passes: number }> {
  const result = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return {
    violations: result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    passes: result.passes.length,
  };
}

/** Collects console errors and page errors of a page, for tests that assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
