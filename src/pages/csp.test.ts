import { describe, expect, it } from 'vitest';
import { brandStyle, pageCsp } from './csp.js';

/** img-src of a page: the site itself, plus the origin of each logo given by absolute URL. */
const imgSrc = (logos: { logoUrl?: string; logoLightUrl?: string }) =>
  /img-src ([^;]+)/.exec(pageCsp({ brandStyle: brandStyle('#123456'), contactEndpoint: '/api/contact', ...logos }))![1];

describe('pageCsp img-src', () => {
  it.each([
    ['no logo', {}, "'self'"],
    ['site-path logos', { logoUrl: '/logo.png', logoLightUrl: '/logo-light.png' }, "'self'"],
    ['an absolute light logo only', { logoUrl: '/logo.png', logoLightUrl: 'https://cdn.example.net/light.svg' }, "'self' https://cdn.example.net"],
    ['two origins', { logoUrl: 'https://a.example.com/l.png', logoLightUrl: 'https://B.example.com:8443/d.png' }, "'self' https://a.example.com https://b.example.com:8443"],
    ['one origin twice, named once', { logoUrl: 'https://cdn.example.com/a.png', logoLightUrl: 'https://cdn.example.com/b.png' }, "'self' https://cdn.example.com"],
  ])('%s', (_, logos, expected) => {
    expect(imgSrc(logos)).toBe(expected);
  });
});
