import { describe, expect, it } from 'vitest';
import { createPreviewStore, PREVIEW_LIMITS } from './preview-routes.js';

/** Previews live in memory: a few at a time, a bounded number of bytes, half an hour each. */
const site = (mb: number) => new Map([['index.html', new Uint8Array(mb * 1024 * 1024)]]);

describe('the preview store', () => {
  it('keeps the newest previews within the count and byte caps, dropping the oldest first', () => {
    const store = createPreviewStore(() => 0);
    const small = Array.from({ length: PREVIEW_LIMITS.maxPreviews + 1 }, () => store.add(site(1)));
    expect(store.get(small[0]!)).toBeUndefined();
    expect(small.slice(1).every((id) => store.get(id))).toBe(true);
    // Three sites of 40 MB go beyond 96 MB together: the small ones go first, then the oldest large one.
    const large = [store.add(site(40)), store.add(site(40)), store.add(site(40))];
    expect(large.map((id) => store.get(id) !== undefined)).toEqual([false, true, true]);
    expect(small.filter((id) => store.get(id))).toEqual([]);
    // The newest preview is kept even when it alone is beyond the cap (the body limit bounds it).
    const huge = store.add(site(100));
    expect(store.get(huge)).toBeDefined();
    expect(large.filter((id) => store.get(id))).toEqual([]);
  });

  it('forgets a preview after half an hour', () => {
    let now = 0;
    const store = createPreviewStore(() => now);
    const id = store.add(site(1));
    now = PREVIEW_LIMITS.ttlMs - 1;
    expect(store.get(id)).toBeDefined();
    now = PREVIEW_LIMITS.ttlMs;
    expect(store.get(id)).toBeUndefined();
  });
});
