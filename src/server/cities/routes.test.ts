import { describe, expect, it } from 'vitest';
import { adminFormConfig, anonymous, basic, numberedMessage, storedTestApp, storedTestApps } from '../../../test/helpers/server-app.js';
import { SCHEMA_LINE } from './yaml.js';

/** Saving cities: versions, unchanged saves, stale saves, the list, delete with and without history. */
const app = storedTestApps();

type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;
const versionRows = (t: ReturnType<typeof storedTestApp>, slug = 'tampa') =>
  t.rows<{ version: number; yaml: string }>('SELECT version, yaml FROM city_versions WHERE slug = ? ORDER BY version', slug);

describe('saving a city', () => {
  it('creates version 1 as the YAML build reads, lists it, and refuses a second city of that slug', async () => {
    const t = app();
    const res = await t.json('POST', '/api/cities', { config: adminFormConfig() });
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ success: true, city: { slug: 'tampa', version: 1, savedAt: expect.any(String) } });
    const rows = versionRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.yaml.split('\n')[0]).toBe(SCHEMA_LINE);
    expect(rows[0]!.yaml).toContain('phone: (813) 555-0101');

    const list = await body(await t.request('/api/cities'));
    expect(list).toEqual({
      success: true,
      // Its ZIP code and phone, for the cities search (issue 39 item 9).
      cities: [{ slug: 'tampa', businessName: 'Northstar Men’s Health', city: 'Tampa', state: 'FL', version: 1, savedAt: expect.any(String), live: false, messages30d: 0, servedHere: false, zipCode: '33602', phone: '(813) 555-0101' }],
    });

    const again = await t.json('POST', '/api/cities', { config: adminFormConfig({ phone: '(813) 555-0199' }) });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ success: false, error: 'A city named tampa is already saved. Open it to change it, or give the new city another city name.' });
    expect(versionRows(t)).toHaveLength(1);
  });

  it('adds a version for a change, none for an unchanged save, and refuses a save based on an old version', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    // Same config, fields in another order and a default spelled out: the same config, no version.
    const same = await t.json('PUT', '/api/cities/tampa', { config: { deploymentType: 'static', ...adminFormConfig() }, baseVersion: 1 });
    expect(await body(same)).toMatchObject({ success: true, slug: 'tampa', version: 1, changed: false });
    expect(versionRows(t)).toHaveLength(1);

    const changed = await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }), baseVersion: 1 });
    expect(changed.status).toBe(200);
    expect(await body(changed)).toMatchObject({ success: true, slug: 'tampa', version: 2, changed: true });

    const stale = await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0188' }), baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await body(stale)).error).toBe('tampa was saved again since it was opened: version 2 is the latest, not 1. Open the city again to see the latest version, then make the change again.');
    expect(versionRows(t).map((r) => r.version)).toEqual([1, 2]);

    const latest = await body(await t.request('/api/cities/tampa'));
    expect(latest).toMatchObject({ success: true, slug: 'tampa', version: 2, config: { phone: '(813) 555-0177', city: 'Tampa' } });
    expect(latest.yaml).toBe(versionRows(t)[1]!.yaml);
    const first = await body(await t.request('/api/cities/tampa/versions/1'));
    expect(first).toMatchObject({ version: 1, config: { phone: '(813) 555-0101' } });
    const versions = await body(await t.request('/api/cities/tampa/versions'));
    expect(versions).toMatchObject({ success: true, versions: [{ version: 2, savedAt: expect.any(String), releases: [] }, { version: 1, savedAt: expect.any(String), releases: [] }] });
  });

  it('names the field at fault and saves nothing for a bad config, another city, or a bad base version', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    const bad = await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ zipCode: '336' }) });
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ success: false, message: 'The city was not saved', errors: { zipCode: 'expected a ZIP code like 33545' } });

    const other = await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ city: 'Orlando' }) });
    expect(other.status).toBe(400);
    const otherBody = await body(other);
    expect(otherBody.error).toBe('city: "Orlando" makes the city orlando, not tampa; to make another city from this one, duplicate it');
    expect(otherBody.errors).toEqual({ city: expect.stringContaining('duplicate it') });

    expect((await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig(), baseVersion: 'one' })).status).toBe(400);
    expect((await t.json('POST', '/api/cities', { config: 'not an object' })).status).toBe(400);
    expect((await t.json('PUT', '/api/cities/orlando', { config: adminFormConfig({ city: 'Orlando' }) })).status).toBe(404);
    const text = await t.request('/api/cities', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ config: adminFormConfig() }) });
    expect(text.status).toBe(415);
    expect(versionRows(t)).toHaveLength(1);
    expect(t.rows('SELECT slug FROM cities')).toEqual([{ slug: 'tampa' }]);
  });

  it('refuses slugs that are not city slugs, reading and writing nothing', async () => {
    const t = app();
    for (const slug of ['Tampa', '..', '%2e%2e', 'a%00b', 'tam%2Fpa', 'x'.repeat(64), '-tampa']) {
      const res = await t.request(`/api/cities/${slug}`);
      expect(res.status, slug).toBeGreaterThanOrEqual(400);
      expect(res.status, slug).toBeLessThan(500);
      const put = await t.json('PUT', `/api/cities/${slug}`, { config: adminFormConfig() });
      expect(put.status, slug).toBeGreaterThanOrEqual(400);
      expect(put.status, slug).toBeLessThan(500);
    }
    expect(await body(await t.request('/api/cities/Tampa'))).toMatchObject({ error: expect.stringMatching(/^not a valid city slug/) });
    expect(t.rows('SELECT slug FROM cities')).toEqual([]);
  });

  it('counts each city’s messages of the last 30 days', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    const message = (daysAgo: number) => ({ ...numberedMessage(daysAgo), receivedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString() });
    await Promise.all([t.db.messages.add(message(1)), t.db.messages.add(message(3)), t.db.messages.add(message(40))]);
    const list = await body(await t.request('/api/cities'));
    expect(list.cities).toEqual([expect.objectContaining({ slug: 'tampa', messages30d: 2 })]);
  });
});

