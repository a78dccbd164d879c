/**
 * The module a worker thread of the server loads (leads/seal-worker.ts, cities/check-worker.ts):
 * the built bundle `moduleUrl` names (lib/*.js, or a bundle a test made), which runs the worker's
 * part when it finds its mark in workerData; undefined for a TypeScript source (under test), which
 * a worker cannot load: the caller then does the work on its own thread.
 */
export function workerBundle(moduleUrl: string): URL | undefined {
  const url = new URL(moduleUrl);
  return /\.m?js$/.test(url.pathname) ? url : undefined;
}
