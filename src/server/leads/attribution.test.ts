import { describe, expect, it } from 'vitest';
import { testConfig, validMessage } from '../../../test/helpers/server-app.js';
import { contactTestApp, HOME_ORIGIN, SITES_ORIGIN } from '../../../test/helpers/contact-app.js';
import { refererEvidence } from './attribution.js';

/** Under which city a message is filed, and what is kept as evidence (docs/decisions/010-leads-by-city.md). */
const TAMPA = 'https://tampa.example.com';
const BRAND = 'https://www.brand.example';

describe('the endpoint is a form backend any site may use', () => {
  it.each([TAMPA, SITES_ORIGIN, 'https://static-host.example.net', 'null'])('answers the preflight of %s for any origin, never with credentials', async (origin) => {
    const { preflight } = contactTestApp();
    const res = await preflight(origin);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Idempotency-Key');
  });

  it('stores a post from an origin it has never heard of, under the city the form names, marked as not registered', async () => {
    const { store, post } = contactTestApp();
    const res = await post({ ...validMessage(), site: 'tampa', page: 'contact/' }, { Origin: 'https://static-host.example.net', Referer: 'https://static-host.example.net/tampa/contact/?email=jo@example.com&gclid=abc#form' });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(store.rows[0]).toMatchObject({ site: 'tampa', city: 'Tampa', origin: 'https://static-host.example.net', registered: false });
    // The query (an email, an ad-click id) and the fragment never reach the store.
    expect(store.rows[0]!.referer).toBe('https://static-host.example.net/tampa/contact/');
  });

  it('stores a post with an opaque Origin (a file: page, a sandboxed frame) as origin null', async () => {
    const { store, post } = contactTestApp();
    expect((await post({ ...validMessage(), site: 'tampa' }, { Origin: 'null' })).status).toBe(201);
    expect(store.rows[0]).toMatchObject({ site: 'tampa', origin: 'null', registered: false });
  });

  it('keeps no more of a Referer than its origin and path', () => {
    expect(refererEvidence('https://a.example/x/contact/?q=1#f')).toBe('https://a.example/x/contact/');
    expect(refererEvidence('javascript:alert(1)')).toBe('');
    expect(refererEvidence('not a url')).toBe('');
    expect(refererEvidence(undefined)).toBe('');
  });
});

describe('the form’s city is the attribution', () => {
  it.each([
    ['its own domain', TAMPA, true],
    ['the sites origin, where it is deployed', SITES_ORIGIN, true],
    ['the home clinic’s origin', HOME_ORIGIN, false],
    ['another city’s domain', 'https://orlando.example.com', false],
  ])('files a post naming Tampa from %s under Tampa', async (_name, origin, registered) => {
    const { store, post, deployments } = contactTestApp();
    deployments.push({ siteName: 'orlando', release: { city: 'Orlando', domainName: 'orlando.example.com' } });
    expect((await post({ ...validMessage(), site: 'tampa', page: 'contact/' }, { Origin: origin })).status).toBe(201);
    expect(store.rows[0]).toMatchObject({ site: 'tampa', city: 'Tampa', origin, registered });
  });

  it('files a post from a brand website several cities name under the city its form names, registered for each', async () => {
    // All three sample cities share `website: https://www.example.com`: a brand site's forms.
    const { store, post, stored } = contactTestApp();
    stored.push(
      { slug: 'gainesville', city: 'Gainesville', config: testConfig({ city: 'Gainesville', domainName: 'gainesville.example.com', website: BRAND }) },
      { slug: 'ocala', city: 'Ocala', config: testConfig({ city: 'Ocala', domainName: 'ocala.example.com', website: BRAND }) },
    );
    await post({ ...validMessage(), site: 'ocala' }, { Origin: BRAND });
    await post({ ...validMessage(), site: 'gainesville' }, { Origin: BRAND });
    expect(store.rows.map((r) => [r.site, r.city, r.registered])).toEqual([
      ['ocala', 'Ocala', true],
      ['gainesville', 'Gainesville', true],
    ]);
  });

  it('keeps an unknown city’s slug under "Unknown city", never another city', async () => {
    const { store, post } = contactTestApp();
    await post({ ...validMessage(), site: 'gainesville' }, { Origin: TAMPA });
    expect(store.rows[0]).toMatchObject({ site: 'gainesville', city: '', registered: false });
  });

  it('files a form that names no city by its origin when one site alone is there, else as unknown; without Origin, the home clinic', async () => {
    const { store, post } = contactTestApp();
    await post(validMessage(), { Origin: TAMPA });
    await post(validMessage(), { Origin: 'https://static-host.example.net' });
    await post(validMessage());
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['tampa', 'Tampa'],
      ['', ''],
      ['wesley-chapel', 'Wesley Chapel'],
    ]);
  });

  it('knows a city saved after start once told, and a deployed one on the first post naming it', async () => {
    const { store, post, stored, deployments, directory, tick } = contactTestApp();
    await post({ ...validMessage(), site: 'gainesville' });
    stored.push({ slug: 'gainesville', city: 'Gainesville', config: testConfig({ city: 'Gainesville', domainName: 'gainesville.example.com' }) });
    directory.invalidate();
    await post({ ...validMessage(), site: 'gainesville' });
    deployments.push({ siteName: 'orlando', release: { city: 'Orlando', domainName: 'orlando.example.com' } });
    tick(5_000);
    await post({ ...validMessage(), site: 'orlando' });
    expect(store.rows.map((r) => [r.site, r.city])).toEqual([
      ['gainesville', ''],
      ['gainesville', 'Gainesville'],
      ['orlando', 'Orlando'],
    ]);
  });

  it('reads the deployments at most once a second however many unknown cities are named', async () => {
    const { post, reads } = contactTestApp();
    for (let i = 0; i < 20; i++) await post({ ...validMessage(), site: `stranger-${i}` }, { Origin: `https://stranger${i}.example` });
    expect(reads()).toBe(1);
  });

  it('refuses a site field that is not a slug, naming it', async () => {
    const { store, post } = contactTestApp();
    const res = await post({ ...validMessage(), site: '../admin' }, { Origin: TAMPA });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.site).toMatch(/city slug/);
    expect(store.rows).toHaveLength(0);
  });
});

