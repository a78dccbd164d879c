import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../../test/helpers/site.js';
import { largeCityYaml } from '../../../test/helpers/large-city.js';
import { createImportParser, type ImportParser, type ImportRead } from './import-worker.js';
import { prepareFile } from './save.js';

/**
 * Imports read on a worker thread (import-worker.ts), loaded from a bundle of the module as the
 * built server loads it: the same answers as reading here, in the order sent, the event loop free
 * meanwhile, a bounded queue, and the import read here when the worker cannot start.
 */
const dir = join(ROOT, 'node_modules/.cache/clinic-gen-test', `import-worker-${process.pid}`);
let bundle: URL;
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'import-worker.mjs');
  // Packages stay in node_modules (found from here), as in lib/.
  await build({ entryPoints: [join(import.meta.dirname, 'import-worker.ts')], outfile: out, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  bundle = pathToFileURL(out);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const parsers: ImportParser[] = [];
afterEach(async () => {
  for (const p of parsers.splice(0)) await p.close();
});
const parser = (o: Parameters<typeof createImportParser>[0]) => {
  const p = createImportParser(o);
  parsers.push(p);
  return p;
};

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
/** A city file with a wrong ZIP code, on line `zipLine`. */
const badZip = largeCityYaml(2, 4000).replace(/^zipCode: .*$/m, 'zipCode: "338"');
const zipLine = badZip.split('\n').findIndex((l) => l.startsWith('zipCode:')) + 1;
const files = [
  { name: 'one.yaml', text: largeCityYaml(1) },
  { name: 'bad.yaml', text: badZip },
  { name: 'three.yaml', text: largeCityYaml(3) },
];
const expected = files.map((f) => prepareFile(f.name, f.text));
const settled = async (read: ImportRead) => (read.ok ? { names: read.names, reads: await Promise.all(read.reads) } : read);

it('reads each file as prepareFile does, in order, with the event loop free while the worker reads', async () => {
  const p = parser({ workerUrl: bundle });
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    const got = await settled(await p.admit(bytes({ files }))!);
    expect(got).toEqual({ names: ['one.yaml', 'bad.yaml', 'three.yaml'], reads: expected });
    // The bad file's error names the file and its line, as the CLI's loader does.
    expect(got).toMatchObject({ reads: [{ ok: true }, { ok: false, errors: [expect.stringMatching(new RegExp(`^bad\\.yaml:${zipLine}:\\d+ zipCode: expected a ZIP code`))] }, { ok: true }] });
    // Timers ran while the worker read: read here, each file would have held the loop throughout.
    expect(ticks).toBeGreaterThan(0);
  } finally {
    clearInterval(timer);
  }
});

it('refuses a body whole as the route did: not JSON, not a list of files, too many files, a file too large', async () => {
  const p = parser({ workerUrl: bundle });
  expect(await p.admit(new TextEncoder().encode('{"files": ['))).toEqual({ ok: false, status: 400, error: { title: 'Bad request: the body is not valid JSON' } });
  expect(await p.admit(bytes({ files: 'tampa.yaml' }))).toMatchObject({ ok: false, status: 400 });
  expect(await p.admit(bytes({ files: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}.yaml`, text: 'city: x' })) }))).toMatchObject({ ok: false, status: 400, error: { title: 'files: at most 50 files in one import' } });
  expect(await p.admit(bytes({ files: [{ name: 'big.yaml', text: 'x'.repeat(256 * 1024 + 1) }] }))).toMatchObject({ ok: false, status: 413, error: { title: expect.stringContaining('big.yaml') } });
  // And reads the next import as usual.
  expect(await settled(await p.admit(bytes({ files: files.slice(0, 1) }))!)).toEqual({ names: ['one.yaml'], reads: expected.slice(0, 1) });
});

it('takes no more imports than its queue holds, and takes them again once it has room', async () => {
  const p = parser({ workerUrl: bundle, maxImports: 2 });
  const first = p.admit(bytes({ files }));
  const second = p.admit(bytes({ files }));
  expect(first).toBeDefined();
  expect(second).toBeDefined();
  expect(p.admit(bytes({ files }))).toBeUndefined();
  expect(p.waiting()).toBe(2);
  await settled(await first!);
  await settled(await second!);
  expect(p.waiting()).toBe(0);
  expect(await settled(await p.admit(bytes({ files }))!)).toEqual({ names: files.map((f) => f.name), reads: expected });
});

it('reads here, with the same answers, when the worker cannot start or there is none', async () => {
  const broken = join(dir, 'broken.mjs');
  writeFileSync(broken, "throw new Error('a worker that cannot start');\n");
  for (const workerUrl of [pathToFileURL(broken), undefined]) {
    const p = parser({ workerUrl });
    expect(await settled(await p.admit(bytes({ files }))!)).toEqual({ names: files.map((f) => f.name), reads: expected });
  }
});

it('refuses the file a worker died reading (not read again here) and reads the import\'s other files here', async () => {
  // A worker that takes the import, then stops while reading its first file (as one out of memory would).
  const dying = join(dir, 'dying.mjs');
  writeFileSync(
    dying,
    `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ bytes }) => {
  parentPort.postMessage({ accepted: JSON.parse(new TextDecoder().decode(bytes)).files.map((f) => f.name) });
  setTimeout(() => process.exit(1), 10);
});
parentPort.postMessage({ ready: true });
`,
  );
  const p = parser({ workerUrl: pathToFileURL(dying) });
  expect(await settled(await p.admit(bytes({ files }))!)).toEqual({
    names: files.map((f) => f.name),
    reads: [{ ok: false, errors: ['one.yaml:1:1 the file cannot be read as a YAML mapping of config fields'] }, ...expected.slice(1)],
  });
  // The next import gets a worker of its own (this one dies again: the same answers).
  expect(await settled(await p.admit(bytes({ files: files.slice(1) }))!)).toEqual({ names: ['bad.yaml', 'three.yaml'], reads: [{ ok: false, errors: ['bad.yaml:1:1 the file cannot be read as a YAML mapping of config fields'] }, expected[2]] });
});
