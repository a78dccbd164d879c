import { describe, expect, it } from 'vitest';
import { privateEndpointHost } from './endpoint.js';

describe('privateEndpointHost', () => {
  it.each([
    ['http://127.0.0.1:4700/api/contact', '127.0.0.1'],
    ['http://localhost:3000/api/contact', 'localhost'],
    ['http://[::1]:3000/api/contact', '[::1]'],
    ['http://192.168.1.20:3000/api/contact', '192.168.1.20'],
    ['http://10.0.0.2/api/contact', '10.0.0.2'],
    ['http://172.20.0.5/api/contact', '172.20.0.5'],
    ['http://[fd00::1]/api/contact', '[fd00::1]'],
    ['http://clinic.local/api/contact', 'clinic.local'],
  ])('names %s as private (%s)', (url, host) => {
    expect(privateEndpointHost(url)).toBe(host);
  });

  it.each(['https://clinic.example.com/api/contact', 'https://172.32.0.1/api/contact', 'https://8.8.8.8/api/contact', '/api/contact', 'not a url'])('lets %s pass', (url) => {
    expect(privateEndpointHost(url)).toBeUndefined();
  });
});
