import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { packageRoot } from '../../src/config/package-root.js';
import { startDev } from '../../src/dev/start-dev.js';

/** The budget for save-to-reload in `clinic-gen dev`. */
export const RELOAD_BUDGET_MS = 200;

/**
 * Saves `configPath` `runs` times with a new brand name and measures, for each save, the time from
 * the write to the first paint of the reloaded page that shows it (the browser's own clock for the
 * paint, the same wall clock as ours). Saves alternate between writing in place and writing a
 * temporary file renamed over the config, as editors do.
 */
export async function measureSaveToReload(page: Page, configPath: string, runs: number): Promise<number[]> {
  const base = readFileSync(configPath, 'utf8');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const marker = `Reload ${i} ${Math.random().toString(36).slice(2, 7)}`;
    const text = base.replace(/^businessName: .*$/m, `businessName: ${marker}`);
    const started = performance.timeOrigin + performance.now();
    if (i % 2 === 0) writeFileSync(configPath, text);
    else {
      writeFileSync(`${configPath}.tmp`, text);
      renameSync(`${configPath}.tmp`, configPath);
    }
    await page.getByText(marker).first().waitFor({ timeout: 5000 });
    // The text can be laid out before it is painted: wait for the paint itself.
    const painted = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          const at = (t: number) => done(performance.timeOrigin + t);
          const seen = performance.getEntriesByName('first-contentful-paint')[0];
          if (seen) return at(seen.startTime);
          new PerformanceObserver((list) => {
            const fcp = list.getEntriesByName('first-contentful-paint')[0];
            if (fcp) at(fcp.startTime);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => at(performance.now()), 2000);
        }),
    );
    times.push(painted - started);
    // Let the dev server's look-again timer pass, so each save is measured on its own.
    await new Promise((r) => setTimeout(r, 120));
  }
  writeFileSync(configPath, base);
  return times;
}

/** The median of a list of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * `npm run bench`: starts dev on a temporary copy of configs/tampa.yaml, opens it in Chromium
 * (CHROME_PATH or /usr/bin/chromium) and measures save-to-reload `runs` times.
 */
export async function benchDevReload(opts: { runs?: number } = {}): Promise<{ medianMs: number; maxMs: number; runsMs: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-gen-dev-bench-'));
  const config = join(dir, 'tampa.yaml');
  copyFileSync(join(packageRoot(), 'configs/tampa.yaml'), config);
  const dev = await startDev({ configPath: config, port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${dev.url}/`);
    // The first save also warms up both sides; it is not counted.
    await measureSaveToReload(page, config, 1);
    const runsMs = await measureSaveToReload(page, config, opts.runs ?? 20);
    return { medianMs: median(runsMs), maxMs: Math.max(...runsMs), runsMs };
  } finally {
    await browser.close();
    await dev.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
