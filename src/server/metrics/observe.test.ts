import { describe, expect, it } from 'vitest';
import { fromAddress, testApps } from '../../../test/helpers/server-app.js';
import { memoryLogger } from '../log/logger.js';
import { network } from './observe.js';

describe('the access log', () => {
  it('cuts an address to its network: IPv4 /24, IPv6 /48', () => {
    expect(network('203.0.113.77')).toBe('203.0.113.0/24');
    expect(network('2001:db8:abcd:12:3456::1')).toBe('2001:db8:abcd::/48');
    expect(network('::1')).toBe('0:0:0::/48');
    expect(network('not an address')).toBe('unknown');
  });

  it('writes one line a request with the route template, unless ACCESS_LOG=off', async () => {
    const on = memoryLogger();
    const apps = testApps({ logger: on });
    await apps.admin.request('http://clinic.example.com/trt-therapy/', {}, fromAddress('203.0.113.77'));
    await apps.admin.request('http://clinic.example.com/api/cities/tampa', {}, fromAddress('203.0.113.77'));
    const lines = on.events.filter((e) => e.event === 'http.request').map((e) => e.fields);
    expect(lines).toEqual([
      expect.objectContaining({ listener: 'admin', method: 'GET', route: '/*', status: 200, client: '203.0.113.0/24' }),
      expect.objectContaining({ listener: 'admin', method: 'GET', route: '/api/cities/:slug', status: 404, client: '203.0.113.77' }),
    ]);
    const off = memoryLogger();
    const quiet = testApps({ logger: off, server: { accessLog: false } });
    await quiet.admin.request('http://clinic.example.com/trt-therapy/', {}, fromAddress('203.0.113.77'));
    expect(off.events.filter((e) => e.event === 'http.request')).toEqual([]);
  });
});
