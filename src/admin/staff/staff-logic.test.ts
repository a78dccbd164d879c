import { describe, expect, it } from 'vitest';
import type { Account } from '../auth/account.js';
import { changedFields } from './account-editor.js';
import { citiesProblem, citiesValueOf } from './cities-field.js';
import { citiesLabel, citiesOf } from './staff-api.js';

const account: Account = {
  id: 'a2',
  email: 'desk@example.com',
  name: 'Sam Desk',
  role: 'frontdesk',
  cities: ['tampa'],
  active: true,
  totp: false,
  createdAt: '2026-01-01T00:00:00Z',
  lastSignInAt: null,
  passwordChange: false,
  twoStepRequired: false,
};

describe('an account’s cities', () => {
  it('are the ticked ones for a front desk of some cities, else null (all)', () => {
    expect(citiesOf('frontdesk', false, ['tampa'])).toEqual(['tampa']);
    expect(citiesOf('frontdesk', true, ['tampa'])).toBeNull();
    expect(citiesOf('editor', false, ['tampa'])).toBeNull();
    expect(citiesOf('owner', false, [])).toBeNull();
  });

  it('read as names in the table', () => {
    const names = new Map([['tampa', 'Tampa']]);
    expect(citiesLabel(account, names)).toBe('Tampa');
    expect(citiesLabel({ role: 'frontdesk', cities: ['tampa', 'gone'] }, names)).toBe('Tampa, gone');
    expect(citiesLabel({ role: 'frontdesk', cities: null }, names)).toBe('All cities');
    expect(citiesLabel({ role: 'frontdesk', cities: [] }, names)).toBe('None');
    expect(citiesLabel({ role: 'editor', cities: ['tampa'] }, names)).toBe('All cities');
  });

  it('need one city ticked when not all', () => {
    expect(citiesProblem('frontdesk', { all: false, ticked: [] })).toBe('Tick at least one city, or choose All cities.');
    expect(citiesProblem('frontdesk', { all: true, ticked: [] })).toBeUndefined();
    expect(citiesProblem('editor', { all: false, ticked: [] })).toBeUndefined();
    expect(citiesValueOf(null)).toEqual({ all: true, ticked: [] });
    expect(citiesValueOf(['tampa'])).toEqual({ all: false, ticked: ['tampa'] });
  });
});

describe('a change of an account', () => {
  it('sends only the fields that changed', () => {
    expect(changedFields(account, { name: 'Sam Desk', email: 'desk@example.com', role: 'frontdesk', cities: ['tampa'] })).toEqual({});
    expect(changedFields(account, { name: 'Sam D.', email: 'desk@example.com', role: 'editor', cities: null })).toEqual({ name: 'Sam D.', role: 'editor', cities: null });
    expect(changedFields(account, { name: 'Sam Desk', email: 'desk@example.com', role: 'frontdesk', cities: ['tampa', 'orlando'] })).toEqual({ cities: ['tampa', 'orlando'] });
  });
});
