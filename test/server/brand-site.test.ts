import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { newSecretToken, tokenHash } from '../../src/server/auth/tokens.js';
import { roleForbidden } from '../../src/texts/server.js';
import { readZip, settledRun, storedTestApps, TEST_HOST } from '../helpers/server-app.js';
import { samplesDir } from '../../src/server/cities/seed.js';
import { BRAND_SITE } from '../../src/server/brand-site/index.js';
import { siteRoutes } from '../../src/pages/routes.js';
import { sampleConfig } from '../helpers/site.js';

/**
 * The brand site in the admin (issue 24 item 3): built from the brand settings and the three sample
 * configs stored as cities, deployed to the release store under a name no city can have, served at
 * the brand domain; a saved change to Tampa marks it changed and shows after a redeploy (its own
 * or redeploy-all); a rollback brings the earlier brand site back; a front desk may not deploy it;
 * a contact message from Tampa's page on it is filed under Tampa.
 */
const app = storedTestApps();
type Body = Record<string, any>;
const body = async (res: Response) => (await res.json()) as Body;
const BRAND_DOMAIN = 'northstar.example.com';
const sample = (name: string) => ({ name: `${name}.yaml`, text: readFileSync(join(samplesDir(), `${name}.yaml`), 'utf8') });

async function world() {
  const t = app();
  expect((await t.json('POST', '/api/cities/import', { files: ['tampa', 'orlando', 'wesley-chapel'].map(sample) })).status).toBe(200);
  return t;
}

/** The brand site's own legal facts, required for a brand site (issue 36). */
const LEGAL = { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: 'privacy@northstar.example.com' };

