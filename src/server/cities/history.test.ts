import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { adminFormConfig, storedTestApps } from '../../../test/helpers/server-app.js';
import { configChanges } from '../../config/config-diff.js';

/**
 * A city's history (issue 39 item 1): each version says when, who and what changed in words;
 * any two compare; Restore makes an earlier version the newest (nothing rewritten), recorded in
 * the audit trail under the city.
 */
const app = storedTestApps();
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

describe('a city’s history', () => {
  // The test app acts with the owner's API token: a person signed in is named by their email.
  it('lists each version with who saved it and what changed from the one before', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199' }), baseVersion: 1 });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199', zipCode: '33606' }), baseVersion: 2 });
    const h = await body(await t.request('/api/cities/tampa/versions'));
    expect(h).toEqual({
      success: true,
      slug: 'tampa',
      versions: [
        { version: 3, savedAt: expect.any(String), savedBy: 'token tests', changes: [{ path: 'zipCode', before: '33602', after: '33606' }], releases: [] },
        { version: 2, savedAt: expect.any(String), savedBy: 'token tests', changes: [{ path: 'phone', before: '(813) 555-0101', after: '(813) 555-0199' }], releases: [] },
        { version: 1, savedAt: expect.any(String), savedBy: 'token tests', changes: [], releases: [] },
      ],
    });
  });

  it('compares any two versions', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199' }), baseVersion: 1 });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199', zipCode: '33606' }), baseVersion: 2 });
    const c = await body(await t.request('/api/cities/tampa/compare?from=1&to=3'));
    expect(c).toEqual({
      success: true,
      slug: 'tampa',
      from: 1,
      to: 3,
      changes: expect.arrayContaining([
        { path: 'phone', before: '(813) 555-0101', after: '(813) 555-0199' },
        { path: 'zipCode', before: '33602', after: '33606' },
      ]),
    });
    expect(c.changes).toHaveLength(2);
    expect((await t.request('/api/cities/tampa/compare?from=9&to=1')).status).toBe(404);
    expect((await t.request('/api/cities/tampa/compare?to=1')).status).toBe(400);
  });

  it('restores an earlier version as the newest, refuses a stale base, and records it under the city', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199' }), baseVersion: 1 });
    const stale = await t.json('POST', '/api/cities/tampa/versions/1/restore', { baseVersion: 1 });
    expect(stale.status).toBe(409);
    const r = await t.json('POST', '/api/cities/tampa/versions/1/restore', { baseVersion: 2 });
    expect(r.status).toBe(200);
    expect(await body(r)).toMatchObject({ success: true, slug: 'tampa', version: 3, changed: true, restoredFrom: 1 });
    expect(await body(await t.request('/api/cities/tampa'))).toMatchObject({ version: 3, config: { phone: '(813) 555-0101' } });
    // Nothing rewritten: versions 1 and 2 as they were.
    expect(t.rows<{ version: number; restored_from: number | null }>('SELECT version, restored_from FROM city_versions WHERE slug = ? ORDER BY version', 'tampa')).toEqual([
      { version: 1, restored_from: null },
      { version: 2, restored_from: null },
      { version: 3, restored_from: 1 },
    ]);
    const h = await body(await t.request('/api/cities/tampa/versions'));
    expect((h.versions as Body[])[0]).toMatchObject({ version: 3, restoredFrom: 1, changes: [{ path: 'phone', before: '(813) 555-0199', after: '(813) 555-0101' }] });
    // The refused one and the one done, each under the city.
    const audit = t.rows<{ city: string; object: string; outcome: number }>("SELECT city, object, outcome FROM audit_log WHERE action = 'city.restore' ORDER BY seq");
    expect(audit).toEqual([
      { city: 'tampa', object: '/api/cities/tampa/versions/1/restore', outcome: 409 },
      { city: 'tampa', object: '/api/cities/tampa/versions/1/restore version=3 restored=1', outcome: 200 },
    ]);
    expect((await t.json('POST', '/api/cities/tampa/versions/7/restore', { baseVersion: 3 })).status).toBe(404);
    expect((await t.json('POST', '/api/cities/tampa/versions/1/restore', {})).status).toBe(400);
  });
});

describe('configChanges', () => {
  it('names each field that differs, lists joined, objects of a list by index, a field dropped with an empty after', () => {
    expect(
      configChanges(
        { phone: '1', services: ['trt', 'nad'], hours: [{ day: 'Mon', open: '9' }], legal: { courts: 'Polk County' } },
        { phone: '2', services: ['trt'], hours: [{ day: 'Mon', open: '10' }], legal: {} },
      ),
    ).toEqual([
      { path: 'phone', before: '1', after: '2' },
      { path: 'services', before: 'trt, nad', after: 'trt' },
      { path: 'hours[0].open', before: '9', after: '10' },
      { path: 'legal.courts', before: 'Polk County', after: '' },
    ]);
    expect(configChanges({ a: 'x' }, { a: 'x' })).toEqual([]);
  });

  it('refuses to restore a version saved before the legal facts were required, naming each, and reads it back as written (issue 39 item 3)', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    // Version 1 as a release before NOTES.md decision 14 stored it: no legal block.
    const writer = new Database(t.db.location);
    try {
      const { yaml } = writer.prepare("SELECT yaml FROM city_versions WHERE slug = 'tampa' AND version = 1").get() as { yaml: string };
      // Stored before SQLite migration 18: read with the facts it published (legacy_facts).
      writer.prepare("UPDATE city_versions SET yaml = ?, legacy_facts = 1 WHERE slug = 'tampa' AND version = 1").run(yaml.replace(/^legal:\n(?: .*\n)+/m, ''));
    } finally {
      writer.close();
    }
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199' }), baseVersion: 1 });
    const r = await t.json('POST', '/api/cities/tampa/versions/1/restore', { baseVersion: 2 });
    expect(r.status).toBe(400);
    expect(Object.keys((await body(r)).errors as Body).sort()).toEqual(['legal.courts', 'legal.effectiveDate', 'legal.governingLaw']);
    expect(t.rows<{ version: number }>("SELECT version FROM city_versions WHERE slug = 'tampa' ORDER BY version").map((v) => v.version)).toEqual([1, 2]);
    // As it builds (with the facts it published then), and as it was written (without them).
    const v = await body(await t.request('/api/cities/tampa/versions/1'));
    expect((v.config as { legal: Body }).legal).toEqual({ governingLaw: 'Florida', courts: 'Pasco County', effectiveDate: '2024-01-01' });
    expect(v.written).not.toHaveProperty('legal');
    expect((v.written as Body).phone).toBe('(813) 555-0101');
  });
});
