import { readBody } from '../http/read-body.js';

/**
 * Request bodies with a hard limit: a declared Content-Length over the limit is refused before a
 * byte is read, and a streamed (chunked) body is counted as it arrives, so no client can make the
 * server hold more than the limit in memory.
 */
export type BytesResult = { ok: true; bytes: Uint8Array } | { ok: false; status: 400 | 413; reason: string };

/** Reads `req`'s body as bytes, at most `maxBytes`. */
export async function readBytes(req: Request, maxBytes: number): Promise<BytesResult> {
  const declared = req.headers.get('content-length');
  if (declared !== null) {
    if (!/^\d+$/.test(declared.trim())) return { ok: false, status: 400, reason: 'invalid Content-Length' };
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
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; error: string };

/**
 * Reads a JSON body of at most `maxBytes`; the error says what was wrong in words for the operator.
 * With `emptyAs`, an empty body reads as that value instead of being refused.
 */
export async function readJson(req: Request, maxBytes: number, opts: { emptyAs?: unknown } = {}): Promise<JsonResult> {
  const body = await readBody(req, maxBytes);
  if (body.ok && opts.emptyAs !== undefined && body.text.trim() === '') return { ok: true, value: opts.emptyAs };
  if (!body.ok) {
    return body.status === 413
      ? { ok: false, status: 413, error: `The request is larger than ${sizeLabel(maxBytes)}` }
      : { ok: false, status: 400, error: `Bad request: ${body.reason}` };
  }
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown };
  } catch {
    return { ok: false, status: 400, error: 'Bad request: the body is not valid JSON' };
  }
}

/** 5242880 -> '5MB', 262144 -> '256KB' (the spec writes sizes without a space: "max 5MB"). */
export function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`;
}
