import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSites } from '../../check/run-check.js';
import { ROOT } from '../../../test/helpers/site.js';
import { checkOffThread, type CheckJob } from './check-worker.js';
import { checkText } from './yaml.js';

/**
 * The admin's doorway check on a worker thread (check-worker.ts), loaded from a bundle of the
 * module as the built server loads it: the same report as the check made here, the event loop free
 * meanwhile, and the check made here when the worker cannot start.
 */
const dir = join(ROOT, 'node_modules/.cache/clinic-gen-test', `check-worker-${process.pid}`);
let bundle: URL;
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'check-worker.mjs');
  // Packages stay in node_modules (found from here), as in lib/.
  await build({ entryPoints: [join(import.meta.dirname, 'check-worker.ts')], outfile: out, bundle: true, platform: 'node', format: 'esm', packages: 'external', jsx: 'automatic', logLevel: 'warning' });
  bundle = pathToFileURL(out);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sample = (name: string) => readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8');
// Tampa copied as Clearwater, only the city, address and phone changed: the case the check exists for.
const clearwater = sample('tampa')
  .replace(/^city: .*$/m, 'city: Clearwater')
  .replace(/^address: .*$/m, 'address: 600 Cleveland Street')
  .replace(/^phone: .*$/m, 'phone: "(727) 555-0180"')
  .replace(/^domainName: .*$/m, 'domainName: clearwater.example.com');
const jobs: CheckJob[] = [
  { slug: 'tampa', yaml: sample('tampa') },
  { slug: 'orlando', yaml: sample('orlando') },
  { slug: 'wesley-chapel', yaml: sample('wesley-chapel') },
  { slug: 'clearwater', yaml: clearwater },
];
const hereReport = () => {
  const inputs = jobs.map((j) => {
    const read = checkText(`${j.slug}.yaml`, j.yaml!);
    if (!read.ok) throw new Error(`${j.slug}: ${JSON.stringify(read)}`);
    return { source: j.slug, config: read.config };
  });
  return checkSites(inputs);
};

it('gives the report the check makes here, with the event loop free while the worker works', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    const report = await checkOffThread(jobs, bundle);
    expect(report).toEqual(hereReport());
    expect(report.cities.find((c) => c.source === 'clearwater')).toMatchObject({ pass: false, verdict: 'too-alike', closest: { source: 'tampa' } });
    expect(report.cities.filter((c) => ['tampa', 'orlando', 'wesley-chapel'].includes(c.source) && c.source !== 'tampa').every((c) => c.pass)).toBe(true);
    // Timers ran while the worker checked: made here, the check would have held the loop throughout.
    expect(ticks).toBeGreaterThan(0);
  } finally {
    clearInterval(timer);
  }
});

it('makes the check here when the worker cannot start', async () => {
  const broken = join(dir, 'broken.mjs');
  writeFileSync(broken, "throw new Error('a worker that cannot start');\n");
  expect(await checkOffThread(jobs, pathToFileURL(broken))).toEqual(hereReport());
});
