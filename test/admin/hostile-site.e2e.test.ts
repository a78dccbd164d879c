import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validMessage } from '../helpers/server-app.js';
import { openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * A deployed page is HTML and JavaScript from a files map: it must not be able to act as the
 * operator. Here it tries, in Chromium, with the operator signed in (the browser holds the admin's
 * session cookie, which ports do not separate): fetch the admin API with credentials, open a window on the admin and
 * script it, open a window on its own origin and call the admin API from there (what worked when
 * deployed sites shared the admin's origin). It gets nothing: no data read, nothing deleted.
 */
const SECRET = 'SECRET-PATIENT-NOTE about my testosterone levels';
let world: AdminWorld;

/** The admin API as a script calls it: the owner's token. */
const api = (path: string, init: RequestInit = {}) => fetch(`${world.url}${path}`, { ...init, headers: { Authorization: world.owner, 'Content-Type': 'application/json', ...init.headers } });

/** The hostile script: every attempt's outcome goes into #out, then the title says done. */
const evil = (admin: string) => `
const admin = ${JSON.stringify(admin)};
const out = {};
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function attempt(name, fn) {
  const late = wait(5000).then(() => 'timed out');
  try { out[name] = await Promise.race([fn(), late]); } catch (e) { out[name] = 'refused: ' + (e && e.name); }
}
await attempt('read messages', () => fetch(admin + '/api/messages', { credentials: 'include' }).then((r) => r.text()));
await attempt('read deployments', () => fetch(admin + '/api/deployments', { credentials: 'include' }).then((r) => r.text()));
await attempt('delete deployment', () => fetch(admin + '/api/deployments/tampa', { method: 'DELETE', credentials: 'include' }).then((r) => r.status));
await attempt('blind post', () => fetch(admin + '/api/deployments/tampa/rollback', { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }).then((r) => r.type));
let adminWindow;
await attempt('admin window', async () => {
  adminWindow = window.open(admin + '/admin');
  out['admin window opened'] = adminWindow !== null;
  // Until its navigation commits, the window is about:blank of this page's origin: wait for the
  // admin to take it (its address unreadable from here, or the window cut off), at most 4 s.
  for (let i = 0; i < 40; i++) {
    try { if (adminWindow.closed || adminWindow.location.href !== 'about:blank') break; } catch { break; }
    await wait(100);
  }
  return adminWindow.document.body.innerHTML;
});
await attempt('admin window fetch', () => adminWindow.fetch('/api/messages').then((r) => r.text()));
await attempt('own-origin window', async () => {
  const w = window.open('/', 'ownwin');
  // Its own page loaded (same origin, so readable), at most 4 s.
  for (let i = 0; i < 40 && !(w.location.pathname === '/' && w.document.readyState === 'complete'); i++) await wait(100);
  const messages = await w.fetch('/api/messages', { credentials: 'include' });
  const gone = await w.fetch('/api/deployments/tampa', { method: 'DELETE', credentials: 'include' });
  return messages.status + ' ' + (await messages.text()) + ' / ' + gone.status;
});
document.getElementById('out').textContent = JSON.stringify(out);
document.title = 'done';
`;

beforeAll(async () => {
  world = await startAdminWorld({ CONTACT_RATE_LIMIT: '0' });
  const stored = await fetch(`${world.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validMessage({ message: SECRET })) });
  expect(stored.status).toBe(201);
  const files = {
    'index.html': '<!DOCTYPE html><html><head><title>Tampa</title><script type="module" src="evil.js"></script></head><body><pre id="out"></pre></body></html>',
    'evil.js': evil(world.url),
  };
  const deployed = await api('/api/deploy-website', { method: 'POST', body: JSON.stringify({ city: 'Tampa', files }) });
  expect(deployed.status).toBe(200);
});
afterAll(() => world?.close());

describe('a hostile deployed page, the operator signed in', () => {
  it('reads nothing of the admin and changes nothing', async () => {
    const { page, context } = await openAdmin(world);
    expect(await page.title()).toBe('Clinic Website Generator');
    // Signed in: the admin answers this browser's cookie.
    expect(await (await page.request.get(`${world.url}/api/session`)).json()).toMatchObject({ signedIn: true, stage: 'full' });
    expect((await page.request.get(`${world.url}/api/messages`)).status()).toBe(200);

    const hostile = await context.newPage();
    await hostile.goto(`${world.sitesUrl}/sites/tampa/`);
    await hostile.waitForFunction(() => document.title === 'done', undefined, { timeout: 20_000 });
    const out = JSON.parse((await hostile.locator('#out').textContent()) ?? '{}') as Record<string, unknown>;

    expect(out['admin window opened']).toBe(true);
    for (const key of ['read messages', 'read deployments', 'delete deployment', 'admin window', 'admin window fetch']) {
      expect(String(out[key]), key).toMatch(/^refused: /);
    }
    // A request sent blind, whose answer the page cannot see: the admin refused it anyway (below).
    expect(out['blind post']).toMatch(/^(opaque|refused: .*)$/);
    // Its own origin has no admin API to call.
    expect(out['own-origin window']).toMatch(/^404 .* \/ 404$/);
    expect(JSON.stringify(out)).not.toContain('SECRET-PATIENT-NOTE');
    expect(JSON.stringify(out)).not.toContain('siteName');

    // As the operator sees it afterwards: the deployment is live, on its release, the message is there.
    const list = (await (await api('/api/deployments')).json()) as { deployments: { siteName: string; release: string }[] };
    expect(list.deployments.map((d) => d.siteName)).toEqual(['tampa']);
    const messages = (await (await api('/api/messages')).json()) as { total: number; messages: { message: string }[] };
    expect(messages.total).toBe(1);
    expect(messages.messages[0]!.message).toBe(SECRET);
    expect((await fetch(`${world.sitesUrl}/sites/tampa/`)).status).toBe(200);
    await context.close();
  }, 60_000);
});
