/**
 * A site's files: relative path (`about/index.html`, `logo.png`) -> contents, text or bytes. The
 * one type every part uses for a site in memory: the renderer (all text, `SiteFiles<string>`),
 * the site pipeline (text plus binary assets), build, dev, serve and the admin. The JSON wire form
 * (base64 for binary files) is a separate thing: see src/server/bundle/files.ts.
 */
export type SiteFiles<T extends string | Uint8Array = string | Uint8Array> = Record<string, T>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A file's contents as bytes (text as UTF-8). */
export function fileBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
}

/** A file's contents as text (bytes read as UTF-8). */
export function fileText(content: string | Uint8Array): string {
  return typeof content === 'string' ? content : decoder.decode(content);
}

/** True when two contents are the same bytes, whichever form each is in. */
export function sameContent(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (typeof a === 'string' && typeof b === 'string') return false;
  const x = fileBytes(a);
  const y = fileBytes(b);
  return x.byteLength === y.byteLength && Buffer.compare(x, y) === 0;
}

/** The parts one after another, in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
