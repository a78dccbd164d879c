import { afterEach, describe, expect, it, vi } from 'vitest';
import { configNamingNoFile } from '../../test/helpers/site.js';
import { fileText } from '../model/files.js';
import { memoryAssetSource } from './asset-source.js';
import { buildDay, buildSiteFiles } from './pipeline.js';

// The site pipeline is where the build day comes from (the renderer reads no clock): the caller's
// instant, else SOURCE_DATE_EPOCH, else now, read in the city's time zone.

const config = configNamingNoFile({ specialHours: [{ label: 'Thanksgiving', date: '2026-11-26', closed: true }], contactEndpoint: 'https://clinic.example.com/api/contact' });
const none = memoryAssetSource({}, 'the test folder');

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the build day', () => {
  it('is the caller instant read in the city time zone', () => {
    expect(buildDay({ state: 'FL' }, new Date('2026-11-27T03:00:00Z'))).toEqual({ ok: true, day: '2026-11-26', year: 2026 });
    expect(buildDay({ state: 'FL', timeZone: 'America/Chicago' }, new Date('2026-11-27T05:30:00Z'))).toEqual({ ok: true, day: '2026-11-26', year: 2026 });
  });

  it("gives the footer the build's year, in UTC as SOURCE_DATE_EPOCH is read, and the pages show it", async () => {
    // 8 p.m. on New Year's Eve in Florida is already 2027 in UTC: one instant, one year, whatever the zone.
    expect(buildDay({ state: 'FL' }, new Date('2027-01-01T01:00:00Z'))).toEqual({ ok: true, day: '2026-12-31', year: 2027 });
    vi.stubEnv('SOURCE_DATE_EPOCH', String(Date.parse('2031-03-01T12:00:00Z') / 1000));
    const r = await buildSiteFiles(config, none);
    expect(r.ok && fileText(r.files['about/index.html']!)).toContain('© 2031 Northstar');
  });

  it('is SOURCE_DATE_EPOCH when the caller gives none, and the pages follow it', async () => {
    vi.stubEnv('SOURCE_DATE_EPOCH', String(Date.parse('2026-11-26T15:00:00Z') / 1000));
    const inside = await buildSiteFiles(config, none);
    expect(inside.ok && fileText(inside.files['index.html']!)).toContain('Thanksgiving');
    vi.stubEnv('SOURCE_DATE_EPOCH', String(Date.parse('2026-11-27T15:00:00Z') / 1000));
    const after = await buildSiteFiles(config, none);
    expect(after.ok && fileText(after.files['index.html']!)).not.toContain('Thanksgiving');
    // The caller's instant wins.
    const pinned = await buildSiteFiles(config, none, { buildTime: new Date('2026-11-20T12:00:00Z') });
    expect(pinned.ok && fileText(pinned.files['contact/index.html']!)).toContain('Thanksgiving');
  });

  it('refuses an unreadable SOURCE_DATE_EPOCH, naming it, rather than building as of another day', async () => {
    vi.stubEnv('SOURCE_DATE_EPOCH', 'tomorrow');
    const r = await buildSiteFiles(config, none);
    expect(r).toEqual({ ok: false, errors: [{ field: 'SOURCE_DATE_EPOCH', message: 'expected whole seconds since 1970-01-01 like 1795651200, not "tomorrow"' }] });
  });
});
