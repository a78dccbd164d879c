import { describe, expect, it } from 'vitest';
import { describer, messageIds, slugWords, type AuditNames } from './describe.js';
import type { AuditRecord } from './store.js';

const A = 'e934a1b2-0c1d-4e5f-8a9b-0123456789ab';
const B = '7f3a21c9-1111-4222-8333-444455556666';

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  seq: 1,
  at: '2026-11-26T10:00:00.000Z',
  actorId: 'acc-1',
  actorLabel: 'dana@example.com',
  address: '127.0.0.1',
  action: 'message.read',
  object: '',
  city: '',
  outcome: 200,
  mac: 'x',
  ...over,
});

const names: AuditNames = {
  people: async () => new Map([['acc-1', 'Dana Desk'], ['acc-2', 'Omar Owner'], ['token:t1', 'nightly (API token)']]),
  city: async (slug) => (slug === 'tampa' ? 'Tampa' : undefined),
};

describe('a record as people read it', () => {
  it('finds the messages a record names, by key or by path, once each', () => {
    expect(messageIds(`/api/inbox/${A} message=${A}`)).toEqual([A]);
    expect(messageIds(`messages=${A},${B} count=2`)).toEqual([A, B]);
    expect(messageIds('/api/inbox?site=tampa')).toEqual([]);
    // An account's or a note's id is no message.
    expect(messageIds(`message=${A} note=${B} assignee=${B}`)).toEqual([A]);
  });

  it('names the person, the city and the account acted on, and puts the action in words', async () => {
    const read = await describer(names);
    const [open, assign, unknownCity, shell] = await read.describe([
      record({ object: `/api/inbox/${A} message=${A}`, city: 'tampa' }),
      record({ action: 'message.assign', object: `/api/inbox/${A}/assignee message=${A} assignee=acc-2`, city: 'tampa', actorId: 'token:t1', actorLabel: 'token nightly' }),
      record({ action: 'city.delete', object: '/api/cities/wesley-chapel', city: 'wesley-chapel', outcome: 403 }),
      record({ action: 'account.update', object: 'account=acc-2 active', actorId: '', actorLabel: 'clinic-gen users (shell)' }),
    ]);
    expect(open).toMatchObject({ person: 'Dana Desk', actorName: 'dana@example.com', cityName: 'Tampa', messages: ['E934A1B2'], words: 'read a message' });
    expect(assign).toMatchObject({ person: 'nightly (API token)', words: 'assigned a message to Omar Owner', messages: ['E934A1B2'] });
    // A city the server no longer knows is named from its slug.
    expect(unknownCity).toMatchObject({ cityName: 'Wesley Chapel', words: 'tried to delete Wesley Chapel' });
    expect(shell).toMatchObject({ person: 'clinic-gen users (shell)', words: 'changed Omar Owner’s account', cityName: '' });
    expect(slugWords('port-st-lucie')).toBe('Port St Lucie');
  });
});
