import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSites } from '../../check/run-check.js';
import { ROOT } from '../../../test/helpers/site.js';
import { bundleFixture } from '../../../test/helpers/bundle-fixture.js';
import { checkOffThread, stopCheckWorkers, type CheckJob } from './check-worker.js';
import { checkText } from './yaml.js';

/**
 * The worker keeps each city's text between checks (issue 39 item 7): the checks one worker makes
 * across saves, a deletion and a city it cannot read give the reports a fresh check makes of the
 * same cities, and a worker stopped is started again by the next check.
 */
let bundle: URL;
let bundled: string;
beforeAll(async () => {
  bundled = await bundleFixture('src/server/cities/check-worker.ts');
  bundle = pathToFileURL(bundled);
});
afterAll(async () => {
  await stopCheckWorkers();
  rmSync(bundled, { force: true });
});

const sample = (name: string) => readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8');
const fresh = (jobs: CheckJob[]) =>
  checkSites(
    jobs.flatMap((j) => {
      const read = checkText(`${j.slug}.yaml`, j.yaml!, { publishedFacts: true });
      return read.ok ? [{ source: j.slug, config: read.config }] : [];
    }),
  );

it('gives a fresh check’s report after each save, deletion and unreadable city, in one worker', async () => {
  const jobs: CheckJob[] = [
    { slug: 'tampa', yaml: sample('tampa') },
    { slug: 'orlando', yaml: sample('orlando') },
    { slug: 'wesley-chapel', yaml: sample('wesley-chapel') },
  ];
  // Timers run while the worker checks: the check is made there, not here.
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const first = await checkOffThread(jobs, bundle, 'test').finally(() => clearInterval(timer));
  expect(ticks).toBeGreaterThan(0);
  expect(first).toEqual(fresh(jobs));
  // Orlando saved with Tampa's own text: the pair fails.
  const tampaWhy = /^  whyCity: >-\n(?:    .*\n)+/m.exec(sample('tampa'))![0];
  jobs[1] = { slug: 'orlando', yaml: sample('orlando').replace(/^  whyCity: >-\n(?:    .*\n)+/m, tampaWhy.replaceAll('Tampa', 'Orlando')) };
  const saved = await checkOffThread(jobs, bundle, 'test');
  expect(saved).toEqual(fresh(jobs));
  expect(saved.cities.find((c) => c.source === 'orlando')!.score).toBeGreaterThan(first.cities.find((c) => c.source === 'orlando')!.score);
  // Wesley Chapel renamed, with a new phone: every city's names are set aside anew.
  jobs[2] = { slug: 'wesley-chapel', yaml: sample('wesley-chapel').replace(/^city: .*$/m, 'city: Lutz').replace(/^phone: .*$/m, 'phone: (813) 555-0177') };
  expect(await checkOffThread(jobs, bundle, 'test')).toEqual(fresh(jobs));
  // Orlando deleted, and a city the schema no longer takes: left out, as a fresh check leaves it.
  const left = [jobs[0]!, jobs[2]!, { slug: 'broken', yaml: 'city: 12\n' }];
  expect(await checkOffThread(left, bundle, 'test')).toEqual(fresh(left));

  await stopCheckWorkers();
  expect(await checkOffThread(jobs, bundle, 'test')).toEqual(fresh(jobs));
});
