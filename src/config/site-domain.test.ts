import { describe, expect, it } from 'vitest';
import { siteDomain } from './site-domain.js';

describe('siteDomain', () => {
  it('is the config’s domainName, the one its canonical links use, before its website’s host', () => {
    // The sample cities: one brand website, a domain of their own each.
    expect(siteDomain({ domainName: 'Tampa.Example.com', website: 'https://www.example.com' })).toBe('tampa.example.com');
    expect(siteDomain({ website: 'https://Tampa.Example.com/path' })).toBe('tampa.example.com');
    expect(siteDomain({ website: 'not a url' })).toBeUndefined();
    expect(siteDomain({})).toBeUndefined();
  });
});
