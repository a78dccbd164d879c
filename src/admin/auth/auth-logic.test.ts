import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFetch, SIGNED_OUT_EVENT } from '../api.js';
import { abilitiesOf, gateOf, isSignedIn, NO_ABILITIES, passwordProblems, thenSentence, type Account } from './account.js';
import { retryAfterSeconds } from './auth-api.js';
import { appCode, groupSecret, svgDataUrl } from './code.js';
import { isIdle, keepAliveDue } from './idle.js';
import { signedOutNotice } from './use-gate.js';

const account: Account = {
  id: 'a1',
  email: 'owner@example.com',
  name: 'Dana Owner',
  role: 'owner',
  cities: null,
  active: true,
  totp: true,
  createdAt: '2026-01-01T00:00:00Z',
  lastSignInAt: null,
  passwordChange: false,
  twoStepRequired: false,
};

describe('what a role shows (decision 017)', () => {
  it('gives the owner everything', () => {
    expect(abilitiesOf({ role: 'owner', cities: null })).toEqual({ editCities: true, readMessages: true, exportMessages: true, manageStaff: true, messageCities: null });
  });

  it('gives the editor the cities and never a message', () => {
    expect(abilitiesOf({ role: 'editor', cities: null })).toEqual({ editCities: true, readMessages: false, exportMessages: false, manageStaff: false, messageCities: null });
  });

  it('gives the front desk its cities’ messages, no export and no change', () => {
    expect(abilitiesOf({ role: 'frontdesk', cities: ['tampa', 'orlando'] })).toEqual({
      editCities: false,
      readMessages: true,
      exportMessages: false,
      manageStaff: false,
      messageCities: ['tampa', 'orlando'],
    });
    expect(abilitiesOf({ role: 'frontdesk', cities: null }).messageCities).toBeNull();
  });

  it('gives nothing without an account or for a role it does not know', () => {
    expect(abilitiesOf(undefined)).toEqual(NO_ABILITIES);
    expect(abilitiesOf({ role: 'admin' as never, cities: null })).toEqual(NO_ABILITIES);
  });
});

describe('the session gate', () => {
  it('opens the admin at stage full only', () => {
    expect(gateOf({ signedIn: true, stage: 'full', account, setup: false })).toEqual({ step: 'full', account });
    expect(gateOf({ signedIn: true, stage: 'totp', account, setup: false })).toEqual({ step: 'totp', account });
    expect(gateOf({ signedIn: true, stage: 'enrol', account, setup: false })).toEqual({ step: 'enrol', account });
  });

  it('shows setup when no account exists, else sign-in', () => {
    expect(gateOf({ signedIn: false, setup: true })).toEqual({ step: 'setup' });
    expect(gateOf({ signedIn: false, setup: false })).toEqual({ step: 'sign-in' });
    expect(gateOf({ signedIn: false, setup: false }, 'Your session ended. Sign in again.')).toEqual({ step: 'sign-in', notice: 'Your session ended. Sign in again.' });
  });

  it('treats a signed-in answer without an account or a stage as signed out', () => {
    expect(gateOf({ signedIn: true, stage: 'full', setup: false })).toEqual({ step: 'sign-in' });
    expect(gateOf({ signedIn: true, account, setup: false })).toEqual({ step: 'sign-in' });
  });

  it('knows which pages hold a session', () => {
    expect([{ step: 'totp', account }, { step: 'enrol', account }, { step: 'full', account }].every((g) => isSignedIn(g as never))).toBe(true);
    expect([{ step: 'loading' }, { step: 'setup' }, { step: 'sign-in' }, { step: 'unreachable' }].some((g) => isSignedIn(g as never))).toBe(false);
  });

  it('says why the person was signed out', () => {
    expect(signedOutNotice('idle', 15)).toBe('You were signed out after 15 minutes without activity.');
    expect(signedOutNotice('idle', 1)).toBe('You were signed out after 1 minute without activity.');
    expect(signedOutNotice('ended', 15)).toBe('Your session ended. Sign in again.');
    expect(signedOutNotice('user', 15)).toBe('You signed out.');
  });
});

describe('a refused sign-in with its time', () => {
  it('ends the server’s text before the next sentence, once', () => {
    expect(thenSentence('Too many failed sign-ins for this account; try again in a minute', ' You can try again at 4:10 AM.')).toBe(
      'Too many failed sign-ins for this account; try again in a minute. You can try again at 4:10 AM.',
    );
    expect(thenSentence('Not signed in (500).', ' You can try again at 4:10 AM.')).toBe('Not signed in (500). You can try again at 4:10 AM.');
    expect(thenSentence('The email or password is wrong.', '')).toBe('The email or password is wrong.');
  });
});

describe('passwords and codes', () => {
  it('asks for 12 characters, then the same twice', () => {
    expect(passwordProblems('short', 'short')).toEqual({ password: 'Use at least 12 characters.' });
    expect(passwordProblems('short', 'shorter')).toEqual({ password: 'Use at least 12 characters.', confirm: 'The two passwords differ.' });
    expect(passwordProblems('twelve chars', 'twelve charz')).toEqual({ confirm: 'The two passwords differ.' });
    expect(passwordProblems('twelve chars', 'twelve chars')).toEqual({});
  });

  it('reads an app code with spaces or a dash, and nothing else', () => {
    expect(appCode('123456')).toBe('123456');
    expect(appCode(' 123 456 ')).toBe('123456');
    expect(appCode('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '']) expect(appCode(bad)).toBeUndefined();
  });

  it('groups a secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });

  it('makes the QR code a base64 data URL, never markup', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>QR – code</title></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8')).toBe(svg);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT'))).toBe(60);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('idle', () => {
  it('is idle after the minutes without input', () => {
    const t = 1_000_000_000;
    expect(isIdle(t + 15 * 60_000 - 1, t, 15)).toBe(false);
    expect(isIdle(t + 15 * 60_000, t, 15)).toBe(true);
  });

  it('keeps the server’s session alive only when nothing reached it for a minute', () => {
    const t = 1_000_000_000;
    expect(keepAliveDue(t, t - 30_000, t - 120_000)).toBe(false);
    expect(keepAliveDue(t, t - 61_000, t - 120_000)).toBe(true);
    expect(keepAliveDue(t, t - 120_000, t - 10_000)).toBe(false);
  });
});

describe('a 401 from an admin call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells the page the session ended, once per answer; other answers do not', async () => {
    const heard: unknown[] = [];
    vi.stubGlobal('dispatchEvent', (e: CustomEvent) => heard.push([e.type, e.detail]));
    vi.stubGlobal('fetch', async (url: string) => new Response('{}', { status: url === '/gone' ? 401 : 403 }));
    await adminFetch('/forbidden');
    expect(heard).toEqual([]);
    await adminFetch('/gone');
    expect(heard).toEqual([[SIGNED_OUT_EVENT, { reason: 'ended' }]]);
  });
});
