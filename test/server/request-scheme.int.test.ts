import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../helpers/accounts.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { rawGet, rawRequest } from './helpers.js';

/**
 * Whether a request came over TLS is the socket's to say (or a trusted proxy's), never the
 * client's: an HTTP/1.1 request line may name an absolute URL, `POST https://host/... HTTP/1.1`,
 * over plain TCP, and the server's URL then starts with https (found in review: any client could
 * sign in over plain http, and be handed the Secure session cookie in clear).
 */
let s: ServeProcess;
beforeAll(async () => {
  s = await startServeProcess();
});
afterAll(async () => {
  await s?.stop();
});
const port = () => Number(new URL(s.url).port);

describe('a request line that says https over plain http', () => {
  it('signs nobody in from beyond loopback, the right password notwithstanding, and sets no cookie', async () => {
    const body = JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const head = [
      `POST https://127.0.0.1:${port()}/api/session HTTP/1.1`,
      `Host: 127.0.0.1:${port()}`,
      'Connection: close',
      'Content-Type: application/json',
      `Origin: https://127.0.0.1:${port()}`,
      // As a client beyond loopback arrives through a proxy (this server trusts none).
      'X-Forwarded-For: 203.0.113.9',
      `Content-Length: ${Buffer.byteLength(body)}`,
    ];
    const res = await rawRequest(port(), [`${head.join('\r\n')}\r\n\r\n${body}`]);
    // Refused as what it is, a request from a page that is not this server's own (its Origin says
    // https, the server is on http): before the fix it passed as same-origin and past the https
    // rule, and the password was checked.
    expect(res.status).toBe(403);
    expect(res.body).toContain('Cross-site admin requests are refused');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('gets no Strict-Transport-Security header, which only a response over TLS may carry', async () => {
    const res = await rawGet(port(), `https://127.0.0.1:${port()}/`);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
