import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migratedDatabase } from '../helpers/pg.js';
import { adminFormConfig } from '../helpers/server-app.js';
import { createAuditTrail, type AuditStore } from '../../src/server/audit/index.js';
import { createPgAuditStore } from '../../src/server/audit/pg-store.js';
import { createSqliteAuditStore } from '../../src/server/audit/sqlite-store.js';
import { versionDeployer } from '../../src/server/cities/deploy-version.js';
import { createPgCityStore } from '../../src/server/cities/pg-store.js';
import { prepareConfig } from '../../src/server/cities/save.js';
import { samplesDir } from '../../src/server/cities/seed.js';
import { redeployForSpecialHours, type SpecialHoursRedeployDeps } from '../../src/server/cities/special-hours-redeploy.js';
import { createSqliteCityStore } from '../../src/server/cities/sqlite-store.js';
import type { CityStore } from '../../src/server/cities/types.js';
import { openChangeFeed } from '../../src/server/pg/notify.js';
import { createReleaseStore } from '../../src/server/releases/disk-store.js';
import { openPgReleaseStore } from '../../src/server/releases/pg-store.js';
import type { ReleaseStore } from '../../src/server/releases/store.js';
import { migrate } from '../../src/server/sqlite/migrations.js';
import { folderUploadStore } from '../../src/server/uploads/store.js';

/**
 * Issue 23 item 4, the server's part: a live city whose special hours start or end is redeployed
 * by the server when that day begins in the city's time zone (Tampa: Eastern, UTC-5 in November),
 * once, audited; a pinned city is left alone; two servers on PostgreSQL redeploy it once. The
 * clock is injected: the stores, the builds and the look all read it.
 */
const THANKSGIVING = [{ label: 'Thanksgiving', date: '2026-11-26', closed: true }];
/** Midnight of a day in Tampa, as an instant. */
const easternMidnight = (day: string) => new Date(`${day}T05:00:00.000Z`);
const auditKey = randomBytes(32);
const FORM_ORIGIN = 'https://clinic.example.com';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-special-hours-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Saves a city with a Thanksgiving closure and deploys it, as the admin's deploy does, on the clock's day. */
async function liveCity(cities: CityStore, d: SpecialHoursRedeployDeps, overrides: Record<string, unknown> = {}) {
  const prepared = prepareConfig(adminFormConfig({ specialHours: THANKSGIVING, ...overrides }));
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
  await cities.save(prepared.version, { mode: 'create' });
  const v = (await cities.latest(prepared.version.slug))!;
  const out = await d.deployer.deploy(v, { serverOrigin: FORM_ORIGIN, requestUrl: `${FORM_ORIGIN}/admin` }, { buildTime: d.now() });
  if (!out.ok) throw new Error(out.error);
  return { slug: v.slug, releaseId: out.release.id };
}

const homePage = async (releases: ReleaseStore, slug: string) => new TextDecoder().decode(await releases.readLive(slug, 'index.html'));
const contactPage = async (releases: ReleaseStore, slug: string) => new TextDecoder().decode(await releases.readLive(slug, 'contact/index.html'));

async function autoRecords(audit: AuditStore) {
  return (await audit.page({ action: 'city.auto_redeploy' }, 1, 100)).records;
}

function deps(cities: CityStore, releases: ReleaseStore, audit: AuditStore, dataDir: string, clock: { t: Date }): SpecialHoursRedeployDeps {
  const now = () => clock.t;
  return {
    cities,
    releases,
    deployer: versionDeployer({ releases, dataDir, uploads: folderUploadStore(path.join(dataDir, 'uploads')), assetFolders: [samplesDir()], reservedHosts: () => new Set(), changed: () => undefined }),
    audit: createAuditTrail(audit, auditKey, now),
    now,
    // The server's own address: a site keeps posting where its live contact page posts.
    place: { serverOrigin: 'http://127.0.0.1:3000', requestUrl: 'http://127.0.0.1:3000/' },
  };
}

/** One server on an in-memory SQLite database and a deployments folder, its clock a week before Thanksgiving 2026. */
function sqliteWorld() {
  const dataDir = tempDir();
  const clock = { t: new Date('2026-11-20T15:00:00.000Z') };
  const db = new Database(':memory:');
  cleanups.push(() => {
    db.close();
  });
  migrate(db, ':memory:');
  const cities = createSqliteCityStore(db, () => clock.t);
  const releases = createReleaseStore({ root: path.join(dataDir, 'deployments'), now: () => clock.t });
  const audit = createSqliteAuditStore(db);
  return { clock, cities, releases, audit, d: deps(cities, releases, audit, dataDir, clock) };
}

