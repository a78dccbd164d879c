import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { adminFormConfig, storedTestApp } from '../../../test/helpers/server-app.js';
import { scheduleTrashPurge } from './trash-routes.js';

/**
 * The trash (issue 39 item 1): a deleted city is kept 30 days with its versions, listed with
 * until when, and brought back with them; older deletions are forgotten.
 */
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

describe('the trash', () => {
  it('keeps a deleted city with its versions, lists it until 30 days on, and brings it back', async () => {
    const t = storedTestApp();
    try {
      await t.json('POST', '/api/cities', { config: adminFormConfig() });
      await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }), baseVersion: 1 });
      const deleted = await body(await t.json('DELETE', '/api/cities/tampa'));
      const keptUntil = deleted.keptUntil as string;
      const trash = await body(await t.request('/api/cities-trash'));
      expect(trash).toEqual({ success: true, cities: [{ slug: 'tampa', city: 'Tampa', state: 'FL', version: 2, deletedAt: expect.any(String), keptUntil, live: false }] });
      const [c] = trash.cities as { deletedAt: string }[];
      expect(Date.parse(keptUntil) - Date.parse(c!.deletedAt)).toBe(30 * 24 * 60 * 60 * 1000);

      const back = await t.json('POST', '/api/cities-trash/tampa/restore');
      expect(back.status).toBe(200);
      expect(await body(back)).toEqual({ success: true, slug: 'tampa', version: 2 });
      expect(await body(await t.request('/api/cities/tampa'))).toMatchObject({ version: 2, config: { phone: '(813) 555-0177' } });
      expect(((await body(await t.request('/api/cities/tampa/versions'))).versions as Body[]).map((v) => v.version)).toEqual([2, 1]);
      expect((await body(await t.request('/api/cities-trash'))).cities).toEqual([]);
      expect((await t.json('POST', '/api/cities-trash/tampa/restore')).status).toBe(404);
      // The delete's record says where the city went and that its site stayed.
      expect(t.rows<{ object: string }>("SELECT object FROM audit_log WHERE action = 'city.delete'")).toEqual([{ object: '/api/cities/tampa trash site=kept' }]);
      const audit = t.rows<{ city: string; outcome: number }>("SELECT city, outcome FROM audit_log WHERE action = 'city.undelete' ORDER BY seq");
      expect(audit).toEqual([
        { city: 'tampa', outcome: 200 },
        { city: 'tampa', outcome: 404 },
      ]);
    } finally {
      await t.close();
    }
  });

  it('forgets a city deleted more than 30 days ago, versions and all', async () => {
    const t = storedTestApp();
    try {
      await t.json('POST', '/api/cities', { config: adminFormConfig() });
      await t.json('DELETE', '/api/cities/tampa');
      // As if deleted 31 days ago.
      const writer = new Database(t.db.location);
      writer.prepare("UPDATE cities SET deleted_at = '2000-01-01T00:00:00.000Z' WHERE slug = 'tampa'").run();
      writer.close();
      expect((await body(await t.request('/api/cities-trash'))).cities).toEqual([]);
      expect(t.rows('SELECT slug FROM city_versions')).toEqual([]);
      expect((await t.json('POST', '/api/cities-trash/tampa/restore')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('forgets old deletions each hour on a running server, though nobody opens the trash, and logs which', async () => {
    const t = storedTestApp();
    const lines: { event: string; fields: Record<string, unknown> }[] = [];
    const logger = { info: (event: string, fields: Record<string, unknown>) => lines.push({ event, fields }), warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof scheduleTrashPurge>[0]['logger'];
    let stop: (() => void) | undefined;
    try {
      await t.json('POST', '/api/cities', { config: adminFormConfig() });
      await t.json('POST', '/api/cities', { config: adminFormConfig({ city: 'Orlando', zipCode: '32801', phone: '(407) 555-0100', email: 'orlando@example.com', website: 'https://orlando.example.com' }) });
      await t.json('DELETE', '/api/cities/tampa');
      await t.json('DELETE', '/api/cities/orlando');
      // Tampa as if deleted 31 days ago; Orlando just now.
      const writer = new Database(t.db.location);
      writer.prepare("UPDATE cities SET deleted_at = '2000-01-01T00:00:00.000Z' WHERE slug = 'tampa'").run();
      writer.close();
      stop = scheduleTrashPurge({ cities: t.db.cities, now: () => new Date(), logger });
      await vi.waitFor(() => expect(lines.map((l) => l.event)).toContain('cities.trash_purged'));
      expect(lines[0]!.fields).toMatchObject({ count: 1, cities: 'tampa', days: 30 });
      expect(t.rows<{ slug: string }>('SELECT DISTINCT slug FROM city_versions').map((r) => r.slug)).toEqual(['orlando']);
    } finally {
      stop?.();
      await t.close();
    }
  });
});

