import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Message } from '../../texts/message.js';
import { fieldsInvalid } from '../../texts/server.js';

/**
 * The one shape of every failed /api answer, whatever the route:
 *
 *   { success: false, error: string, message: string, errors?: { field: text } }
 *
 * - `error`: what went wrong, specific enough for an operator or a curl user
 *   ('tampa.example.com is already the domain of the live site tampa ...').
 * - `message`: the sentence a person is shown; defaults to `error`. The admin shows it as is:
 *   'Deployment failed' above the error, the logo alert 'Failed to upload logo: {message}'.
 * - `errors`: field -> text, when the request named fields that are wrong (the contact form, the
 *   generate form, a query). `_form` is a problem of the request as a whole.
 *
 * The spec's clients read `success`, `message` and `error` (deploy) and `message` (upload); the
 * admin form and the no-JavaScript contact page read `errors`. This shape has them all, so every
 * route builds its failure one way. Texts come from the catalogue (src/texts/server.ts).
 */
export interface ApiFailure {
  success: false;
  error: string;
  message: string;
  errors?: Record<string, string>;
}

/** A catalogue entry, or a text made elsewhere (a zod issue, a file-check result). */
export type FailureText = string | Message;

/** What a route says about its failure. */
export interface FailureInput {
  error: FailureText;
  message?: FailureText;
  errors?: Record<string, string>;
}

/** A catalogue entry as one line: title, then message and hint. */
export function textOf(t: FailureText): string {
  return typeof t === 'string' ? t : [t.title, t.message, t.hint].filter(Boolean).join(' ');
}

/** The body of a failed /api answer (see ApiFailure). */
export function apiFailure(input: FailureInput): ApiFailure {
  const error = textOf(input.error);
  const body: ApiFailure = { success: false, error, message: input.message === undefined ? error : textOf(input.message) };
  if (input.errors) body.errors = input.errors;
  return body;
}

/**
 * A failure of named fields: `errors` maps them, `error` lists them in one line. `message` is the
 * `_form` text when that is the only error (a refusal of the whole request), else fieldsInvalid.
 */
export function fieldFailure(errors: Record<string, string>): FailureInput {
  const entries = Object.entries(errors);
  const error = entries.map(([field, text]) => (field === '_form' ? text : `${field}: ${text}`)).join('; ');
  const onlyForm = entries.length === 1 && entries[0]![0] === '_form';
  return { error, message: onlyForm ? error : fieldsInvalid, errors };
}

/** True for the API's paths, whose failures are JSON; other paths answer in text or HTML. */
export function isApiPath(path: string): boolean {
  const p = path.toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}

/** Answers a failed /api call with `status` and the one failure shape. */
export function apiError(c: Context, status: ContentfulStatusCode, input: FailureInput, headers?: Record<string, string>): Response {
  return c.json(apiFailure(input), status, headers);
}
