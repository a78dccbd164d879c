import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Graceful stop for an http.Server: stop accepting, close idle keep-alive sockets, let requests in
 * flight finish, and after `graceMs` cut whatever is left so a stuck client cannot block a deploy.
 */
export function trackConnections(server: Server): { drain(graceMs: number): Promise<void> } {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  return {
    drain(graceMs) {
      return new Promise<void>((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => {
          clearInterval(sweeper);
          clearTimeout(deadline);
          resolve();
        });
        // A socket that finishes its request while we wait is idle again; keep closing those.
        server.closeIdleConnections();
        const sweeper = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => {
          server.closeAllConnections();
          for (const s of sockets) s.destroy();
        }, graceMs);
        sweeper.unref();
        deadline.unref();
      });
    },
  };
}