describe('special hours redeploy a live city by themselves', () => {
  it('when the closure starts and when it ends in the city’s time zone, once each, audited; never a pinned city', async () => {
    const { clock, cities, releases, audit, d } = sqliteWorld();

    const tampa = await liveCity(cities, d);
    const orlando = await liveCity(cities, d, { city: 'Orlando', address: '1 Orange Avenue', zipCode: '32801', website: 'https://orlando.example.com', email: 'orlando@example.com' });
    // Orlando was rolled back: pinned to its release, the operator's choice stands.
    await cities.setPin(orlando.slug, { releaseId: orlando.releaseId, at: clock.t.toISOString() });
    expect(await homePage(releases, tampa.slug)).toContain('Thanksgiving');

    // The last minute of Nov 25 in Tampa (04:59 UTC on the 26th): nothing to do yet.
    clock.t = new Date(easternMidnight('2026-11-26').getTime() - 60_000);
    expect(await redeployForSpecialHours(d)).toEqual([]);

    // Nov 26 begins in Tampa: the closure started.
    clock.t = easternMidnight('2026-11-26');
    const started = await redeployForSpecialHours(d);
    expect(started).toMatchObject([{ slug: tampa.slug, day: '2026-11-26', reason: 'special hours: Thanksgiving started', ok: true }]);
    expect(await releases.currentId(tampa.slug)).toBe(started[0]!.releaseId);
    expect(await homePage(releases, tampa.slug)).toContain('Thanksgiving');
    // Its form still posts where the live site's did, not to the server's own address.
    expect(await contactPage(releases, tampa.slug)).toContain(`data-endpoint="${FORM_ORIGIN}/api/contact"`);
    // Later the same day, and again: done already.
    expect(await redeployForSpecialHours(d)).toEqual([]);
    clock.t = new Date('2026-11-27T04:59:59.000Z');
    expect(await redeployForSpecialHours(d)).toEqual([]);

    // Nov 27 begins in Tampa: the closure ended, and the site no longer shows it.
    clock.t = easternMidnight('2026-11-27');
    const ended = await redeployForSpecialHours(d);
    expect(ended).toMatchObject([{ slug: tampa.slug, day: '2026-11-27', reason: 'special hours: Thanksgiving ended', ok: true }]);
    expect(await homePage(releases, tampa.slug)).not.toContain('Thanksgiving');
    clock.t = new Date('2026-12-15T12:00:00.000Z');
    expect(await redeployForSpecialHours(d)).toEqual([]);

    // The pinned city stayed on its release throughout.
    expect(await releases.currentId(orlando.slug)).toBe(orlando.releaseId);
    expect(await releases.releaseIds(orlando.slug)).toEqual([orlando.releaseId]);

    const records = await autoRecords(audit);
    expect(records).toHaveLength(2);
    const byReason = records.map((r) => ({ actor: r.actorLabel, city: r.city, outcome: r.outcome, at: r.at, object: r.object })).sort((a, b) => a.at.localeCompare(b.at));
    expect(byReason).toEqual([
      { actor: 'clinic-gen serve', city: tampa.slug, outcome: 200, at: easternMidnight('2026-11-26').toISOString(), object: `city=${tampa.slug} version=1 release=${started[0]!.releaseId} reason=special hours: Thanksgiving started` },
      { actor: 'clinic-gen serve', city: tampa.slug, outcome: 200, at: easternMidnight('2026-11-27').toISOString(), object: `city=${tampa.slug} version=1 release=${ended[0]!.releaseId} reason=special hours: Thanksgiving ended` },
    ]);
  });

  it('redeploys the version that is live, not edits saved since', async () => {
    const { clock, cities, releases, d } = sqliteWorld();
    const tampa = await liveCity(cities, d);
    const edited = prepareConfig(adminFormConfig({ specialHours: THANKSGIVING, phone: '(813) 555-0177' }));
    if (!edited.ok) throw new Error('edit');
    expect((await cities.save(edited.version, { mode: 'update' })).status).toBe('saved');
    clock.t = easternMidnight('2026-11-26');
    const [done] = await redeployForSpecialHours(d);
    expect((await releases.meta(tampa.slug, done!.releaseId!)).configVersion).toBe(1);
  });

  it('on PostgreSQL, two servers looking at once redeploy the city once', async () => {
    const db = await migratedDatabase();
    cleanups.push(() => db.drop());
    const clock = { t: new Date('2026-11-20T15:00:00.000Z') };
    const { createPool } = await import('../../src/server/pg/connect.js');
    const servers = await Promise.all(
      [1, 2].map(async () => {
        const pool = createPool(db.url, { size: 3 });
        const feed = await openChangeFeed(db.url, { instance: randomUUID() });
        const releases = await openPgReleaseStore(pool, { feed, now: () => clock.t });
        cleanups.unshift(async () => {
          releases.close();
          await feed.close();
          await pool.end();
        });
        const cities = createPgCityStore(pool, { owner: randomUUID(), now: () => clock.t });
        return { cities, releases, d: deps(cities, releases, createPgAuditStore(pool), tempDir(), clock) };
      }),
    );
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const tampa = await liveCity(one.cities, one.d);
    // The other server learns of the deploy through the change feed.
    await vi.waitFor(async () => expect(await two.releases.currentId(tampa.slug)).toBe(tampa.releaseId), { timeout: 10_000, interval: 20 });

    clock.t = easternMidnight('2026-11-26');
    const done = (await Promise.all(servers.map((s) => redeployForSpecialHours(s.d)))).flat();
    expect(done).toMatchObject([{ slug: tampa.slug, reason: 'special hours: Thanksgiving started', ok: true }]);
    expect(await one.releases.releaseIds(tampa.slug)).toHaveLength(2);
    expect(await autoRecords(createPgAuditStore(db.pool))).toHaveLength(1);
  });
});
