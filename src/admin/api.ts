/**
 * The admin's calls (spec section 7): every call sends credentials (the session cookie,
 * docs/decisions/017-staff-accounts.md); a call with a body sends JSON, except the multipart
 * uploads. A non-OK answer becomes an error whose message is `status: text` (spec section 8).
 * Every call goes through `adminFetch`, the one place that hears a 401: the session is gone (idle,
 * 12 hours, disabled, signed out elsewhere), and the page is told so with one window event.
 */

import { pathOf, type ApiRoute, type RequestOf, type ResponseOf } from '../contract/route.js';

/** The window event that says the session ended; its detail is a SignedOut. */
export const SIGNED_OUT_EVENT = 'admin:signed-out';

/** Why the admin was signed out: idle here, or ended on the server (any 401). */
export interface SignedOut {
  reason: 'idle' | 'ended';
}

/** Tells the page the session is gone, so it unmounts the admin and shows the sign-in page. */
export function signalSignedOut(reason: SignedOut['reason'] = 'ended'): void {
  globalThis.dispatchEvent?.(new CustomEvent<SignedOut>(SIGNED_OUT_EVENT, { detail: { reason } }));
}

/** When the last admin call was answered (ms): the idle keep-alive does not call while calls flow. */
let lastAnswerAt = 0;
export const lastAdminAnswer = () => lastAnswerAt;

/**
 * fetch for every admin call: credentials included, and a 401 signals that the session ended. The
 * sign-in calls, whose 401 means a wrong password or code, use fetch directly (auth/auth-api.ts).
 */
export async function adminFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, credentials: 'include' });
  lastAnswerAt = Date.now();
  if (res.status === 401) signalSignedOut('ended');
  return res;
}

/** An HTTP answer that was not OK; `body` is the text the server sent, `json` it parsed, if any. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }

  /** The body read as JSON, or undefined when it is not JSON. */
  get json(): Record<string, unknown> | undefined {
    return parseJson(this.body);
  }
}

/** JSON.parse that returns undefined instead of throwing, for bodies that may be plain text. */
export function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What a failed /api answer says: the server's words for a person and for an operator, and its field errors. */
export interface Failure {
  message?: string;
  error?: string;
  /** Field -> text; `_form` is about the request as a whole. */
  errors: Record<string, string>;
}

/**
 * Reads a failed answer's body. The server sends one shape, `{ success: false, error, message,
 * errors? }` (src/server/http/api-error.ts), but a proxy in front of it may answer with HTML or
 * plain text, so only string values are taken and anything else counts as absent.
 */
export function readFailure(json: Record<string, unknown> | undefined): Failure {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const errors: Record<string, string> = {};
  if (json?.errors && typeof json.errors === 'object' && !Array.isArray(json.errors)) {
    for (const [k, v] of Object.entries(json.errors)) if (typeof v === 'string') errors[k] = v;
  }
  return { message: text(json?.message), error: text(json?.error), errors };
}

/** Throws an HttpError for a non-OK response (spec section 8's message format). */
export async function throwIfNotOk(res: Response): Promise<Response> {
  if (!res.ok) throw new HttpError(res.status, await res.text().catch(() => ''), res.statusText);
  return res;
}

/** A call with credentials; `body` is sent as JSON (FormData as multipart). Throws on non-OK. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return throwIfNotOk(await adminFetch(url, init));
}

/** A query: GET with credentials, JSON answer. */
export async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

/** An answer the operator must read: the body on success, or the status and the server's words. */
export type Answer<T> = ({ ok: true } & T) | { ok: false; status: number; failure: Failure; body?: Record<string, unknown> };

/** A call whose failure is a value. A network error is status 0 with its message. */
export async function call<T>(method: string, url: string, body?: unknown): Promise<Answer<T>> {
  try {
    const res = await adminFetch(url, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return await answerOf<T>(res);
  } catch (err) {
    console.error(err);
    return { ok: false, status: 0, failure: { error: err instanceof Error ? err.message : String(err), errors: {} } };
  }
}

/**
 * A call of a route of the shared contract (src/contract, decision 026): its path filled in, its
 * body and its answer typed by the schemas the server validates with.
 */
export function callRoute<R extends ApiRoute>(
  route: R,
  o: { params?: Record<string, string>; query?: Record<string, string>; body?: RequestOf<R> } = {},
): Promise<Answer<ResponseOf<R>>> {
  return call<ResponseOf<R>>(route.method, urlOfRoute(route, o), o.body);
}

/** A route's address: its path with `params` filled in, and `query` when there is one. */
export function urlOfRoute(route: ApiRoute, o: { params?: Record<string, string>; query?: Record<string, string> } = {}): string {
  const query = o.query && Object.keys(o.query).length > 0 ? `?${new URLSearchParams(o.query)}` : '';
  return pathOf(route, o.params) + query;
}

/** A read of a route of the shared contract: its typed answer, or a thrown HttpError (as getJson). */
export const readRoute = <R extends ApiRoute>(route: R, o: { params?: Record<string, string>; query?: Record<string, string> } = {}): Promise<ResponseOf<R>> =>
  getJson<ResponseOf<R>>(urlOfRoute(route, o));

/**
 * The raw Response of a route of the shared contract, its body typed by the route's request (JSON,
 * or FormData for a multipart upload), for the calls that read the answer themselves: a download,
 * or a failure whose body holds more than the failure (Generate's field errors, a deploy's doorway).
 */
export function fetchRoute<R extends ApiRoute>(route: R, o: { params?: Record<string, string>; query?: Record<string, string>; body?: RequestOf<R> } = {}): Promise<Response> {
  const init: RequestInit = { method: route.method };
  if (o.body instanceof FormData) init.body = o.body;
  else if (o.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(o.body);
  }
  return adminFetch(urlOfRoute(route, o), init);
}

/** Reads a response as an Answer: OK with a JSON body (or none, as a 204), or the failure. */
export async function answerOf<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  const json = parseJson(text);
  if (res.ok && (json || text === '')) return { ok: true, ...((json ?? {}) as T) };
  const failure = readFailure(json);
  // A proxy's page or an empty body: spec section 8's `status: text`.
  if (!failure.error && !failure.message) failure.error = `${res.status}: ${text.slice(0, 200) || res.statusText}`;
  return { ok: false, status: res.status, failure, body: json };
}

/** The words to show for a failed Answer: the server's words for a person first. */
export const failureText = (failure: Failure): string => failure.message ?? failure.error ?? '';

/** Saves a blob under `name` through a temporary link (how a page starts a download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: Chromium reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
