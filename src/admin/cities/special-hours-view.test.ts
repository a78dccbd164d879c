import { describe, expect, it } from 'vitest';
import { abilitiesOf } from '../auth/account.js';
import { allowedView, hashOf, viewOf } from '../route.js';
import { entryOf, EMPTY_ENTRY } from './special-hours-entry.js';

/** Special hours for several cities (issue 39 item 9): its own address, for the roles that change cities. */
describe('the special hours view', () => {
  it('has its own address, and a front desk asking for it gets the list', () => {
    expect(viewOf('#special-hours')).toEqual({ name: 'special-hours' });
    expect(hashOf({ name: 'special-hours' })).toBe('#special-hours');
    for (const role of ['owner', 'editor'] as const) expect(allowedView({ name: 'special-hours' }, abilitiesOf({ role, cities: null }))).toEqual({ name: 'special-hours' });
    expect(allowedView({ name: 'special-hours' }, abilitiesOf({ role: 'frontdesk', cities: ['tampa'] }))).toEqual({ name: 'list' });
  });

  it('sends what the form holds as the config’s entry, leaving out what was not given so the server names it', () => {
    expect(entryOf({ ...EMPTY_ENTRY, label: 'Thanksgiving', date: '2026-11-26' })).toEqual({ label: 'Thanksgiving', date: '2026-11-26', closed: true });
    // The Spanish label, for the cities with Spanish pages (issue 40), only when given.
    expect(entryOf({ ...EMPTY_ENTRY, label: 'Thanksgiving', labelEs: ' Día de Acción de Gracias ', date: '2026-11-26' })).toEqual({ label: 'Thanksgiving', es: { label: 'Día de Acción de Gracias' }, date: '2026-11-26', closed: true });
    expect(entryOf({ ...EMPTY_ENTRY, label: 'Thanksgiving', labelEs: '  ', date: '2026-11-26' })).not.toHaveProperty('es');
    expect(entryOf({ ...EMPTY_ENTRY, label: 'Christmas Eve', date: '2026-12-24', through: '2026-12-26', kind: 'hours', opens: '09:00' })).toEqual({
      label: 'Christmas Eve',
      date: '2026-12-24',
      through: '2026-12-26',
      opens: '09:00',
    });
  });
});
