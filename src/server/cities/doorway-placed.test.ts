import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { brandIdentity } from '../../brand-site/identity.js';
import { placementOf } from '../../brand-site/site.js';
import { localText } from '../../check/local-text.js';
import { configValues, normaliser } from '../../check/page-text.js';
import { ROOT, sampleConfig } from '../../../test/helpers/site.js';
import { createDoorwayCheck } from './doorway-check.js';
import type { CheckJob } from './check-worker.js';
import type { CityVersion } from './types.js';

// The jobs the check is given, as the worker thread would be.
const seen = vi.hoisted(() => [] as CheckJob[][]);
vi.mock('./check-worker.js', async (original) => {
  const m = await original<typeof import('./check-worker.js')>();
  return { ...m, checkOffThread: (jobs: readonly CheckJob[], url?: URL) => (seen.push([...jobs]), m.checkOffThread(jobs, url)) };
});

// The brand deploy's doorway check (server/brand-site/service.ts) gives each listed city's
// placement: each is read by the pages the brand site publishes for it (issue 36 item 8).

const names = ['tampa', 'orlando'] as const;
const configs = names.map((n) => sampleConfig(n));
const versions = names.map((n, i): CityVersion => ({
  slug: n,
  version: 1,
  yaml: readFileSync(join(ROOT, 'configs', `${n}.yaml`), 'utf8'),
  digest: `d-${n}`,
  businessName: configs[i]!.businessName,
  city: configs[i]!.city,
  state: configs[i]!.state,
  savedAt: '2026-01-01T00:00:00.000Z',
}));
const brand = { businessName: "Northstar Men's Health", domainName: 'northstarhealth.example.com' };
const placements = new Map(names.map((n, i) => [n as string, placementOf(brand, { config: configs[i]!, state: 'FL', stateName: 'Florida' }, brandIdentity(brand, {}))]));

describe("the brand deploy's doorway check", () => {
  it('reads each listed city as placed on the brand site, and a stand-alone check as before', async () => {
    const list = async () => versions;
    const placed = await createDoorwayCheck({ list }, { placementOf: (slug) => placements.get(slug) }).report();
    expect(new Map(seen.at(-1)!.map((j) => [j.slug, j.placement]))).toEqual(placements);
    const alone = await createDoorwayCheck({ list }).report();
    expect(seen.at(-1)!.every((j) => j.placement === undefined)).toBe(true);
    const words = normaliser(configs.map(configValues));
    for (const [i, n] of names.entries()) {
      const own = (p?: Parameters<typeof localText>[3]) => localText(configs[i]!, words, undefined, p).local.length;
      expect(placed.report.cities.find((c) => c.source === n)!.localWords).toBe(own(placements.get(n)));
      expect(alone.report.cities.find((c) => c.source === n)!.localWords).toBe(own());
    }
  }, 60_000);
});
