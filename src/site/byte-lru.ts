/**
 * A map held within a number of bytes, the least recently used entries dropped first: what a
 * thread keeps of encoded photos (images/cache.ts), drawn card bands (cards/band-cache.ts) and
 * compressed runs of card rows (cards/draw.ts). Map order is use order: a read moves an entry last.
 */
export class ByteLru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  /** The value under `key`, now the most recently used; undefined when not held. */
  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  /** Holds `value` (of `bytes` bytes) under `key`, dropping the least recently used others while over the limit. */
  set(key: string, value: V, bytes: number): void {
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.held -= old.bytes;
    }
    this.map.set(key, { value, bytes });
    this.held += bytes;
    for (const [k, v] of this.map) {
      if (this.held <= this.maxBytes || k === key) break;
      this.map.delete(k);
      this.held -= v.bytes;
    }
  }

  clear(): void {
    this.map.clear();
    this.held = 0;
  }
}
