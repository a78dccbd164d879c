import type { Context } from 'hono';
import type { z } from 'zod';
import { apiError, fieldFailure } from './api-error.js';
import type { AppEnv } from './app-env.js';
import { readJson } from './read-json.js';

/** Field -> the first message zod gave about it (`_form` for the request as a whole). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '_form')] ??= issue.message;
  return errors;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The query parsed by `schema`, or the 400 naming each field at fault. */
export function parseQuery<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Parsed<T> {
  const parsed = schema.safeParse(c.req.query());
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, response: apiError(c, 400, fieldFailure(fieldErrors(parsed.error.issues))) };
}

/** A JSON body of at most `maxBytes` parsed by `schema` (an empty body reads as {}), or the 4xx naming what is wrong. */
export async function parseBody<T>(c: Context<AppEnv>, schema: z.ZodType<T>, maxBytes: number): Promise<Parsed<T>> {
  const json = await readJson(c.req.raw, maxBytes, { emptyAs: {} });
  if (!json.ok) return { ok: false, response: apiError(c, json.status, { error: json.error }) };
  const parsed = schema.safeParse(json.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, response: apiError(c, 400, fieldFailure(fieldErrors(parsed.error.issues))) };
}