describe('no-JavaScript form posts: post, redirect, get', () => {
  const fields = (extra: Record<string, string> = {}) => ({ ...validMessage(), website: '', page: 'contact/', ...extra });

  it.each([
    ['the home clinic, without Origin', {}, '/api/contact/sent/wesley-chapel', 'wesley-chapel'],
    ['the home clinic', { Origin: HOME_ORIGIN }, `${HOME_ORIGIN}/contact/sent/`, 'wesley-chapel'],
    ['a deployed domain', { Origin: TAMPA }, `${TAMPA}/contact/sent/`, 'tampa'],
    ['the sites origin, by the Referer', { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/` }, `${SITES_ORIGIN}/sites/lakeland/contact/sent/`, 'lakeland'],
    ['the sites origin, from the clinic server’s error page', { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/api/contact` }, `${SITES_ORIGIN}/sites/tampa/contact/sent/`, 'tampa'],
    ['the sites origin, without a Referer', { Origin: SITES_ORIGIN }, `${SITES_ORIGIN}/sites/tampa/contact/sent/`, 'tampa'],
    ['an address not registered for the city', { Origin: 'http://127.0.0.1:8123', Referer: 'http://127.0.0.1:8123/tampa/contact/' }, '/api/contact/sent/tampa', 'tampa'],
  ])('answers 303 to the confirmation page of %s', async (_name, headers, location, site) => {
    const { store, formPost } = contactTestApp();
    const res = await formPost(fields({ site }), headers);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
    expect(store.rows).toEqual([expect.objectContaining({ site, firstName: 'Jordan' })]);
  });

  // A city without a booking page has a copy of its contact page per service (/contact/trt-therapy/,
  // decision 023): its form names that page, and the message lands on the site's one contact/sent/.
  it.each([
    ['a deployed domain', { Origin: TAMPA, Referer: `${TAMPA}/contact/trt-therapy/` }, `${TAMPA}/contact/sent/`, 'tampa'],
    ['the sites origin, by the Referer', { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/trt-therapy/` }, `${SITES_ORIGIN}/sites/lakeland/contact/sent/`, 'lakeland'],
    ['the home clinic', { Origin: HOME_ORIGIN, Referer: `${HOME_ORIGIN}/contact/trt-therapy/` }, `${HOME_ORIGIN}/contact/sent/`, 'wesley-chapel'],
  ])("answers a post from a service's copy of the contact page on %s with its site's confirmation page", async (_name, headers, location, site) => {
    const { store, formPost } = contactTestApp();
    const res = await formPost(fields({ site, page: 'contact/trt-therapy/', service: 'TRT Therapy' }), headers);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
    expect(store.rows).toEqual([expect.objectContaining({ site, page: 'contact/trt-therapy/', service: 'TRT Therapy' })]);
  });

  it('never redirects to a Referer of another city on the sites origin', async () => {
    const { formPost } = contactTestApp();
    const res = await formPost(fields({ site: 'tampa' }), { Origin: SITES_ORIGIN, Referer: `${SITES_ORIGIN}/sites/lakeland/contact/` });
    expect(res.headers.get('location')).toBe(`${SITES_ORIGIN}/sites/tampa/contact/sent/`);
  });

  it('serves the clinic server’s confirmation page of the city, in its branding, and nothing is sent on reload', async () => {
    const { app, store } = contactTestApp();
    const res = await app.request('/api/contact/sent/tampa', { headers: { Host: 'clinic.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Message sent successfully!');
    expect(html).toContain('(813) 555-0101');
    expect(html).toContain(`href="${TAMPA}/about/"`);
    expect(store.rows).toHaveLength(0);
  });

  it('answers a bot exactly like a person: 303, nothing stored', async () => {
    const { store, formPost } = contactTestApp();
    const res = await formPost(fields({ site: 'tampa', website: 'http://spam.example' }), { Origin: TAMPA });
    expect(res.status).toBe(303);
    expect(store.rows).toHaveLength(0);
  });

  it('shows the city’s own contact page with the values kept, each error under its field, and the hidden fields', async () => {
    const { store, formPost } = contactTestApp();
    const res = await formPost(fields({ site: 'tampa', firstName: 'Kept', email: 'nope', message: 'short' }), { Origin: TAMPA, Referer: `${TAMPA}/contact/` });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Northstar Men’s Health');
    expect(html).toContain('(813) 555-0101');
    expect(html).toMatch(/id="firstName"[^>]*value="Kept"|value="Kept"[^>]*id="firstName"/);
    expect(html).toContain('id="email-error"');
    expect(html).toContain('Invalid email address');
    expect(html).toContain('<input type="hidden" name="site" value="tampa"/>');
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
