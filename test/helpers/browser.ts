import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, launched with the flags this sandbox needs (no network but loopback). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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

/** Collects console errors and page errors of a page, for tests that assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
