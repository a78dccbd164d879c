import { bodyNestedTooDeep, bodyNotJson, bodyNotJsonType, requestMalformed, requestTooLarge } from '../../texts/server.js';
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
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    return { ok: false, status: 400, error: bodyNotJson.title };
  }
  if (deeperThan(value, MAX_DEPTH)) return { ok: false, status: 400, error: bodyNestedTooDeep(MAX_DEPTH).title };
  return { ok: true, value };
}

/**
 * Levels of arrays and objects a body may nest: a config or a site's files take under ten. A
 * deeper value is refused here, before anything walks it: thousands of levels can overflow the
 * stack of what reads it next (a review saw copying one to the build worker answer 500 and end
 * the worker as if lost).
 */
const MAX_DEPTH = 64;

/** Whether `value` nests arrays and objects more than `max` levels deep, walked without recursion. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function notJson(type: string | undefined): JsonResult {
  return { ok: false, status: 415, error: bodyNotJsonType(type).title };
}

/** 5242880 -> '5MB', 262144 -> '256KB' (the spec writes sizes without a space: "max 5MB"). */
export function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`;
}
