import { describe, expect, it } from 'vitest';
import { adminFormConfig, adminTestApp, validMessage } from '../../../test/helpers/server-app.js';
import { savedSites } from './site-feed.js';
import type { CityVersion } from './types.js';

/**
 * A saved city's addresses may post contact messages for it, deployed or not (decision 010): the
 * contact API's site directory reads the saved cities and reads them again after a save or delete.
 */
const STATIC = 'https://tampa-static.example.net';

describe('the saved cities the contact API knows', () => {
  it('knows a saved city at once: its posts are filed under it and its website is registered; once deleted, unknown', async () => {
    const t = adminTestApp({ rateLimit: 0 });
    const contact = () =>
      t.request('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: STATIC },
        body: JSON.stringify({ ...validMessage(), site: 'tampa', page: 'contact/' }),
      });
    // Unknown, and the directory has read the (empty) list: without the save telling it, it would
    // not read again for a second, and the next post would be unknown too.
    expect((await contact()).status).toBe(201);
    expect((await t.json('POST', '/api/cities', { config: adminFormConfig({ website: STATIC }) })).status).toBe(201);
    expect((await contact()).status).toBe(201);
    expect((await t.request('/api/cities/tampa', { method: 'DELETE' })).status).toBe(200);
    expect((await contact()).status).toBe(201);
    const listed = (await (await t.request('/api/messages')).json()) as { messages: { site: string; city: string; origin: string; registered: boolean }[] };
    expect(listed.messages.map((m) => [m.site, m.city, m.registered])).toEqual([
      ['tampa', '', false],
      ['tampa', 'Tampa', true],
      ['tampa', '', false],
    ]);
  });

  it('reads each version’s text once, and gives no config for one today’s schema refuses', async () => {
    const version = (slug: string, yaml: string, digest: string): CityVersion => ({ slug, version: 1, yaml, digest, businessName: 'N', city: slug, state: 'FL', savedAt: '' });
    const good = version('tampa', 'businessName: N\ncity: Tampa\nstate: FL\naddress: 1 Bay Street\nzipCode: "33602"\nphone: (813) 555-0101\nemail: t@example.com\nwebsite: https://t.example.net\nhours: [{days: [Monday], opens: "09:00", closes: "17:00"}]\nlegal: {governingLaw: Florida, courts: Hillsborough County, effectiveDate: "2025-06-01"}\n', 'd1');
    let list = [good, version('ocala', 'city: Ocala\n', 'd2')];
    const feed = savedSites({ list: async () => list });
    const first = await feed();
    expect(first.map((s) => [s.slug, s.config?.website])).toEqual([
      ['tampa', 'https://t.example.net'],
      ['ocala', undefined],
    ]);
    // Same digest: the parsed config is reused, not read again from a text that says otherwise.
    list = [{ ...good, yaml: 'not read' }];
    expect((await feed())[0]!.config).toBe(first[0]!.config);
  });

  it('takes the config a save checked for that version, and does not read its text again', async () => {
    const version: CityVersion = { slug: 'tampa', version: 2, yaml: 'not read', digest: 'd9', businessName: 'N', city: 'Tampa', state: 'FL', savedAt: '' };
    const feed = savedSites({ list: async () => [version] });
    const config = { website: 'https://told.example.net' } as Parameters<typeof feed.know>[0]['config'];
    feed.know({ slug: 'tampa', digest: 'd9', config });
    expect((await feed())[0]!.config).toBe(config);
  });
});

