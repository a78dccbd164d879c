import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_SWIPE_THRESHOLD, createToastStore } from './toast-store.js';

describe('notices (spec sections 4 and 9)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('has the constants of the spec', () => {
    expect([TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_DURATION, TOAST_SWIPE_THRESHOLD]).toEqual([1, 1_000_000, 5000, 50]);
  });

  it('keeps one notice: a new one replaces the older', () => {
    const store = createToastStore();
    store.add({ title: 'Error sending message', description: 'x', variant: 'destructive' });
    store.add({ title: 'Message sent successfully!', description: 'y', variant: 'default' });
    expect(store.get().map((t) => t.title)).toEqual(['Message sent successfully!']);
  });

  it('can update a notice, and removes a dismissed one 1,000,000 ms later', () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((t) => seen.push(t.length));
    const id = store.add({ title: 'a', description: 'b', variant: 'default' });
    store.update(id, { description: 'c' });
    expect(store.get()[0]!.description).toBe('c');
    store.dismiss(id);
    expect(store.get()[0]!.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
    expect(seen).toEqual([1, 1, 1, 0]);
  });
});
