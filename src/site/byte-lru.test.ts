import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.js';

describe('ByteLru', () => {
  it('drops the least recently used entries once over its bytes, never the one just set', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A'); // a is now the most recently used
    lru.set('c', 'C', 4); // 12 bytes: b goes
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['A', undefined, 'C']);
    lru.set('big', 'X', 50); // over the limit alone: kept, every other entry goes
    expect([lru.get('a'), lru.get('c'), lru.get('big')]).toEqual([undefined, undefined, 'X']);
  });

  it('counts an entry set again once', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 6);
    lru.set('a', 'A2', 6);
    lru.set('b', 'B', 4);
    expect([lru.get('a'), lru.get('b')]).toEqual(['A2', 'B']);
    lru.clear();
    expect(lru.get('a')).toBeUndefined();
  });
});
