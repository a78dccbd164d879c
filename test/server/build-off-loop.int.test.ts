import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readYaml } from '../../src/config/yaml.js';
import { generateSite } from '../../src/server/packages/generate-routes.js';
import { dirAssetSource } from '../../src/site/asset-source.js';
import { dataImageCacheDir } from '../../src/site/images/cache-dir.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 39 item 8 on the built server (`clinic-gen serve`, its site-build worker loaded from lib/):
 * while the admin's Generate builds a city with photos, the clinic's site (`GET /`) goes on
 * answering, counted against the build itself, never a clock: built on the request loop, a client
 * asking for `GET /` again as soon as it is answered waits behind each page's render and each card;
 * built on the worker it gets many answers. A full build queue answers 503 with Retry-After, and the
 * files are those the same config builds on this thread.
 */
let server: ServeProcess;
let auth: string;
let here: Awaited<ReturnType<typeof generateSite>>;
const input = readYaml(readFileSync(join(ROOT, 'configs/wesley-chapel.yaml'), 'utf8')) as Record<string, unknown>;
const generate = () =>
  fetch(`${server.url}/api/generate-clinic-website`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });

beforeAll(async () => {
  server = await startServeProcess();
  auth = await server.owner();
  // Built here first: its photos and cards are then in the cache the server reads, so the server's
  // build below is the work of its own thread (or worker): templates, pages, the answer.
  here = await generateSite(input, dirAssetSource(join(ROOT, 'configs')), server.url, dataImageCacheDir(server.dataDir));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

it("answers GET / many times while the server's first Generate of a city with photos is built, and builds the same files as this thread", async () => {
  let done = false;
  let pages = 0;
  let other: number | undefined;
  const generated = generate().then(async (res) => {
    done = true;
    return { status: res.status, json: (await res.json()) as { success?: boolean; files?: Record<string, string> } };
  });
  // Bounded: the Generate's answer ends the loop; a server that never answers fails on the test's timeout.
  for (let i = 0; i < 100_000 && !done; i++) {
    const res = await fetch(`${server.url}/`);
    await res.arrayBuffer();
    if (res.status !== 200) other ??= res.status;
    else if (!done) pages++;
  }
  const { status, json } = await generated;
  expect(other).toBeUndefined();
  expect(status).toBe(200);
  expect(json.success).toBe(true);
  // The first build compiles the city's page templates with React and serializes some MB of files:
  // built on the request loop, GET / waited behind each step and was answered 7 times (about 130 on
  // the worker, the same machine and load).
  expect(pages).toBeGreaterThan(30);
  // The same config, the same pictures and the same cache, built on this thread.
  if (!here.ok) throw new Error(JSON.stringify(here));
  expect(Object.keys(json.files ?? {})).toEqual(Object.keys(here.files));
  expect(json.files).toEqual(here.files);
  expect(Object.keys(here.files).some((f) => f.startsWith('images/'))).toBe(true);
  // Download Package: the same files read on the worker, zipped with DEPLOY.md.
  const zip = await fetch(`${server.url}/api/package-website`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ city: 'Wesley Chapel', files: json.files }),
  });
  expect(zip.status).toBe(200);
  expect(zip.headers.get('content-disposition')).toContain('wesley-chapel-trt-website.zip');
  const bytes = Buffer.from(await zip.arrayBuffer());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('DEPLOY.md'))).toBe(true);
  const refused = await fetch(`${server.url}/api/package-website`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: '{"city":' });
  expect(refused.status).toBe(400);
});

it('answers 503 with Retry-After when more Generates come at once than the queue holds, and builds the rest', async () => {
  const answers = await Promise.all(Array.from({ length: 16 }, () => generate()));
  const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, retry: r.headers.get('retry-after'), json: (await r.json()) as { success?: boolean; message?: string; error?: string } })));
  const refused = bodies.filter((b) => b.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.status === 200).length).toBeGreaterThanOrEqual(4);
  expect(bodies.every((b) => b.status === 200 || b.status === 503)).toBe(true);
  expect(refused[0]).toMatchObject({ retry: '5', json: { success: false, message: 'Failed to generate website' } });
  expect(refused[0]!.json.error).toMatch(/still building \d+ other sites: nothing was built or changed/);
  // Once they are built, the next one is taken.
  expect((await generate()).status).toBe(200);
}, 120_000);

it('builds the brand site of the three sample cities on the worker (its preview), GET / answering meanwhile', async () => {
  const headers = { Authorization: auth, 'Content-Type': 'application/json' };
  const sample = (name: string) => ({ name: `${name}.yaml`, text: readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8') });
  const imported = await fetch(`${server.url}/api/cities/import`, { method: 'POST', headers, body: JSON.stringify({ files: ['tampa', 'orlando', 'wesley-chapel'].map(sample) }) });
  expect(imported.status).toBe(200);
  const legal = { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: 'privacy@northstar.example.com' };
  const brand = await fetch(`${server.url}/api/brand`, { method: 'PUT', headers, body: JSON.stringify({ brand: { businessName: 'Northstar Men’s Health', legal, domainName: 'northstar.example.com' } }) });
  expect(brand.status).toBe(200);
  let done = false;
  let pages = 0;
  const previewed = fetch(`${server.url}/api/brand-site/preview`, { method: 'POST', headers, body: '{}' }).then(async (res) => {
    done = true;
    return { status: res.status, json: (await res.json()) as { url?: string } };
  });
  for (let i = 0; i < 100_000 && !done; i++) {
    const res = await fetch(`${server.url}/`);
    await res.arrayBuffer();
    if (res.status === 200 && !done) pages++;
  }
  const { status, json } = await previewed;
  expect(status).toBe(201);
  const page = await fetch(new URL('locations/fl/tampa/', json.url!));
  expect(await page.text()).toContain('Tampa');
  // Three cities' sites and the brand's pages: many answers meanwhile.
  expect(pages).toBeGreaterThan(10);
  // More previews at once than the queue holds: the rest are refused with when to ask again.
  const many = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.url}/api/brand-site/preview`, { method: 'POST', headers, body: '{}' })));
  const statuses = many.map((r) => r.status);
  expect(statuses.filter((x) => x === 503).length).toBeGreaterThan(0);
  expect(statuses.every((x) => x === 201 || x === 503)).toBe(true);
  const full = many.find((r) => r.status === 503)!;
  expect(full.headers.get('retry-after')).toBe('5');
  expect(((await full.json()) as { error: string }).error).toMatch(/still building \d+ other sites/);
}, 240_000);


it('refuses a body nested thousands of levels deep with 400, its build worker left sound for the next Generate', async () => {
  const deep = await fetch(`${server.url}/api/generate-clinic-website`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: `{"businessName":${'['.repeat(5000)}${']'.repeat(5000)}}` });
  expect(deep.status).toBe(400);
  expect(await deep.text()).toContain("the body's JSON is nested more than 64 levels deep");
  const res = await generate();
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  // A review saw such a body answer 500 and the worker end as if lost (copying the value to it
  // overflowed the stack); here it is refused before anything reads it.
  expect(server.output()).not.toContain('"request.failed"');
  expect(server.output()).not.toContain('worker stopped');
});
