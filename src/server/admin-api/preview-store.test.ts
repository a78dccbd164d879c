import { describe, expect, it } from 'vitest';
import { createPreviewStore, PREVIEW_LIMITS } from './preview-routes.js';

/** Previews live in memory: a few at a time, a bounded number of bytes, half an hour each. */
const site = (mb: number) => new Map([['index.html', new Uint8Array(mb * 1024 * 1024)]]);

describe('the preview store', () => {
  it('keeps the newest previews within the count and byte caps, dropping the oldest first', async () => {
    const store = createPreviewStore(() => 0);
    const small: string[] = [];
    for (let i = 0; i <= PREVIEW_LIMITS.maxPreviews; i++) small.push(await store.add(site(1)));
    const kept = async (ids: string[]) => Promise.all(ids.map(async (id) => (await store.get(id)) !== undefined));
    expect(await store.get(small[0]!)).toBeUndefined();
    expect((await kept(small.slice(1))).every(Boolean)).toBe(true);
    // Three sites of 40 MB go beyond 96 MB together: the small ones go first, then the oldest large one.
    const large = [await store.add(site(40)), await store.add(site(40)), await store.add(site(40))];
    expect(await kept(large)).toEqual([false, true, true]);
    expect((await kept(small)).filter(Boolean)).toEqual([]);
    // The newest preview is kept even when it alone is beyond the cap (the body limit bounds it).
    const huge = await store.add(site(100));
    expect(await store.get(huge)).toBeDefined();
    expect((await kept(large)).filter(Boolean)).toEqual([]);
  });

  it('forgets a preview after half an hour', async () => {
    let now = 0;
    const store = createPreviewStore(() => now);
    const id = await store.add(site(1));
    now = PREVIEW_LIMITS.ttlMs - 1;
    expect(await store.get(id)).toBeDefined();
    now = PREVIEW_LIMITS.ttlMs;
    expect(await store.get(id)).toBeUndefined();
  });
});
