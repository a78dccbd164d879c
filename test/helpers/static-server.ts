import { createReadStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

/**
 * "Any static server": serves a folder the way common static hosts do (folder -> index.html,
 * `/x` -> redirect to `/x/` when x is a folder, unknown -> 404.html with status 404).
 */
export async function serveStatic(
  root: string,
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    if (handle && (await handle(req, res))) return;
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) return void res.writeHead(400).end();
    let st = await stat(file).catch(() => undefined);
    if (st?.isDirectory()) {
      if (!path.endsWith('/')) return void res.writeHead(301, { Location: `${path}/` }).end();
      file = join(file, 'index.html');
      st = await stat(file).catch(() => undefined);
    }
    if (!st) {
      res.writeHead(404, { 'Content-Type': TYPES['.html']! });
      return void createReadStream(join(base, '404.html')).pipe(res);
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** A site rendered in memory (renderSite's files), written to a new temporary folder and served as serveStatic serves one. */
export function serveFiles(files: Record<string, string>): ReturnType<typeof serveStatic> {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-rendered-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return serveStatic(dir);
}
