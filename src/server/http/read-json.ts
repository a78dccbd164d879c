import { bodyNotJson, bodyNotJsonType, requestMalformed, requestTooLarge } from '../../texts/server.js';
import { readBody } from './read-body.js';

export type JsonResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; error: string };

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Reads a JSON body of at most `maxBytes`; the error says what was wrong in words for the operator.
 * With `emptyAs`, an empty body reads as that value instead of being refused.
 *
 * The body must be labelled application/json (415 otherwise): that label is what makes a browser
 * ask a CORS preflight, which we never grant, before a cross-site page may send it. A multipart or
 * text label needs no preflight, so without this check a `no-cors` fetch could carry JSON to an
 * admin route with the operator's credentials. Only an empty body (`emptyAs`) may come unlabelled.
 */
export async function readJson(req: Request, maxBytes: number, opts: { emptyAs?: unknown } = {}): Promise<JsonResult> {
  const type = req.headers.get('content-type') ?? undefined;
  const labelled = JSON_TYPE.test(type ?? '');
  if (!labelled && opts.emptyAs === undefined) return notJson(type);
  const body = await readBody(req, maxBytes);
  if (body.ok && opts.emptyAs !== undefined && body.text.trim() === '') return { ok: true, value: opts.emptyAs };
  if (body.ok && !labelled) return notJson(type);
  if (!body.ok) {
    return body.status === 413
      ? { ok: false, status: 413, error: requestTooLarge(sizeLabel(maxBytes)).title }
      : { ok: false, status: 400, error: requestMalformed(body.reason).title };
  }
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown };
  } catch {
    return { ok: false, status: 400, error: bodyNotJson.title };
  }
}

function notJson(type: string | undefined): JsonResult {
  return { ok: false, status: 415, error: bodyNotJsonType(type).title };
}

/** 5242880 -> '5MB', 262144 -> '256KB' (the spec writes sizes without a space: "max 5MB"). */
export function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`;
}
