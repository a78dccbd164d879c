/**
 * Reads a request body with a hard byte limit. The limit holds for chunked bodies too: bytes are
 * counted as they arrive and reading stops at the first byte over the limit, so a client cannot
 * make us buffer more than `maxBytes` (plus one chunk).
 */
export type BodyResult =
  | { ok: true; text: string }
  | { ok: false; status: 400 | 413; reason: string };

const DIGITS = /^\d+$/;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export type BytesResult = { ok: true; bytes: Uint8Array } | { ok: false; status: 400 | 413; reason: string };

/** Reads `req`'s body as bytes, at most `maxBytes`. */
export async function readBytes(req: Request, maxBytes: number): Promise<BytesResult> {
  const declared = req.headers.get('content-length');
  if (declared !== null) {
    // Node's parser already refuses a malformed Content-Length on a real socket; this covers
    // other runtimes and app.request() in tests.
    if (!DIGITS.test(declared.trim())) return { ok: false, status: 400, reason: 'invalid Content-Length' };
    if (Number(declared) > maxBytes) return { ok: false, status: 413, reason: 'body too large' };
  }
  if (!req.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, status: 413, reason: 'body too large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, reason: 'body could not be read' };
  } finally {
    reader.releaseLock();
  }
  return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : concat(chunks, size) };
}

/** Reads `req`'s body as UTF-8 text of at most `maxBytes` bytes. */
export async function readBody(req: Request, maxBytes: number): Promise<BodyResult> {
  const read = await readBytes(req, maxBytes);
  if (!read.ok) return read;
  try {
    return { ok: true, text: decoder.decode(read.bytes) };
  } catch {
    return { ok: false, status: 400, reason: 'body is not valid UTF-8' };
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
