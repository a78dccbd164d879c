/**
 * Liveness and readiness, for a load balancer or a process supervisor. Each listener answers them
 * before anything else (no host guard, no password): they say nothing but whether the server is up,
 * and a balancer's probe names the backend by its address, which is no host a site answers to.
 *
 * - `GET /healthz`: 200 while the process answers at all, also while it starts or stops.
 * - `GET /readyz`: 200 when the site is built and the database takes writes; otherwise 503 with
 *   `Retry-After` and the reason (`starting`, `stopping`, `database`: its write lock has been held
 *   elsewhere for as long as a write would wait for it; `data key`: the store holds values sealed
 *   with a key this server was not given), so traffic goes elsewhere meanwhile. A ready server
 *   whose store still keeps patients' messages in clear after an upgrade (PostgreSQL's WAL until a
 *   superuser scrubs it: pg/wal-scrub.ts) answers 200 with `plaintext`, the count and what to run:
 *   it serves as well as ever, and taking every server out of a balancer would stop the site.
 */

export type Readiness = () => { ready: true; plaintext?: number } | { ready: false; reason: 'starting' | 'stopping' | 'database' | 'data key' };

const HEALTH = '/healthz';
const READY = '/readyz';

/** The answer to a health or readiness probe, or undefined for any other request. */
export function healthAnswer(req: Request, readiness: Readiness): Response | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const path = pathOf(req.url);
  if (path !== HEALTH && path !== READY) return undefined;
  if (path === HEALTH) return answer(req, 200, { status: 'ok' });
  const state = readiness();
  if (state.ready && state.plaintext) return answer(req, 200, { status: 'ready', plaintext: plaintextNote(state.plaintext) });
  return state.ready ? answer(req, 200, { status: 'ready' }) : answer(req, 503, { status: 'not ready', reason: state.reason }, { 'Retry-After': '1' });
}

/** What /readyz says while messages remain in clear outside the tables. */
const plaintextNote = (n: number) =>
  `${n} patients' messages sealed by the upgrade are still in clear in PostgreSQL's WAL: run clinic-gen plaintext scrub as a superuser (docs/serving.md#upgrading)`;

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
