/**
 * The admin's calls (spec section 7): every call sends credentials (the server asks for HTTP Basic
 * auth, which the browser then attaches); a call with a body sends JSON, except the multipart
 * logo upload. A non-OK answer becomes an error whose message is `status: text` (spec section 8).
 */

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
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return throwIfNotOk(await fetch(url, init));
}

/** A query: GET with credentials, JSON answer. */
export async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

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
