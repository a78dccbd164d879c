import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../rate-limits/store.js';
import { isLoopback, normalizeIp, rateKey } from './client-address.js';
import { checkPath, rawPath } from './path-guard.js';
import { readBody } from './read-body.js';

describe('checkPath', () => {
  it('passes plain paths through untouched', () => {
    expect(checkPath('/trt-therapy/')).toEqual({ ok: true, path: '/trt-therapy/' });
    expect(checkPath('/')).toEqual({ ok: true, path: '/' });
  });

  it('decodes harmless escapes', () => {
    expect(checkPath('/caf%C3%A9/')).toEqual({ ok: true, path: '/café/' });
  });

  it.each(['/..%2f..%2fetc/passwd', '/%2Fadmin', '/a%5cb', '/%2e%2e/x', '/x/%2E/y', '/a%00', '/%E0%A4%A', '/a\\b'])('refuses %s with 400', (p) => {
    expect(checkPath(p)).toMatchObject({ ok: false, status: 400 });
  });

  it('redirects repeated slashes to a single-slash path that cannot be protocol-relative', () => {
    expect(checkPath('//evil.example/x', '?a=1')).toEqual({ ok: false, status: 308, location: '/evil.example/x?a=1' });
    expect(checkPath('/about//team')).toEqual({ ok: false, status: 308, location: '/about/team' });
  });

  it('rawPath stops at the query and the fragment', () => {
    expect(rawPath('http://h:3000/a/b?x=/c#d')).toBe('/a/b');
    expect(rawPath('http://h')).toBe('/');
  });
});

describe('client addresses', () => {
  it('folds IPv4-mapped IPv6', () => expect(normalizeIp('::ffff:192.0.2.1')).toBe('192.0.2.1'));
  it('keys IPv6 clients by their /64', () => {
    expect(rateKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateKey('192.0.2.1')).toBe('192.0.2.1');
  });
  it('knows loopback', () => {
    expect(isLoopback('127.0.0.5')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });
});

describe('rate limiter', () => {
  it('allows `limit` hits per window, then says when to retry', () => {
    let t = 0;
    const rl = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => t });
    expect(rl.hit('a').ok).toBe(true);
    t = 10_000;
    expect(rl.hit('a').ok).toBe(true);
    expect(rl.hit('a')).toEqual({ ok: false, retryAfterSeconds: 50 });
    t = 60_001;
    expect(rl.hit('a').ok).toBe(true);
  });

  it('stays bounded in memory under a flood of keys', () => {
    const rl = createRateLimiter({ limit: 1, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) rl.hit(`k${i}`);
    expect(rl.hit('k9999').ok).toBe(false); // recent keys are kept
  });

  it('is off at 0', () => {
    const rl = createRateLimiter({ limit: 0 });
    for (let i = 0; i < 100; i++) expect(rl.hit('a').ok).toBe(true);
  });
});

describe('readBody', () => {
  const stream = (chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
  const req = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
    new Request('http://h/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('reads a streamed body without a length', async () => {
    expect(await readBody(req(stream(['{"a":', '1}'])), 100)).toEqual({ ok: true, text: '{"a":1}' });
  });

  it('stops at the limit for a streamed body', async () => {
    expect(await readBody(req(stream(['x'.repeat(60), 'y'.repeat(60)])), 100)).toMatchObject({ ok: false, status: 413 });
  });

  it('refuses a declared length over the limit without reading, and a malformed one', async () => {
    expect(await readBody(req('x', { 'content-length': '5000' }), 100)).toMatchObject({ ok: false, status: 413 });
    expect(await readBody(req('x', { 'content-length': 'abc' }), 100)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses invalid UTF-8', async () => {
    const bad = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
        c.close();
      },
    });
    expect(await readBody(req(bad), 100)).toMatchObject({ ok: false, status: 400 });
  });
});
