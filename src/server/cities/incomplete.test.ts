import { cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminFormConfig, settledRun, storedTestApps } from '../../../test/helpers/server-app.js';
import { ROOT } from '../../../test/helpers/site.js';

/**
 * A city saved before it gives its hours and legal facts (issue 39 item 3, NOTES.md decision 14):
 * kept as written, built nowhere until they are given, named by their labels wherever a build is
 * refused; versions stored by an earlier release still read with the facts they published.
 */
const app = storedTestApps();

type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;
const ALL_MISSING = ['hours', 'legal.governingLaw', 'legal.courts', 'legal.effectiveDate'];
const LABELS = 'Weekly hours, Governing law (state), Courts, Policies effective date';
const incomplete = (overrides: Record<string, unknown> = {}) => ({ ...adminFormConfig(overrides), hours: undefined, legal: undefined });

describe('a city saved without its hours and legal facts', () => {
  it('is kept as written, says what it lacks, and opens without facts another city published', async () => {
    const t = app();
    const created = await t.json('POST', '/api/cities', { config: incomplete() });
    expect(created.status).toBe(201);
    expect(await body(created)).toMatchObject({ success: true, city: { slug: 'tampa', version: 1 }, missing: ALL_MISSING });
    const [row] = t.rows<{ yaml: string; legacy_facts: number }>('SELECT yaml, legacy_facts FROM city_versions WHERE slug = ?', 'tampa');
    expect(row!.legacy_facts).toBe(0);
    expect(row!.yaml).not.toMatch(/hours:|legal:|Pasco|Florida/);
    const opened = (await body(await t.request('/api/cities/tampa'))).config as Body;
    expect(opened.hours).toBeUndefined();
    expect(opened.legal).toBeUndefined();
    expect(opened.phone).toBe('(813) 555-0101');
    // The cities list marks it, with what it lacks.
    const listed = ((await body(await t.request('/api/cities'))).cities as Body[])[0]!;
    expect(listed).toMatchObject({ slug: 'tampa', version: 1, missing: ALL_MISSING });

    // The same again is no new version; given a part, it still says what is left.
    expect(await body(await t.json('PUT', '/api/cities/tampa', { config: incomplete(), baseVersion: 1 }))).toMatchObject({ version: 1, changed: false, missing: ALL_MISSING });
    const part = { ...incomplete(), legal: { courts: 'Hillsborough County' } };
    expect(await body(await t.json('PUT', '/api/cities/tampa', { config: part, baseVersion: 1 }))).toMatchObject({ version: 2, changed: true, missing: ['hours', 'legal.governingLaw', 'legal.effectiveDate'] });
    // Complete: no `missing`.
    const whole = await body(await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig(), baseVersion: 2 }));
    expect(whole).toMatchObject({ version: 3, changed: true });
    expect(whole.missing).toBeUndefined();
    expect(((await body(await t.request('/api/cities'))).cities as Body[])[0]!.missing).toBeUndefined();
  });

  it('is still refused for any other problem, named without the facts it may leave out', async () => {
    const t = app();
    const res = await t.json('POST', '/api/cities', { config: incomplete({ phone: 'call us' }) });
    expect(res.status).toBe(400);
    const errors = (await body(res)).errors as Record<string, string>;
    expect(Object.keys(errors)).toEqual(['phone']);
    expect(t.rows('SELECT slug FROM city_versions')).toEqual([]);
  });

  it('is not deployed: the refusal names what it lacks by the labels, and the live release stays', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    const live = await body(await t.json('POST', '/api/cities/tampa/deploy', {}));
    expect(live).toMatchObject({ success: true, configVersion: 1 });
    await t.json('PUT', '/api/cities/tampa', { config: incomplete({ phone: '(813) 555-0177' }), baseVersion: 1 });

    const refused = await t.json('POST', '/api/cities/tampa/deploy', {});
    expect(refused.status).toBe(400);
    expect((await body(refused)).error).toContain(`Tampa's saved version 2 has no ${LABELS}`);
    expect(await t.store.currentId('tampa')).toBe(live.releaseId);
    const page = await (await t.site('/sites/tampa/')).text();
    expect(page).toContain('(813) 555-0101');
    expect(page).not.toContain('Pasco');

    // Redeploy all says it leaves Tampa as it is, and why; the run does exactly that.
    const plan = (await body(await t.json('POST', '/api/cities/redeploy-all/plan'))).plan as { items: unknown[]; skipped: Body[] };
    expect(plan.items).toEqual([]);
    expect(plan.skipped).toEqual([{ slug: 'tampa', city: 'Tampa', reason: 'incomplete', releaseId: live.releaseId, missing: ALL_MISSING }]);
    const started = await t.json('POST', '/api/cities/redeploy-all', { expect: { tampa: { action: 'incomplete' } } });
    expect(started.status).toBe(202);
    const run = await settledRun(t, ((await body(started)).run as Body).id as string);
    expect(run.items).toEqual([]);
    expect(run.skipped).toEqual(plan.skipped);
    expect(await t.store.currentId('tampa')).toBe(live.releaseId);
    await t.close();
  });

  it('restores an incomplete version as unsaved edits that name what is missing, never saving it again as it was', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: incomplete() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig(), baseVersion: 1 });
    const res = await t.json('POST', '/api/cities/tampa/versions/1/restore', { baseVersion: 2 });
    expect(res.status).toBe(400);
    expect(Object.keys((await body(res)).errors as Body)).toEqual(ALL_MISSING);
    expect(t.rows('SELECT version FROM city_versions WHERE slug = ?', 'tampa')).toHaveLength(2);
  });
});

describe('versions an earlier release stored (release d4b66c2 fixture)', () => {
  it('read with the facts they published, so they build the site they built then; versions saved since read as written', async () => {
    const dataDir = join(tmpdir(), `clinic-test-${randomUUID()}`);
    mkdirSync(dataDir, { recursive: true });
    cpSync(join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2', 'sqlite-data'), dataDir, { recursive: true });
    const t = app({ dataDir });
    expect(t.rows('SELECT slug, legacy_facts FROM city_versions ORDER BY slug')).toEqual([
      { slug: 'orlando', legacy_facts: 1 },
      { slug: 'tampa', legacy_facts: 1 },
      { slug: 'wesley-chapel', legacy_facts: 1 },
    ]);
    // Tampa's version 1 gave no hours and no legal facts: it publishes what it published then.
    const opened = (await body(await t.request('/api/cities/tampa'))).config as { legal: Body };
    expect(opened.legal).toMatchObject({ courts: 'Pasco County' });
    const deployed = await t.json('POST', '/api/cities/tampa/deploy', { confirmDoorway: true });
    expect(deployed.status).toBe(200);
    // The same text saved now is read as written: it lacks its facts, and says so.
    const yaml = t.rows<{ yaml: string }>('SELECT yaml FROM city_versions WHERE slug = ?', 'tampa')[0]!.yaml;
    const again = await body(await t.json('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: yaml }] }));
    expect(JSON.stringify(again)).toMatch(/hours: required/);
    await t.close();
  });
});
