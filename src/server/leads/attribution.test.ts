import { describe, expect, it } from 'vitest';
import { testConfig, validMessage } from '../../../test/helpers/server-app.js';
import { contactTestApp, HOME_ORIGIN, SITES_ORIGIN } from '../../../test/helpers/contact-app.js';

/** Who may post and under which city a message is filed (docs/decisions/010-leads-by-city.md). */
const TAMPA = 'https://tampa.example.com';
const REFUSED = 'Messages from this site are not accepted here';

describe('allowed origins are derived from the sites the server knows', () => {
  it.each([
    ['a deployed site’s domain', TAMPA],
    ['the sites origin', SITES_ORIGIN],
    ['a CORS_ORIGINS entry', 'https://partner.example.org'],
    ['the home clinic’s website', 'https://wesley-chapel.example.com'],
  ])('answers the preflight of %s: exact origin, credentials, Vary: Origin', async (_name, origin) => {
    const { preflight } = contactTestApp({ corsOrigins: ['https://partner.example.org/'] });
    const res = await preflight(origin);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('refuses the preflight of an unlisted origin without any CORS header', async () => {
    const { preflight } = contactTestApp();
    const res = await preflight('https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('refuses a post from an unlisted origin with 403 and the API failure shape, storing nothing', async () => {
    const { store, post } = contactTestApp();
    const res = await post({ ...validMessage(), site: 'tampa' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toEqual({ success: false, error: REFUSED, message: REFUSED, errors: { _form: REFUSED } });
    expect((await post(validMessage(), { Origin: 'null' })).status).toBe(403);
    expect(store.rows).toHaveLength(0);
  });

  it('answers a no-JavaScript post from an unlisted origin with a short page, not JSON', async () => {
    const { store, formPost } = contactTestApp();
    const res = await formPost({ ...validMessage(), site: 'tampa', page: 'contact/' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(REFUSED);
    expect(store.rows).toHaveLength(0);
  });

  it('picks up a site deployed after start on the first post from it, and drops a deleted one once told', async () => {
    const { post, deployments, directory, tick } = contactTestApp();
    expect((await post(validMessage(), { Origin: TAMPA })).status).toBe(201);
    deployments.push({ siteName: 'orlando', release: { city: 'Orlando', domainName: 'orlando.example.com' } });
    tick(5_000);
    expect((await post(validMessage(), { Origin: 'https://orlando.example.com' })).status).toBe(201);
    deployments.pop();
    directory.invalidate();
    expect((await post(validMessage(), { Origin: 'https://orlando.example.com' })).status).toBe(403);
  });

  it('reads the deployments at most once a second however many strangers post', async () => {
    const { post, reads } = contactTestApp();
    for (let i = 0; i < 20; i++) await post(validMessage(), { Origin: `https://stranger${i}.example` });
    expect(reads()).toBe(1);
  });
});

describe('every message is filed under its city', () => {
  it('files a post from a deployed domain under that site with its page and origin', async () => {
    const { store, post } = contactTestApp();
    const res = await post({ ...validMessage(), site: 'tampa', page: 'contact/' }, { Origin: TAMPA });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(TAMPA);
    expect(store.rows[0]).toMatchObject({ site: 'tampa', city: 'Tampa', page: 'contact/', origin: TAMPA });
  });

  it('files a Tampa page that claims site: orlando under Tampa, never Orlando', async () => {
    const { store, post, deployments } = contactTestApp();
    deployments.push({ siteName: 'orlando', release: { city: 'Orlando', domainName: 'orlando.example.com' } });
    expect((await post({ ...validMessage(), site: 'orlando', page: 'contact/' }, { Origin: TAMPA })).status).toBe(201);
    expect(store.rows[0]).toMatchObject({ site: 'tampa', city: 'Tampa' });
  });

  it('files a post from the home clinic’s origin under the home clinic whatever it claims', async () => {
    const { store, post } = contactTestApp();
    await post({ ...validMessage(), site: 'tampa' }, { Origin: HOME_ORIGIN });
    expect(store.rows[0]).toMatchObject({ site: 'wesley-chapel', city: 'Wesley Chapel' });
  });

  it('on the sites origin, takes the site from the Referer path, else the claim of a deployed site', async () => {
    const { store, post } = contactTestApp();
    await post({ ...validMessage(), site: 'tampa', page: 'contact/' }, { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/` });
    await post({ ...validMessage(), site: 'tampa', page: 'contact/' }, { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/` });
    await post({ ...validMessage(), site: 'preview-city', page: 'contact/' }, { Origin: SITES_ORIGIN });
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['lakeland', 'Lakeland'],
      ['tampa', 'Tampa'],
      ['preview-city', ''],
    ]);
  });

  it('on the sites listener itself, a same-host post counts as the sites origin', async () => {
    const { store, post } = contactTestApp({ hosted: true });
    await post({ ...validMessage(), site: 'lakeland', page: 'contact/' }, { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/tampa/contact/` });
    expect(store.rows[0]).toMatchObject({ site: 'tampa', city: 'Tampa' });
  });

  it('files a Tampa page on the shared sites origin that claims site: orlando under Tampa, by its full Referer', async () => {
    // The island sends the page's full URL to the clinic's endpoint (referrerPolicy
    // no-referrer-when-downgrade): a cross-origin Referer on the post's own origin.
    const { store, post, deployments } = contactTestApp();
    deployments.push({ siteName: 'orlando', release: { city: 'Orlando', domainName: 'orlando.example.com' } });
    const res = await post({ ...validMessage(), site: 'orlando', page: 'contact/' }, { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/tampa/contact/` });
    expect(res.status).toBe(201);
    expect(store.rows[0]).toMatchObject({ site: 'tampa', city: 'Tampa', origin: SITES_ORIGIN });
  });

  it('files a post on the sites listener from a deployed domain over http or another port under that domain’s site', async () => {
    // The attack: Tampa's own pages, reached as http://tampa.example.com:3001, claim another city.
    const { store, post } = contactTestApp({ hosted: true });
    const tampa = 'http://tampa.example.com:3001';
    const res = await post({ ...validMessage(), site: 'lakeland', page: 'contact/' }, { Host: 'tampa.example.com:3001', Origin: tampa, Referer: `${tampa}/contact/` });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    await post({ ...validMessage(), site: 'lakeland', page: 'contact/' }, { Host: 'tampa.example.com', Origin: 'http://tampa.example.com' });
    expect(store.rows.map((r) => [r.site, r.city, r.origin])).toEqual([
      ['tampa', 'Tampa', tampa],
      ['tampa', 'Tampa', 'http://tampa.example.com'],
    ]);
  });

  it('from a CORS_ORIGINS entry, names only a site with no origin of its own; keeps the others with no city', async () => {
    // The static-host-anywhere case: Lakeland lives only where CORS_ORIGINS points, so its claim
    // stands. Tampa and Orlando live at their own domains: a page here that names them is not theirs.
    const { store, post, stored } = contactTestApp({ corsOrigins: ['https://partner.example.org'] });
    stored.push({ slug: 'orlando', city: 'Orlando', config: testConfig({ city: 'Orlando', domainName: 'orlando.example.com' }) });
    const from = { Origin: 'https://partner.example.org' };
    for (const site of ['lakeland', 'tampa', 'orlando', 'gainesville']) expect((await post({ ...validMessage(), site }, from)).status).toBe(201);
    await post(validMessage(), from);
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['lakeland', 'Lakeland'],
      ['', ''],
      ['', ''],
      ['gainesville', ''],
      ['', ''],
    ]);
  });

  it('refuses a site field that is not a slug, naming it', async () => {
    const { store, post } = contactTestApp();
    const res = await post({ ...validMessage(), site: '../admin' }, { Origin: TAMPA });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.site).toMatch(/city slug/);
    expect(store.rows).toHaveLength(0);
  });
});

describe('saved cities: their addresses are theirs, deployed or not', () => {
  const gainesville = (website = 'https://gainesville-static.example.net') => ({
    slug: 'gainesville',
    city: 'Gainesville',
    config: testConfig({ city: 'Gainesville', domainName: 'gainesville.example.com', website }),
  });

  it('allows a saved city’s domain and website and files their posts under it, whatever they claim', async () => {
    const { store, post, preflight, stored, deployments } = contactTestApp();
    deployments.push({ siteName: 'orlando', release: { city: 'Orlando', domainName: 'orlando.example.com' } });
    stored.push(gainesville());
    expect((await preflight('https://gainesville-static.example.net')).headers.get('access-control-allow-origin')).toBe('https://gainesville-static.example.net');
    expect((await post({ ...validMessage(), site: 'orlando', page: 'contact/' }, { Origin: 'https://gainesville-static.example.net' })).status).toBe(201);
    expect((await post({ ...validMessage(), site: 'tampa' }, { Origin: 'https://gainesville.example.com' })).status).toBe(201);
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['gainesville', 'Gainesville'],
      ['gainesville', 'Gainesville'],
    ]);
  });

  it('shows a saved city’s own contact page for a failed no-JavaScript post from its website', async () => {
    const { formPost, stored } = contactTestApp();
    stored.push(gainesville());
    const from = 'https://gainesville-static.example.net';
    const res = await formPost({ ...validMessage(), site: 'gainesville', page: 'contact/', website: '', email: 'nope' }, { Origin: from, Referer: `${from}/contact/` });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`href="${from}/about/"`);
  });

  it('learns a city saved after start once told, and forgets a deleted one', async () => {
    const { post, stored, directory } = contactTestApp();
    const from = { Origin: 'https://gainesville-static.example.net' };
    expect((await post(validMessage(), from)).status).toBe(403);
    stored.push(gainesville());
    directory.invalidate();
    expect((await post(validMessage(), from)).status).toBe(201);
    stored.pop();
    directory.invalidate();
    expect((await post(validMessage(), from)).status).toBe(403);
  });

  it('ties an address several cities name to none of them: allowed, and it cannot name either', async () => {
    // The samples share the brand's website: a page there is not Gainesville's, nor Ocala's.
    const { store, post, stored } = contactTestApp();
    stored.push(gainesville('https://www.brand.example'), { slug: 'ocala', city: 'Ocala', config: testConfig({ city: 'Ocala', domainName: 'ocala.example.com', website: 'https://www.brand.example' }) });
    expect((await post({ ...validMessage(), site: 'ocala' }, { Origin: 'https://www.brand.example' })).status).toBe(201);
    expect((await post({ ...validMessage(), site: 'gainesville' }, { Origin: 'https://ocala.example.com' })).status).toBe(201);
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['', ''],
      ['ocala', 'Ocala'],
    ]);
  });

  it('never lets a website on the sites origin or a deployed domain make them one city’s', async () => {
    const { store, post, stored } = contactTestApp();
    stored.push(gainesville(`${SITES_ORIGIN}/sites/gainesville/`), { slug: 'ocala', city: 'Ocala', config: testConfig({ city: 'Ocala', domainName: 'tampa.example.com' }) });
    await post({ ...validMessage(), site: 'lakeland', page: 'contact/' }, { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/` });
    await post({ ...validMessage(), site: 'ocala' }, { Origin: 'https://tampa.example.com' });
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['lakeland', 'Lakeland'],
      ['tampa', 'Tampa'],
    ]);
  });
});

describe('no-JavaScript form posts: post, redirect, get', () => {
  const fields = (extra: Record<string, string> = {}) => ({ ...validMessage(), website: '', page: 'contact/', ...extra });

  it.each([
    ['the home clinic, without Origin', {}, '/contact/sent/', 'wesley-chapel'],
    ['the home clinic', { Origin: HOME_ORIGIN }, `${HOME_ORIGIN}/contact/sent/`, 'wesley-chapel'],
    ['a deployed domain', { Origin: TAMPA }, `${TAMPA}/contact/sent/`, 'tampa'],
    ['the sites origin', { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/` }, `${SITES_ORIGIN}/sites/lakeland/contact/sent/`, 'lakeland'],
    ['a static host in a sub-folder', { Origin: 'http://127.0.0.1:8123', Referer: 'http://127.0.0.1:8123/lakeland/contact/' }, 'http://127.0.0.1:8123/lakeland/contact/sent/', 'lakeland'],
  ])('answers 303 to the confirmation page of %s', async (_name, headers, location, site) => {
    const { store, formPost } = contactTestApp({ corsOrigins: ['http://127.0.0.1:8123'] });
    const res = await formPost(fields({ site }), headers);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
    expect(store.rows).toEqual([expect.objectContaining({ site, firstName: 'Jordan' })]);
  });

  it('answers a bot exactly like a person: 303, nothing stored', async () => {
    const { store, formPost } = contactTestApp();
    const res = await formPost(fields({ site: 'tampa', website: 'http://spam.example' }), { Origin: TAMPA });
    expect(res.status).toBe(303);
    expect(store.rows).toHaveLength(0);
  });

  it('shows a deployed city’s own contact page with the values kept and each error under its field', async () => {
    const { store, formPost } = contactTestApp();
    const res = await formPost(fields({ site: 'tampa', firstName: 'Kept', email: 'nope', message: 'short' }), { Origin: TAMPA, Referer: `${TAMPA}/contact/` });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Northstar Men’s Health');
    expect(html).toContain('(813) 555-0101');
    expect(html).toMatch(/id="firstName"[^>]*value="Kept"|value="Kept"[^>]*id="firstName"/);
    expect(html).toContain('id="email-error"');
    expect(html).toContain('Invalid email address');
    // Its pages link to the city's own site; its stylesheet comes from this server.
    expect(html).toContain(`href="${TAMPA}/about/"`);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site\.[0-9a-f]+\.css"/);
    expect(store.rows).toHaveLength(0);
  });

  it('shows a plain page with the errors and a link back for a site it has no config of', async () => {
    const { formPost } = contactTestApp();
    const res = await formPost(fields({ site: 'lakeland', email: 'nope' }), { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/` });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<div role="alert"><h1>Error sending message</h1><ul><li>email: Invalid email address</li></ul>');
    expect(html).toContain(`<a href="${SITES_ORIGIN}/sites/lakeland/contact/">Back to the contact page</a>`);
  });
});
