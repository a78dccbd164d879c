/**
 * Liveness and readiness, for a load balancer or a process supervisor. Each listener answers them
 * before anything else (no host guard, no password): they say nothing but whether the server is up,
 * and a balancer's probe names the backend by its address, which is no host a site answers to.
 *
 * - `GET /healthz`: 200 while the process answers at all, also while it starts or stops.
 * - `GET /readyz`: 200 when the site is built and the database takes writes; otherwise 503 with
 *   `Retry-After` and the reason (`starting`, `stopping`, `database`: its write lock has been held
 *   elsewhere for as long as a write would wait for it; `data key`: the store holds values sealed
 *   with a key this server was not given), so traffic goes elsewhere meanwhile.
 */

export type Readiness = () => { ready: true } | { ready: false; reason: 'starting' | 'stopping' | 'database' | 'data key' };

const HEALTH = '/healthz';
const READY = '/readyz';

/** The answer to a health or readiness probe, or undefined for any other request. */
export function healthAnswer(req: Request, readiness: Readiness): Response | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const path = pathOf(req.url);
  if (path !== HEALTH && path !== READY) return undefined;
  if (path === HEALTH) return answer(req, 200, { status: 'ok' });
  const state = readiness();
  return state.ready ? answer(req, 200, { status: 'ready' }) : answer(req, 503, { status: 'not ready', reason: state.reason }, { 'Retry-After': '1' });
}

/** The path of an absolute request URL, without its query; sliced, not parsed (every request pays for it). */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const q = url.indexOf('?', start);
  return q === -1 ? url.slice(start) : url.slice(start, q);
}

function answer(req: Request, status: number, body: Record<string, string>, headers: Record<string, string> = {}): Response {
  return new Response(req.method === 'HEAD' ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}
