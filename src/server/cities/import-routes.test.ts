import { expect, it } from 'vitest';
import type { CityRouteDeps } from './context.js';
import { importRoutes } from './import-routes.js';
import type { ImportParser } from './import-worker.js';

/** The import route when the parser's queue is full (import-worker.ts): refused at once, nothing read or saved. */
it('answers 503 with Retry-After and says so when the import queue is full', async () => {
  let admitted = 0;
  const full: ImportParser = {
    admit: () => {
      admitted++;
      return undefined;
    },
    waiting: () => 4,
    close: async () => undefined,
  };
  // Nothing is saved: a store that is touched fails the test.
  const deps = new Proxy({} as CityRouteDeps, {
    get: (_, key) => {
      throw new Error(`the route used ${String(key)}`);
    },
  });
  const app = importRoutes(deps, () => full);
  const res = await app.request('/api/cities/import', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ files: [{ name: 'tampa.yaml', text: 'city: Tampa' }] }) });
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  const body = (await res.json()) as { success: boolean; error: string };
  expect(body.success).toBe(false);
  expect(body.error).toMatch(/^The server is still reading 4 other imports: nothing was imported .* Send the same files again in \d+ seconds\.$/);
  expect(admitted).toBe(1);
});
