import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { largeCityName, largeCityYaml } from '../helpers/large-city.js';

/**
 * Issue 39 item 8 on the built server (`clinic-gen serve`, its import worker loaded from lib/):
 * while one import of 50 files of about 255 KB is read, the clinic's site (`GET /`) goes on answering.
 * Checked against the work itself, never a clock: read on the request loop (one file, then the
 * loop's turn, as before the worker) a client asking for `GET /` again as soon as it is answered
 * gets about one answer a file, since each waits behind the next file's ~50-150 ms of parsing;
 * read on the worker it gets many answers during each file. The speed is `npm run bench -- import`'s.
 */
const FILES = 50;
let server: ServeProcess;
let auth: string;
beforeAll(async () => {
  server = await startServeProcess();
  auth = await server.owner();
});
afterAll(async () => {
  await server?.stop();
});

it('answers GET / many times while one import of 50 large files is being read', async () => {
  const files = Array.from({ length: FILES }, (_, i) => ({ name: `city-${i}.yaml`, text: largeCityYaml(i) }));
  const body = JSON.stringify({ files });
  // Counted: the pages answered before the import's answer arrived.
  let importDone = false;
  let pages = 0;
  let other: number | undefined;
  const started = fetch(`${server.url}/api/cities/import`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body });
  const imported = started.then(async (res) => {
    importDone = true;
    const json = (await res.json()) as { success?: boolean; imported?: { slug: string; created: boolean }[] };
    return { status: res.status, json };
  });
  // Bounded: the import's answer ends the loop; a server that never answers fails on the test's timeout.
  for (let i = 0; i < 1_000_000 && !importDone; i++) {
    const res = await fetch(`${server.url}/`);
    await res.arrayBuffer();
    if (res.status !== 200) other ??= res.status;
    else if (!importDone) pages++;
  }
  const { status, json } = await imported;
  expect(other).toBeUndefined();
  expect(status).toBe(200);
  expect(json.success).toBe(true);
  expect(json.imported?.length).toBe(FILES);
  expect(json.imported?.[7]).toMatchObject({ slug: largeCityName(7).toLowerCase().replace(/ /g, '-'), created: true });
  // Many answers a file read: on the request loop there are about one a file (FILES in all).
  expect(pages).toBeGreaterThan(2 * FILES);
});
