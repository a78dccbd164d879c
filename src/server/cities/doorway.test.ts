import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedTestApps, TEST_FILES } from '../../../test/helpers/server-app.js';
import { storedInput } from './yaml.js';
import { samplesDir } from './seed.js';

/**
 * The doorway check in the admin (issue 23 item 6): GET /api/doorway-check gives each saved city its
 * verdict and its score against its closest sibling; a deploy of a failing city is refused unless
 * the request says the operator confirmed, and the trail records the confirmation. Tampa copied as
 * "Clearwater" with only the name, address and phone changed fails; the three samples pass.
 */
const app = storedTestApps();
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;
const sample = (name: string) => ({ name: `${name}.yaml`, text: readFileSync(join(samplesDir(), `${name}.yaml`), 'utf8') });
/** Tampa's file with only the city's name, its address and its phone changed. */
const clearwater = () => ({
  name: 'clearwater.yaml',
  text: sample('tampa')
    .text.replace(/^city: Tampa$/m, 'city: Clearwater')
    .replace(/^address: .*$/m, 'address: 600 Cleveland Street')
    .replace(/^phone: .*$/m, 'phone: (727) 555-0199'),
});

interface CheckLine {
  slug: string;
  city: string;
  verdict: string;
  pass: boolean;
  score: number;
  closest: { slug: string; city: string } | null;
  advice: { field: string; message: string }[];
}

describe('the doorway check in the admin', () => {
  it('passes the three samples, fails Clearwater against Tampa, and refuses its deploy until the operator confirms', async () => {
    const t = app();
    expect((await t.json('POST', '/api/cities/import', { files: ['tampa', 'orlando', 'wesley-chapel'].map(sample) })).status).toBe(200);
    const samples = (await body(await t.request('/api/doorway-check'))) as { cities: CheckLine[]; threshold: number; failCount: number };
    expect(samples).toMatchObject({ success: true, threshold: 0.5, failCount: 0 });
    expect(samples.cities.map((c) => [c.slug, c.verdict, c.pass]).sort()).toEqual([
      ['orlando', 'distinct', true],
      ['tampa', 'distinct', true],
      ['wesley-chapel', 'distinct', true],
    ]);
    for (const c of samples.cities) expect(c.score, c.slug).toBeLessThanOrEqual(0.5);

    expect((await t.json('POST', '/api/cities/import', { files: [clearwater()] })).status).toBe(200);
    const check = (await body(await t.request('/api/doorway-check'))) as { cities: CheckLine[]; failCount: number };
    // The pair fails both ways: all Tampa says of its own, Clearwater says too.
    expect(check.failCount).toBe(2);
    expect(check.cities.find((c) => c.slug === 'tampa')).toMatchObject({ verdict: 'too-alike', pass: false, closest: { slug: 'clearwater' } });
    const line = check.cities.find((c) => c.slug === 'clearwater')!;
    expect(line).toMatchObject({ city: 'Clearwater', verdict: 'too-alike', pass: false, closest: { slug: 'tampa', city: 'Tampa' } });
    expect(line.score).toBeGreaterThan(0.9);
    expect(line.advice.length).toBeGreaterThan(0);
    // Failing cities first.
    expect(check.cities.slice(0, 2).map((c) => c.slug).sort()).toEqual(['clearwater', 'tampa']);

    // Without the confirmation: refused, nothing deployed, and the answer says why and what to write.
    const refused = await t.json('POST', '/api/cities/clearwater/deploy', {});
    expect(refused.status).toBe(409);
    const why = await body(refused);
    expect(why).toMatchObject({
      success: false,
      message: 'Deployment failed',
      error: expect.stringMatching(/^Clearwater reads as a copy of Tampa: \d+% of what its pages say of their own is on Tampa's site too \(more than 50% fails\)/),
      doorway: { slug: 'clearwater', verdict: 'too-alike', closest: { slug: 'tampa', city: 'Tampa' }, threshold: 0.5 },
    });
    expect(await t.store.currentId('clearwater')).toBeUndefined();
    expect((await t.json('POST', '/api/cities/clearwater/deploy', { confirmDoorway: 'yes' })).status).toBe(400);
    expect((await t.json('POST', '/api/cities/clearwater/deploy', { confirmDoorway: false })).status).toBe(409);

    // Confirmed: deployed, and the trail records that it was confirmed, with the score and the sibling.
    const confirmed = await t.json('POST', '/api/cities/clearwater/deploy', { confirmDoorway: true });
    expect(confirmed.status).toBe(200);
    expect(await t.store.currentId('clearwater')).toBe((await body(confirmed)).releaseId);
    const records = (await t.db.audit.page({ action: 'city.deploy' }, 1, 10)).records;
    expect(records.map((r) => [r.outcome, r.object])).toEqual([
      [200, expect.stringMatching(/^\/api\/cities\/clearwater\/deploy doorway=confirmed verdict=too-alike score=(0\.9\d|1\.00) closest=tampa$/)],
      [409, '/api/cities/clearwater/deploy'],
      [400, '/api/cities/clearwater/deploy'],
      [409, '/api/cities/clearwater/deploy'],
    ]);

    // A sample deploys without a word.
    const orlando = await t.json('POST', '/api/cities/orlando/deploy', {});
    expect(orlando.status).toBe(200);
  });

  it('refuses the admin’s deploy of a generated Clearwater site (the spec route with its config) until confirmed', async () => {
    const t = app();
    expect((await t.json('POST', '/api/cities/import', { files: ['tampa', 'orlando', 'wesley-chapel'].map(sample) })).status).toBe(200);
    const config = storedInput({ yaml: clearwater().text });
    const send = (extra: Record<string, unknown> = {}) =>
      t.json('POST', '/api/deploy-website', { city: 'Clearwater', businessName: config.businessName, files: TEST_FILES, deploymentType: 'static', config, ...extra });
    const refused = await send();
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ success: false, error: expect.stringMatching(/^Clearwater reads as a copy of Tampa/), doorway: { verdict: 'too-alike', closest: { slug: 'tampa' } } });
    expect(await t.store.currentId('clearwater')).toBeUndefined();
    const confirmed = await send({ confirmDoorway: true });
    expect(confirmed.status).toBe(200);
    expect(await t.store.currentId('clearwater')).toEqual(expect.any(String));
    const records = (await t.db.audit.page({ action: 'site.deploy' }, 1, 10)).records;
    expect(records.map((r) => [r.outcome, r.object.replace(/ score=\S+/, '')])).toEqual([
      [200, '/api/deploy-website doorway=confirmed verdict=too-alike closest=tampa'],
      [409, '/api/deploy-website'],
    ]);
    // A sample as generated deploys without a word.
    const orlando = storedInput({ yaml: sample('orlando').text });
    expect((await t.json('POST', '/api/deploy-website', { city: 'Orlando', files: TEST_FILES, config: orlando })).status).toBe(200);
  });

  it('answers the same report while nothing is saved, and a new city is in the next one', async () => {
    const t = app();
    expect((await t.json('POST', '/api/cities/import', { files: ['tampa', 'orlando'].map(sample) })).status).toBe(200);
    const first = await body(await t.request('/api/doorway-check'));
    expect(await body(await t.request('/api/doorway-check'))).toEqual(first);
    expect((await t.json('POST', '/api/cities/import', { files: [clearwater()] })).status).toBe(200);
    const after = (await body(await t.request('/api/doorway-check'))) as { cities: CheckLine[] };
    expect(after.cities.map((c) => c.slug)).toContain('clearwater');
  });
});