const setBrand = async (t: ReturnType<typeof app>, extra: Record<string, unknown> = { domainName: BRAND_DOMAIN }) => {
  const res = await t.json('PUT', '/api/brand', { brand: { businessName: 'Northstar Men’s Health', legal: LEGAL, ...extra } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
};

/** A page of the hosted brand site, through the sites listener with the brand domain as Host. */
const hosted = async (t: ReturnType<typeof app>, path: string) => {
  const res = await t.site(`http://${BRAND_DOMAIN}${path}`);
  return { status: res.status, text: await res.text() };
};

/** Tampa's latest version saved with another phone, as the admin's editor saves it. */
async function saveTampaPhone(t: ReturnType<typeof app>, phone: string) {
  const got = await body(await t.request('/api/cities/tampa'));
  const res = await t.json('PUT', '/api/cities/tampa', { config: { ...got.config, phone }, baseVersion: got.version });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

describe('the brand site in the admin', () => {
  it('says there is no brand site until the brand settings have its domain, and keeps the domain and the listing in the brand text', async () => {
    const t = await world();
    const none = await body(await t.request('/api/brand-site'));
    expect(none).toMatchObject({ success: true, ready: false, noDomain: true, live: null, changed: false });
    const refused = await t.json('POST', '/api/brand-site/deploy', {});
    expect(refused.status).toBe(400);
    expect(await body(refused)).toMatchObject({ success: false, noDomain: true, error: expect.stringContaining('no brand site domain') });

    await setBrand(t, { domainName: ' Northstar.Example.com ', locations: { FL: ['tampa', 'orlando'] } });
    const brand = (await body(await t.request('/api/brand'))).brand;
    expect(brand).toMatchObject({ domainName: BRAND_DOMAIN, locations: { FL: ['tampa', 'orlando'] } });
    expect(readFileSync(join(t.dataDir, 'brand.yaml'), 'utf8')).toMatch(/domainName: northstar\.example\.com/);
    const ready = await body(await t.request('/api/brand-site'));
    expect(ready).toMatchObject({ ready: true, domainName: BRAND_DOMAIN, live: null });
    expect(ready.locations.map((l: Body) => l.path)).toEqual(['/locations/fl/tampa/', '/locations/fl/orlando/']);

    // A wrong listing names the field.
    const bad = await t.json('PUT', '/api/brand', { brand: { businessName: 'N', domainName: 'not a domain' } });
    expect(bad.status).toBe(400);
    expect((await body(bad)).errors).toMatchObject({ domainName: expect.stringContaining('domain name') });
    await setBrand(t, { domainName: BRAND_DOMAIN, locations: { FL: ['tampa', 'atlantis'] } });
    expect((await body(await t.request('/api/brand-site'))).errors).toEqual([expect.stringMatching(/locations\.FL\[1\]: no saved city atlantis/)]);
  });

  it('deploys, previews, downloads, marks a saved change, redeploys (its own deploy and redeploy-all) and rolls back', async () => {
    const t = await world();
    await setBrand(t);

    const preview = await t.json('POST', '/api/brand-site/preview', {});
    expect(preview.status).toBe(201);
    const previewUrl = new URL((await body(preview)).url as string);
    expect((await (await t.site(`${previewUrl.pathname}locations/fl/tampa/`)).text())).toContain('(813) 555-0142');

    const zip = await t.request('/api/brand-site/package', { method: 'POST' });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toMatch(/brand-website\.zip/);
    const names = readZip(Buffer.from(await zip.arrayBuffer())).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['index.html', 'locations/index.html', 'locations/fl/index.html', 'locations/fl/tampa/index.html', 'DEPLOY.md']));

    const first = await t.json('POST', '/api/brand-site/deploy', {});
    expect(first.status, JSON.stringify(await first.clone().json())).toBe(200);
    const deployed = await body(first);
    const r1 = deployed.releaseId as string;
    // The brand's own pages compared apart from its locations (issue 36 item 8): home, treatments,
    // policies, directory, the state; the closest two named, none of them a location's page.
    const { brandPages } = deployed;
    expect(brandPages.pages).toBeGreaterThanOrEqual(10);
    expect([brandPages.closest.a, brandPages.closest.b].every((p: string) => !/^\/locations\/[a-z]{2}\/[a-z-]+\//.test(p))).toBe(true);
    expect(brandPages.closest.score).toBeGreaterThan(0);
    expect(brandPages.closest.score).toBeLessThan(1);
    expect(await t.store.currentId(BRAND_SITE)).toBe(r1);
    const meta = await t.store.meta(BRAND_SITE, r1);
    expect(meta.domainName).toBe(BRAND_DOMAIN);
    expect(meta.built).toMatchObject({ code: expect.any(String), brand: expect.any(String), cities: { tampa: { version: 1 }, orlando: { version: 1 }, 'wesley-chapel': { version: 1 } } });

    expect((await hosted(t, '/')).status).toBe(200);
    const tampa = await hosted(t, '/locations/fl/tampa/');
    expect(tampa.status).toBe(200);
    expect(tampa.text).toContain('(813) 555-0142');
    expect((await body(await t.request('/api/brand-site'))).changed).toBe(false);

    // A saved change to Tampa: the brand site is changed since its deploy, and shows it once redeployed.
    await saveTampaPhone(t, '(813) 555-0177');
    const changed = await body(await t.request('/api/brand-site'));
    expect(changed).toMatchObject({ changed: true, live: r1 });
    expect(changed.changes).toEqual([expect.stringMatching(/^Tampa \(version 1 -> 2\)/)]);
    expect((await hosted(t, '/locations/fl/tampa/')).text).toContain('(813) 555-0142');

    const second = await t.json('POST', '/api/brand-site/deploy', {});
    expect(second.status).toBe(200);
    const r2 = (await body(second)).releaseId as string;
    expect((await hosted(t, '/locations/fl/tampa/')).text).toContain('(813) 555-0177');
    expect((await body(await t.request('/api/brand-site'))).changed).toBe(false);

    // Rollback: the earlier brand site, pinned; the newest live again ends the pin.
    const back = await t.json('POST', `/api/brand-site/releases/${r1}/live`);
    expect(await body(back)).toMatchObject({ success: true, release: r1, pinned: true });
    expect((await hosted(t, '/locations/fl/tampa/')).text).toContain('(813) 555-0142');
    expect(await body(await t.request('/api/brand-site'))).toMatchObject({ live: r1, pinned: true, changed: true });
    expect((await t.json('POST', `/api/brand-site/releases/20990101T000000000Z-00000000/live`)).status).toBe(404);

    // Redeploy-all leaves a pinned brand site where the operator put it.
    const pinnedRun = await settledRun(t, (await body(await t.json('POST', '/api/cities/redeploy-all'))).run.id);
    expect(pinnedRun.skipped).toEqual(expect.arrayContaining([expect.objectContaining({ slug: BRAND_SITE, reason: 'pinned', releaseId: r1 })]));
    expect(await t.store.currentId(BRAND_SITE)).toBe(r1);

    const forward = await t.json('POST', `/api/brand-site/releases/${r2}/live`);
    expect(await body(forward)).toMatchObject({ success: true, pinned: false });

    // Redeploy-all: a change to Tampa reaches the brand site; an unchanged one is skipped.
    await saveTampaPhone(t, '(813) 555-0188');
    const run = await settledRun(t, (await body(await t.json('POST', '/api/cities/redeploy-all'))).run.id);
    expect(run.items).toEqual([expect.objectContaining({ slug: BRAND_SITE, state: 'ok' })]);
    expect((await hosted(t, '/locations/fl/tampa/')).text).toContain('(813) 555-0188');
    const again = await settledRun(t, (await body(await t.json('POST', '/api/cities/redeploy-all'))).run.id);
    expect(again.items).toEqual([]);
    expect(again.skipped).toEqual([expect.objectContaining({ slug: BRAND_SITE, reason: 'unchanged' })]);
  });

  it('skips an unchanged live city in redeploy-all and rebuilds a changed one; an older release without its inputs is not skipped', async () => {
    const t = await world();
    for (const slug of ['tampa', 'orlando']) expect((await t.json('POST', `/api/cities/${slug}/deploy`, {})).status).toBe(200);
    await saveTampaPhone(t, '(813) 555-0199');
    const run = await settledRun(t, (await body(await t.json('POST', '/api/cities/redeploy-all'))).run.id);
    expect(run.items.map((i) => [i.slug, i.state])).toEqual([['tampa', 'ok']]);
    expect(run.skipped).toEqual([expect.objectContaining({ slug: 'orlando', reason: 'unchanged' })]);
  });

  it('refuses a front desk, a domain of another live site, and cities failing the doorway check unless confirmed', async () => {
    const t = await world();
    await setBrand(t);
    // A front desk's session gets 403 like the other deploy routes, and may read the brand site.
    const deskId = randomUUID();
    await t.db.accounts.create({ id: deskId, email: 'desk@example.com', name: 'Desk', role: 'frontdesk', cities: null, passwordHash: 'scrypt$17$8$1$none$none', createdAt: 'then' });
    const token = newSecretToken('cgs');
    await t.db.accounts.createSession({ tokenHash: tokenHash(token), accountId: deskId, stage: 'full', createdAt: Date.now(), lastSeenAt: Date.now(), address: '127.0.0.1' });
    const asDesk = (method: string, path: string) =>
      t.request(`http://${TEST_HOST}${path}`, { method, headers: { Authorization: '', Cookie: `clinic_session=${token}`, Host: TEST_HOST, Origin: `http://${TEST_HOST}`, 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
    for (const path of ['/api/brand-site/deploy', '/api/brand-site/preview', '/api/brand-site/package', '/api/brand-site/releases/20990101T000000000Z-00000000/live']) {
      const res = await asDesk('POST', path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).toContain(roleForbidden.title);
    }
    expect((await asDesk('GET', '/api/brand-site')).status).toBe(200);

    // Tampa copied as Clearwater (only the name, address and phone changed) reads as a doorway page.
    const clearwater = {
      name: 'clearwater.yaml',
      text: sample('tampa').text.replace(/^city: Tampa$/m, 'city: Clearwater').replace(/^address: .*$/m, 'address: 600 Cleveland Street').replace(/^phone: .*$/m, 'phone: (727) 555-0199'),
    };
    expect((await t.json('POST', '/api/cities/import', { files: [clearwater] })).status).toBe(200);
    const refused = await t.json('POST', '/api/brand-site/deploy', {});
    expect(refused.status).toBe(409);
    const why = await body(refused);
    expect(why).toMatchObject({ success: false, message: 'Deployment failed', error: expect.stringMatching(/doorway check fails/) });
    expect(why.doorway.failing.map((c: Body) => c.slug).sort()).toEqual(['clearwater', 'tampa']);
    expect(why.brandPages).toMatchObject({ pages: expect.any(Number), closest: { a: expect.any(String), b: expect.any(String), score: expect.any(Number) } });
    expect(await t.store.currentId(BRAND_SITE)).toBeUndefined();
    // Listing only the three samples: the check is of the listed cities, and passes.
    await setBrand(t, { domainName: BRAND_DOMAIN, locations: { FL: ['tampa', 'orlando', 'wesley-chapel'] } });
    expect((await t.json('POST', '/api/brand-site/deploy', {})).status).toBe(200);
    await setBrand(t);
    const confirmed = await t.json('POST', '/api/brand-site/deploy', { confirmDoorway: true });
    expect(confirmed.status).toBe(200);
    const trail = t.rows<{ action: string; object: string; outcome: number }>("SELECT action, object, outcome FROM audit_log WHERE action LIKE 'brand_site.deploy' ORDER BY seq");
    expect(trail.map((r) => r.outcome)).toEqual([403, 409, 200, 200]);
    expect(trail.at(-1)!.object).toMatch(/doorway=confirmed failing=clearwater,tampa/);

    // Tampa deployed on its own domain: the brand site may not take it.
    await setBrand(t, { domainName: 'tampa.example.com' });
    expect((await t.json('POST', '/api/cities/tampa/deploy', { confirmDoorway: true })).status).toBe(200);
    const taken = await t.json('POST', '/api/brand-site/deploy', { confirmDoorway: true });
    expect(taken.status).toBe(409);
    expect((await body(taken)).error).toMatch(/already the domain of the live site tampa/);
  });

  it('files a contact message from Tampa’s page on the hosted brand site under Tampa', async () => {
    const t = await world();
    await setBrand(t);
    expect((await t.json('POST', '/api/brand-site/deploy', {})).status).toBe(200);
    const page = (await hosted(t, '/locations/fl/tampa/contact/')).text;
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const site = /name="site"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="site"/.exec(page);
    expect(action).toBeDefined();
    const siteValue = site?.[1] ?? site?.[2];
    expect(siteValue).toBe('tampa');
    const service = /<option value="([^"]+)"/.exec(page)![1]!;
    const form = new URLSearchParams({ site: siteValue!, page: 'contact/', firstName: 'Brand', lastName: 'Visitor', email: 'visitor@example.com', phone: '(813) 555-0100', message: 'From the brand site', service });
    const res = await t.site(new URL(action!).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${BRAND_DOMAIN}`, Referer: `https://${BRAND_DOMAIN}/locations/fl/tampa/contact/` },
      body: form.toString(),
    });
    // Without script the browser is sent to Tampa's confirmation page on the brand site: the brand
    // domain is one of Tampa's addresses now that the brand site lists it.
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get('location')).toBe(`https://${BRAND_DOMAIN}/locations/fl/tampa/contact/sent/`);
    const list = await body(await t.request('/api/messages?site=tampa'));
    expect(list.messages).toEqual([expect.objectContaining({ firstName: 'Brand', city: 'Tampa', registered: true })]);
  });

  it('answers every address issue 24 published for the samples and this site no longer builds with a 301 to the same treatment or location, on the domain and under /sites/', async () => {
    const t = await world();
    await setBrand(t);
    expect((await t.json('POST', '/api/brand-site/deploy', {})).status).toBe(200);
    let moved = 0;
    for (const name of ['tampa', 'orlando', 'wesley-chapel'] as const) {
      const home = `/locations/fl/${name}/`;
      // Not the confirmation page: the clinic server answers a form posted to it itself.
      for (const route of siteRoutes(sampleConfig(name)).filter((r) => r.id !== 'contactSent')) {
        const path = `${home}${route.path.slice(1)}`;
        const res = await t.site(`http://${BRAND_DOMAIN}${path}`);
        if (res.status === 200) {
          expect(await res.text(), path).not.toContain('http-equiv="refresh"');
          continue;
        }
        expect(res.status, path).toBe(301);
        const to = res.headers.get('location')!;
        expect(to.startsWith(home) || to === route.path, `${path} -> ${to}`).toBe(true);
        const end = await hosted(t, to);
        expect(end.status, to).toBe(200);
        expect(end.text, to).not.toContain('http-equiv="refresh"');
        // Under /sites/<name>/ too, and without the trailing slash.
        const under = await t.site(`/sites/${BRAND_SITE}${path.slice(0, -1)}`);
        expect(under.status, path).toBe(301);
        expect(under.headers.get('location')).toBe(`/sites/${BRAND_SITE}${to}`);
        moved++;
      }
    }
    expect(moved).toBeGreaterThan(20);
    // The sitemap lists only real pages.
    const sitemap = (await hosted(t, '/sitemap.xml')).text;
    expect(sitemap).toContain(`<loc>https://${BRAND_DOMAIN}/trt-therapy/</loc>`);
    expect(sitemap).not.toContain('/locations/fl/tampa/trt-therapy/');
  });

  it("points a listed city's own site at its page on the live brand site as canonical, unless it says canonical: own; Redeploy-all follows the listing", async () => {
    const t = await world();
    const canonical = async (host: string) => /<link rel="canonical" href="([^"]+)"/.exec(await (await t.site(`http://${host}/`)).text())?.[1];
    const deployCity = async (slug: string) => {
      const res = await t.json('POST', `/api/cities/${slug}/deploy`, { confirmDoorway: true });
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    };
    // No brand site yet: its own domain.
    await deployCity('tampa');
    expect(await canonical('tampa.example.com')).toBe('https://tampa.example.com/');
    await setBrand(t, { domainName: BRAND_DOMAIN, locations: { FL: ['tampa', 'orlando'] } });
    // A brand domain saved, no brand site online yet: no page to point at.
    await deployCity('tampa');
    expect(await canonical('tampa.example.com')).toBe('https://tampa.example.com/');
    const deployBrand = async () => expect((await t.json('POST', '/api/brand-site/deploy', { confirmDoorway: true })).status).toBe(200);
    await deployBrand();
    await deployCity('tampa');
    expect(await canonical('tampa.example.com')).toBe(`https://${BRAND_DOMAIN}/locations/fl/tampa/`);
    expect((await t.site('http://tampa.example.com/sitemap.xml')).status).toBe(404);
    // Listed no more once the brand site is deployed without it: Redeploy-all does not take Tampa's
    // release for unchanged, and gives Tampa its own canonical back.
    await setBrand(t, { domainName: BRAND_DOMAIN, locations: { FL: ['orlando'] } });
    await deployBrand();
    const done = await settledRun(t, (await body(await t.json('POST', '/api/cities/redeploy-all'))).run.id);
    expect(done.items.map((i) => [i.slug, i.state])).toContainEqual(['tampa', 'ok']);
    expect(await canonical('tampa.example.com')).toBe('https://tampa.example.com/');
    // canonical: own keeps its own domain while listed.
    await setBrand(t, { domainName: BRAND_DOMAIN });
    await deployBrand();
    const got = await body(await t.request('/api/cities/tampa'));
    expect((await t.json('PUT', '/api/cities/tampa', { config: { ...got.config, canonical: 'own' }, baseVersion: got.version })).status).toBe(200);
    await deployCity('tampa');
    expect(await canonical('tampa.example.com')).toBe('https://tampa.example.com/');
  });
});
