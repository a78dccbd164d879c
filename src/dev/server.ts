import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTS_PATH, injectClient } from './client.js';
import type { EventHub } from './events.js';
import { fileText } from '../model/files.js';
import { contentType } from '../site/site-paths.js';
import { resolvePath } from './routes.js';
import type { DevState } from './state.js';

const NO_BUILD = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>No good build yet | clinic-gen dev</title></head><body><main><h1>No good build yet</h1><p>The config has errors (see the terminal). Fix them and save: this page reloads by itself.</p></main></body></html>';

/** Host names a page on this machine uses; anything else is another site rebinding its DNS to us. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The dev HTTP server: the site from memory (with the dev client in each page; the logo is one of
 * the site's files, as in a build) and the event stream. Loopback only, and requests naming another host are refused, so a
 * web page elsewhere cannot read the site in progress through DNS rebinding.
 */
export async function startHttp(opts: { port: number; host: string; state: DevState; hub: EventHub; isStale: (path: string, build: string) => boolean }) {
  const { state, hub } = opts;
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (!LOOPBACK.has(host) && host !== opts.host) return void res.writeHead(403).end('clinic-gen dev answers only requests for localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === EVENTS_PATH) {
      return hub.accept(req, res, url, (c) => {
        if (state.errors) hub.send(c, 'build-error', { errors: state.errors });
        else if (opts.isStale(c.path, c.build)) hub.send(c, 'reload');
      });
    }
    serve(req, res, url, state);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host, () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function serve(req: IncomingMessage, res: ServerResponse, url: URL, state: DevState): void {
  const html = (status: number, body: string) => send(res, req, status, 'text/html; charset=utf-8', injectClient(body, state.build), 'no-store');
  if (!state.files) return html(503, NO_BUILD);
  const r = resolvePath(state.files, url.pathname);
  if (r.kind === 'redirect') return void res.writeHead(301, { Location: r.location + url.search }).end();
  if (r.kind === 'not-found') return html(404, fileText(state.files['404.html'] ?? 'Not found'));
  const body = state.files[r.file]!;
  if (r.file.endsWith('.html')) return html(200, fileText(body));
  // Asset names carry a hash of their content, so a browser may keep them: reloads stay fast.
  send(res, req, 200, contentType(r.file), body, r.file.startsWith('assets/') ? 'max-age=31536000, immutable' : 'no-store');
}

function send(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: string | Uint8Array, cache: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': cache });
  res.end(req.method === 'HEAD' ? undefined : body);
}
