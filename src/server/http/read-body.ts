import { IncomingMessage } from 'node:http';

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

/**
 * Reads `req`'s body as bytes, at most `maxBytes`. Given the Node request it came from (a real
 * socket: @hono/node-server's `c.env.incoming`), reads that stream directly: the same bytes and
 * limits without building a WHATWG Request and ReadableStream, which cost the contact POST about a
 * sixth of its throughput (npm run bench). Whatever is left unread after an early answer
 * @hono/node-server drains or closes.
 *
 * `shared`: a body of a declared length read from `incoming` is gathered into memory a worker
 * thread can share (a SharedArrayBuffer), each chunk copied as it arrives: a 16 MB import posted
 * to its worker then costs no copy of the whole at once on this thread (cities/import-worker.ts).
 */
export async function readBytes(req: Request, maxBytes: number, incoming?: unknown, opts: { shared?: boolean } = {}): Promise<BytesResult> {
  const declared = req.headers.get('content-length');
  if (declared !== null) {
    // Node's parser already refuses a malformed Content-Length on a real socket; this covers
    // other runtimes and app.request() in tests.
    if (!DIGITS.test(declared.trim())) return { ok: false, status: 400, reason: 'invalid Content-Length' };
    if (Number(declared) > maxBytes) return { ok: false, status: 413, reason: 'body too large' };
  }
  // Tests hand app.request() an env with a bare { socket } to set the client address: not a stream.
  // A request already destroyed (the client sent everything, then closed before the body was
  // read) goes the long way: @hono/node-server recovers the body it had buffered.
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead && !incoming.destroyed) {
    return readIncoming(incoming, maxBytes, opts.shared && declared !== null ? Number(declared) : undefined);
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

function readIncoming(incoming: IncomingMessage, maxBytes: number, sharedSize?: number): Promise<BytesResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // Node's parser ends the body at its Content-Length: a body that says more (or less) is never seen here.
    const into = sharedSize !== undefined && sharedSize > 0 ? new Uint8Array(new SharedArrayBuffer(sharedSize)) : undefined;
    let size = 0;
    let filled = 0;
    let settled = false;
    const finish = (result: BytesResult) => {
      if (settled) return;
      settled = true;
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFailure);
      incoming.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        incoming.pause();
        finish({ ok: false, status: 413, reason: 'body too large' });
      } else if (into && chunks.length === 0 && size <= into.byteLength) {
        into.set(chunk, filled);
        filled = size;
      } else chunks.push(chunk);
    };
    const parts = () => (into ? [into.subarray(0, filled), ...chunks] : chunks);
    const onEnd = () =>
      finish({ ok: true, bytes: into && filled === into.byteLength && chunks.length === 0 ? into : !into && chunks.length === 1 ? chunks[0]! : Buffer.concat(parts(), size) });
    const onFailure = () => finish({ ok: false, status: 400, reason: 'body could not be read' });
    const onClose = () => (incoming.readableEnded ? onEnd() : onFailure());
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onFailure);
    incoming.on('close', onClose);
    // Ended before anyone listened: 'end' will not come again. (A destroyed request never gets
    // here: readBytes sends it the way that recovers its buffered body.)
    if (incoming.readableEnded) onEnd();
  });
}

/** Reads `req`'s body as UTF-8 text of at most `maxBytes` bytes (`incoming`: see readBytes). */
export async function readBody(req: Request, maxBytes: number, incoming?: unknown): Promise<BodyResult> {
  const read = await readBytes(req, maxBytes, incoming);
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