describe('deleting a city', () => {
  it('keeps its versions by default, and a new city of that slug goes on after them', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });
    const res = await t.json('DELETE', '/api/cities/tampa');
    expect(await body(res)).toEqual({ success: true, slug: 'tampa', offline: false, keptUntil: expect.any(String) });
    expect((await body(await t.request('/api/cities'))).cities).toEqual([]);
    expect((await t.request('/api/cities/tampa')).status).toBe(404);
    expect((await t.request('/api/cities/tampa/versions')).status).toBe(404);
    expect(versionRows(t)).toHaveLength(2);
    expect(t.rows('SELECT deleted_at FROM cities WHERE slug = ?', 'tampa')).toEqual([{ deleted_at: expect.any(String) }]);
    expect((await t.json('DELETE', '/api/cities/tampa')).status).toBe(404);

    const back = await t.json('POST', '/api/cities', { config: adminFormConfig() });
    expect(back.status).toBe(201);
    expect(await body(back)).toMatchObject({ city: { slug: 'tampa', version: 3 } });
    expect(t.rows('SELECT deleted_at FROM cities WHERE slug = ?', 'tampa')).toEqual([{ deleted_at: null }]);
  });

  it('forgets its versions with history=delete', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });
    expect(await body(await t.json('DELETE', '/api/cities/tampa?history=delete'))).toEqual({ success: true, slug: 'tampa', offline: false });
    expect(versionRows(t)).toEqual([]);
    expect(t.rows('SELECT slug FROM cities')).toEqual([]);
    expect(await body(await t.json('POST', '/api/cities', { config: adminFormConfig() }))).toMatchObject({ city: { version: 1 } });
  });
});

describe('the sign-in and hostile city names', () => {
  it('answers 401 to every city and redeploy call without a session or token (or with the retired password), and stores nothing', async () => {
    const t = app();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/cities'],
      ['POST', '/api/cities', { config: adminFormConfig() }],
      ['GET', '/api/cities/tampa'],
      ['PUT', '/api/cities/tampa', { config: adminFormConfig() }],
      ['DELETE', '/api/cities/tampa'],
      ['POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: 'city: Tampa\n' }] }],
      ['GET', '/api/cities/tampa/versions'],
      ['GET', '/api/cities/tampa/versions/1'],
      ['GET', '/api/cities/tampa/export'],
      ['POST', '/api/cities/tampa/deploy', {}],
      ['POST', '/api/cities/redeploy-all', {}],
      ['GET', '/api/redeploys/latest'],
      ['GET', '/api/redeploys/some-run'],
    ];
    for (const authorization of [anonymous.Authorization, basic('correct horse battery staple')]) {
      for (const [method, path, sent] of calls) {
        const headers = { Authorization: authorization, ...(sent === undefined ? {} : { 'Content-Type': 'application/json' }) };
        const res = await t.request(path, { method, headers, body: sent === undefined ? undefined : JSON.stringify(sent) });
        expect(res.status, `${method} ${path}`).toBe(401);
        // No Basic challenge: a browser would keep offering a saved password.
        expect(res.headers.get('www-authenticate'), `${method} ${path}`).toBeNull();
      }
    }
    expect(t.rows('SELECT slug FROM cities')).toEqual([]);
    expect(t.rows('SELECT id FROM redeploy_runs')).toEqual([]);
    // The same calls pass the guard with the owner's token: the 401s above were the guard's, not the routes'.
    const withToken = await t.request('/api/cities');
    expect(withToken.status).toBe(200);
  });

  it.each([
    ['a parent folder', '../etc'],
    ['a slash', 'Tam/pa'],
    ['a NUL', 'Tampa\0'],
    ['a parent folder inside', 'Tampa/../../x'],
  ])('refuses a city name with %s with 400 naming the field, storing nothing', async (_what, city) => {
    const t = app();
    const res = await t.json('POST', '/api/cities', { config: adminFormConfig({ city }) });
    expect(res.status).toBe(400);
    const b = await body(res);
    expect(b).toMatchObject({ success: false, message: 'The city was not saved', errors: { city: expect.stringMatching(/^expected a (city name|single line)/) } });
    expect(b.error).toMatch(/^city: /);
    expect(t.rows('SELECT slug FROM cities')).toEqual([]);
    expect(t.rows('SELECT slug FROM city_versions')).toEqual([]);
  });
});
