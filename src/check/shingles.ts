/**
 * w-shingling (Broder, 1997): a text as the set of its runs of `k` consecutive words, compared by
 * Jaccard resemblance |A ∩ B| / |A ∪ B|. Shingles are kept as sorted 32-bit hashes so a pair of
 * pages compares by one merge, which keeps a check of hundreds of cities (tens of thousands of
 * pairs) to seconds.
 */

/** Five words: long enough that shared phrases mean copied sentences, short enough for short pages. */
export const SHINGLE_WORDS = 5;

/** The sorted, distinct hashes of the `k`-word shingles of `words` (a shorter text is one shingle). */
export function shingles(words: readonly string[], k = SHINGLE_WORDS): Uint32Array {
  if (words.length === 0) return new Uint32Array(0);
  // Hash each word once, then mix k word hashes per shingle: no strings built per shingle.
  const wh = words.map(fnv1a);
  const n = Math.max(1, words.length - k + 1);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let h = 0x9e3779b9;
    for (let j = i; j < Math.min(i + k, wh.length); j++) h = Math.imul(h ^ wh[j]!, 0x85ebca6b) ^ (h >>> 13);
    out[i] = h >>> 0;
  }
  out.sort();
  let w = 0;
  for (let i = 0; i < n; i++) if (i === 0 || out[i] !== out[i - 1]) out[w++] = out[i]!;
  return out.slice(0, w);
}

/** |A ∩ B| of two sorted sets of hashes. */
export function overlap(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return n;
}

/** Jaccard resemblance of two sorted sets; two empty sets are the same text (1). */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  const both = overlap(a, b);
  return both / (a.length + b.length - both);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A \ B of two sorted sets of hashes, sorted. */
export function difference(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  let i = 0;
  let j = 0;
  let w = 0;
  while (i < a.length) {
    if (j >= b.length || a[i]! < b[j]!) out[w++] = a[i++]!;
    else if (a[i] === b[j]) {
      i++;
      j++;
    } else j++;
  }
  return out.slice(0, w);
}

/** The sorted, distinct union of sorted sets of hashes. */
export function union(sets: readonly Uint32Array[]): Uint32Array {
  const all = new Uint32Array(sets.reduce((n, s) => n + s.length, 0));
  let w = 0;
  for (const s of sets) {
    all.set(s, w);
    w += s.length;
  }
  all.sort();
  let d = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[d++] = all[i]!;
  return all.slice(0, d);
}
