import { describe, expect, it } from 'vitest';
import { abilitiesOf } from './auth/account.js';
import { allowedView, hashOf, viewOf, type View } from './route.js';

/** The views in the address (decision 017 adds Staff, Audit trail and one's own account pages). */
describe('views and addresses', () => {
  it.each<[string, View]>([
    ['', { name: 'list' }],
    ['#new', { name: 'new' }],
    ['#city/tampa', { name: 'city', slug: 'tampa' }],
    ['#deployments', { name: 'deployments' }],
    ['#staff', { name: 'staff' }],
    ['#audit', { name: 'audit' }],
    ['#password', { name: 'password' }],
    ['#two-step', { name: 'two-step' }],
    ['#messages', { name: 'messages' }],
    ['#messages/tampa', { name: 'messages', site: 'tampa' }],
    ['#messages?saved=mine', { name: 'messages', saved: 'mine' }],
    ['#messages?saved=today', { name: 'messages', saved: 'today' }],
    ['#brand', { name: 'brand' }],
    ['#brand-site', { name: 'brand-site' }],
  ])('%s is %j, and back', (hash, view) => {
    expect(viewOf(hash)).toEqual(view);
    expect(hashOf(view)).toBe(hash);
  });

  it('reads anything unknown or unsafe as the list', () => {
    for (const hash of ['#staffs', '#city/../x', '#city/', '#audit/1', '#constructor', '#__proto__', '#messages/', '#messages/../x', '#messages/a?q=pat@example.com', '#messages?saved=ortiz', '#messages?q=ortiz', '#messages?saved=mine&q=x']) expect(viewOf(hash)).toEqual({ name: 'list' });
  });
});

describe('the views a role may open', () => {
  const owner = abilitiesOf({ role: 'owner', cities: null });
  const editor = abilitiesOf({ role: 'editor', cities: null });
  const frontdesk = abilitiesOf({ role: 'frontdesk', cities: ['tampa'] });

  it('gives the owner every view', () => {
    for (const v of [{ name: 'staff' }, { name: 'audit' }, { name: 'new' }, { name: 'city', slug: 'tampa' }] as View[]) expect(allowedView(v, owner)).toEqual(v);
  });

  it('turns Staff and Audit trail into the list for the others', () => {
    for (const can of [editor, frontdesk]) {
      expect(allowedView({ name: 'staff' }, can)).toEqual({ name: 'list' });
      expect(allowedView({ name: 'audit' }, can)).toEqual({ name: 'list' });
    }
  });

  it('lets an editor, not a front desk, start a new city', () => {
    expect(allowedView({ name: 'new' }, editor)).toEqual({ name: 'new' });
    expect(allowedView({ name: 'new' }, frontdesk)).toEqual({ name: 'list' });
  });

  it('opens Messages for the owner and the front desk, never the editor', () => {
    for (const can of [owner, frontdesk]) expect(allowedView({ name: 'messages' }, can)).toEqual({ name: 'messages' });
    expect(allowedView({ name: 'messages', site: 'tampa' }, owner)).toEqual({ name: 'messages', site: 'tampa' });
    expect(allowedView({ name: 'messages' }, editor)).toEqual({ name: 'list' });
    expect(allowedView({ name: 'messages', site: 'tampa' }, editor)).toEqual({ name: 'list' });
  });

  it('keeps a front desk to its cities in the address', () => {
    expect(allowedView({ name: 'messages', site: 'tampa' }, frontdesk)).toEqual({ name: 'messages', site: 'tampa' });
    expect(allowedView({ name: 'messages', site: 'orlando' }, frontdesk)).toEqual({ name: 'messages' });
  });

  it('lets everyone open a city, the deployments, the brand site, their password and two-step sign-in', () => {
    for (const can of [owner, editor, frontdesk]) {
      for (const v of [{ name: 'city', slug: 'tampa' }, { name: 'deployments' }, { name: 'brand-site' }, { name: 'password' }, { name: 'two-step' }] as View[]) expect(allowedView(v, can)).toEqual(v);
    }
  });
});
