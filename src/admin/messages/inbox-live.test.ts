import { describe, expect, it } from 'vitest';
import { warningDue } from '../auth/idle.js';
import { arrivedLine, presenceLine } from './inbox-live.js';
import { draftDirty } from './message-work.js';

describe('the live inbox and its drafts, in words and rules', () => {
  it('names who else views a message', () => {
    expect(presenceLine([])).toBe('');
    expect(presenceLine(['Tom Desk'])).toBe('Tom Desk is viewing this message');
    expect(presenceLine(['Ann Lee', 'Tom Desk'])).toBe('Ann Lee and Tom Desk are viewing this message');
    expect(presenceLine(['Ann Lee', 'Bo Kay', 'Tom Desk'])).toBe('Ann Lee, Bo Kay and Tom Desk are viewing this message');
  });

  it('counts new messages in the banner', () => {
    expect(arrivedLine(1)).toBe('1 new message');
    expect(arrivedLine(2)).toBe('2 new messages');
  });

  it('holds a draft while a status, its reason, an assignee or a note differ from the message', () => {
    const m = { status: 'new' as const, closeReason: null, assigneeId: null };
    const clean = { status: 'new' as const, reason: '', assignee: '', note: '' };
    expect(draftDirty(clean, m)).toBe(false);
    expect(draftDirty({ ...clean, note: '   ' }, m)).toBe(false);
    expect(draftDirty({ ...clean, note: 'Called.' }, m)).toBe(true);
    expect(draftDirty({ ...clean, status: 'closed', reason: 'no_answer' }, m)).toBe(true);
    expect(draftDirty({ ...clean, assignee: 'tom' }, m)).toBe(true);
    // A reason left behind by a status that is no longer Closed is no work.
    expect(draftDirty({ ...clean, reason: 'no_answer' }, m)).toBe(false);
  });

  it('warns in the last minute before the idle sign-out, not before and not after', () => {
    const t = Date.parse('2026-12-01T10:00:00Z');
    expect(warningDue(t + 14 * 60_000 - 1, t, 15)).toBe(false);
    expect(warningDue(t + 14 * 60_000, t, 15)).toBe(true);
    expect(warningDue(t + 15 * 60_000 - 1, t, 15)).toBe(true);
    expect(warningDue(t + 15 * 60_000, t, 15)).toBe(false);
  });
});
