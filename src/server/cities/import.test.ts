import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfigFile, parseConfigText, readConfigText } from '../../config/load.js';
import { clinicConfigSchema } from '../../config/schema.js';
import { readFast } from '../../config/yaml-fast.js';
import { adminFormConfig, storedTestApp } from '../../../test/helpers/server-app.js';
import { checkText, SCHEMA_LINE, storedInput } from './yaml.js';
import { CITY_FACTS_YAML } from '../../../test/helpers/site.js';

/** Import and export of YAML files: errors by file and line, hostile files, bytes `clinic-gen build` reads. */
const apps: ReturnType<typeof storedTestApp>[] = [];
/** A data folder inside a sandbox that holds a canary file beside it. */
function app() {
  const root = mkdtempSync(join(tmpdir(), 'clinic-import-'));
  writeFileSync(join(root, 'canary.yaml'), 'CANARY');
  mkdirSync(join(root, 'data'));
  const t = storedTestApp({ dataDir: join(root, 'data') });
  apps.push(t);
  const tree = () => readdirSync(root, { recursive: true }).map(String).sort();
  return { ...t, root, tree };
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;
const upload = (t: ReturnType<typeof app>, files: { name: string; text: string }[]) => t.json('POST', '/api/cities/import', { files });
const cityCount = (t: ReturnType<typeof app>) => t.rows<{ n: number }>('SELECT count(*) AS n FROM city_versions')[0]!.n;
const sample = (name: string) => readFileSync(join('configs', name), 'utf8');

/** A config with a wrong state on line 4 and a wrong ZIP code on line 6. */
const TWO_ERRORS = `${SCHEMA_LINE}
businessName: Northstar Men's Health
city: Lakeland
state: ZZ
address: 1 Main Street
zipCode: "338"
phone: (863) 555-0100
email: lakeland@example.com
domainName: lakeland.example.com
${CITY_FACTS_YAML}`;

/** Nine levels of nine aliases: a billion strings once expanded. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const [prev, cur] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
    lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return `${lines.join('\n')}\nbusinessName: *j\n`;
}

describe('import', () => {
  it('saves the good files, nothing from a file with two errors, and names both errors with their lines', async () => {
    const t = app();
    const res = await upload(t, [
      { name: 'tampa.yaml', text: sample('tampa.yaml') },
      { name: 'lakeland.yaml', text: TWO_ERRORS },
    ]);
    expect(res.status).toBe(400);
    const out = await body(res);
    expect(out).toMatchObject({
      success: false,
      error: '1 of 2 files were not imported: nothing was saved from a file with errors Correct the lines named under each file and import those files again.',
    });
    expect(out.imported).toEqual([{ file: 'tampa.yaml', slug: 'tampa', version: 1, created: true }]);
    expect(out.failed).toEqual([
      {
        file: 'lakeland.yaml',
        errors: ['lakeland.yaml:4:8 state: expected a US state code or name like FL or Florida', 'lakeland.yaml:6:10 zipCode: expected a ZIP code like 33545'],
      },
    ]);
    expect(t.rows('SELECT slug FROM cities')).toEqual([{ slug: 'tampa' }]);

    const alone = await upload(t, [{ name: 'lakeland.yaml', text: TWO_ERRORS }]);
    expect(alone.status).toBe(400);
    expect(cityCount(t)).toBe(1);
  });

  it('gives other requests a turn between two files of an import', async () => {
    const t = app();
    const files = ['Ocala', 'Naples', 'Destin', 'Sebring', 'Venice', 'Lakeland'].map((city) => ({ name: `${city.toLowerCase()}.yaml`, text: sample('tampa.yaml').replace('city: Tampa', `city: ${city}`) }));
    // A request arriving during the import is a callback of the event loop: count how often one runs.
    let turns = 0;
    let importing = true;
    const tick = () => {
      if (!importing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const res = await upload(t, files);
    importing = false;
    expect(res.status).toBe(200);
    expect((await body(res)).imported).toHaveLength(6);
    expect(turns).toBeGreaterThanOrEqual(files.length);
  });

  it('imports the three samples, adds a version for a changed file and none for the same file', async () => {
    const t = app();
    const names = ['orlando.yaml', 'tampa.yaml', 'wesley-chapel.yaml'];
    const res = await upload(t, names.map((name) => ({ name, text: sample(name) })));
    expect(res.status).toBe(200);
    expect((await body(res)).imported).toEqual([
      { file: 'orlando.yaml', slug: 'orlando', version: 1, created: true },
      { file: 'tampa.yaml', slug: 'tampa', version: 1, created: true },
      { file: 'wesley-chapel.yaml', slug: 'wesley-chapel', version: 1, created: true },
    ]);
    // Another spelling of the same config (a comment more, CRLF line ends) is no new version.
    const respelled = `# edited on Windows\r\n${sample('tampa.yaml').replace(/\n/g, '\r\n')}`;
    expect((await body(await upload(t, [{ name: 'tampa.yaml', text: respelled }]))).imported).toEqual([{ file: 'tampa.yaml', slug: 'tampa', version: 1, created: false }]);
    const changed = sample('tampa.yaml').replace('phone: (813) 555-0142', 'phone: (813) 555-0199');
    expect((await body(await upload(t, [{ name: 'Tampa (copy).yaml', text: changed }]))).imported).toEqual([{ file: 'Tampa (copy).yaml', slug: 'tampa', version: 2, created: false }]);
    expect(cityCount(t)).toBe(4);
  });

  it.each(['a/b.yaml', '../tampa.yaml', '..\\tampa.yaml', 'tampa\0.yaml', '..', '', '/etc/passwd', 'C:\\x.yaml'])(
    'refuses the file name %j with 400, saving and writing nothing',
    async (name) => {
      const t = app();
      const before = t.tree();
      const res = await upload(t, [{ name: 'orlando.yaml', text: sample('orlando.yaml') }, { name, text: sample('tampa.yaml') }]);
      expect(res.status).toBe(400);
      expect((await body(res)).error).toMatch(/^files: .* is not a plain file name \(no '\/', '\\', NUL or '\.\.'\): nothing was imported$/);
      expect(cityCount(t)).toBe(0);
      expect(t.tree()).toEqual(before);
    },
  );

  it('refuses a 5 MB file with 413 naming it, before saving any file', async () => {
    const t = app();
    const huge = `${sample('tampa.yaml')}# ${'x'.repeat(5 * 1024 * 1024)}\n`;
    const res = await upload(t, [{ name: 'orlando.yaml', text: sample('orlando.yaml') }, { name: 'huge.yaml', text: huge }]);
    expect(res.status).toBe(413);
    expect((await body(res)).error).toBe('huge.yaml is larger than 256KB: nothing was imported A clinic config is a few kilobytes; check that this is the right file.');
    expect(cityCount(t)).toBe(0);
  });

  it('refuses an alias bomb, a NUL byte and nesting thousands deep, each named with its line', async () => {
    const t = app();
    const before = t.tree();
    const nul = sample('tampa.yaml').replace('city: Tampa', 'city: Ta\0mpa');
    const nulLine = nul.split('\n').findIndex((l) => l.includes('\0')) + 1;
    const res = await upload(t, [
      { name: 'bomb.yaml', text: aliasBomb() },
      { name: 'nul.yaml', text: nul },
      { name: 'deep.yaml', text: `businessName: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n` },
    ]);
    expect(res.status).toBe(400);
    expect((await body(res)).failed).toEqual([
      { file: 'bomb.yaml', errors: ['bomb.yaml:1:1 yaml: Excessive alias count indicates a resource exhaustion attack'] },
      { file: 'nul.yaml', errors: [`nul.yaml:${nulLine}:9 yaml: the file holds a NUL character; a clinic config is plain text (is this a binary file?)`] },
      { file: 'deep.yaml', errors: ['deep.yaml:1:79 yaml: nested far deeper than any clinic config; the file was refused unread'] },
    ]);
    expect(cityCount(t)).toBe(0);
    expect(t.tree()).toEqual(before);
  });

  it('refuses a city named with a parent folder, a slash or a NUL, naming the field and its line, saving nothing', async () => {
    const t = app();
    const before = t.tree();
    const named = (city: string) => sample('tampa.yaml').replace('city: Tampa', `city: ${city}`);
    const line = sample('tampa.yaml').split('\n').indexOf('city: Tampa') + 1;
    const res = await upload(t, [
      { name: 'parent.yaml', text: named('../canary') },
      { name: 'slash.yaml', text: named('Tam/pa') },
      // A NUL written as YAML's escape reaches the field (a raw one is refused unread, above).
      { name: 'nul.yaml', text: named('"Tampa\\0"') },
      { name: 'good.yaml', text: sample('orlando.yaml') },
    ]);
    expect(res.status).toBe(400);
    const out = await body(res);
    const failed = out.failed as { file: string; errors: string[] }[];
    expect(failed.map((f) => f.file)).toEqual(['parent.yaml', 'slash.yaml', 'nul.yaml']);
    for (const f of failed) {
      expect(f.errors.length, f.file).toBeGreaterThan(0);
      for (const e of f.errors) expect(e, f.file).toMatch(new RegExp(`^${f.file}:${line}:7 city: expected a`));
    }
    // Only the good file was saved; nothing was written beside the data folder.
    expect(t.rows('SELECT slug FROM cities')).toEqual([{ slug: 'orlando' }]);
    expect(t.tree().filter((p) => !p.startsWith('data'))).toEqual(before.filter((p) => !p.startsWith('data')));
  });

  it('refuses a body that is not a list of files, and more than 50 files', async () => {
    const t = app();
    for (const value of [{}, { files: [] }, { files: 'tampa.yaml' }, { files: [{ name: 'x.yaml' }] }, [1]]) {
      const res = await t.json('POST', '/api/cities/import', value);
      expect(res.status).toBe(400);
      expect((await body(res)).error).toBe('files: expected a list of files, each {"name": "tampa.yaml", "text": "..."}');
    }
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `c${i}.yaml`, text: 'x: 1' }));
    expect(await body(await upload(t, many))).toMatchObject({ error: 'files: at most 50 files in one import' });
    expect(cityCount(t)).toBe(0);
  });
});

describe('export', () => {
  it('answers with the stored bytes, which `clinic-gen build` reads as the same config', async () => {
    const t = app();
    await upload(t, [{ name: 'tampa.yaml', text: sample('tampa.yaml') }]);
    await t.json('POST', '/api/cities', { config: adminFormConfig({ city: 'Ocala', website: 'https://ocala.example.com' }) });
    for (const [slug, expected] of [
      ['tampa', (await loadConfigFile('configs/tampa.yaml')) as { ok: true; config: unknown }],
      ['ocala', { config: clinicConfigSchema.parse(adminFormConfig({ city: 'Ocala', website: 'https://ocala.example.com' })) }],
    ] as const) {
      const res = await t.request(`/api/cities/${slug}/export`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}.yaml"`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.toString('utf8')).toBe(t.rows<{ yaml: string }>('SELECT yaml FROM city_versions WHERE slug = ?', slug)[0]!.yaml);
      expect(bytes.toString('utf8').split('\n')[0]).toBe(SCHEMA_LINE);
      const file = join(t.root, `${slug}.yaml`);
      writeFileSync(file, bytes);
      const loaded = await loadConfigFile(file);
      expect(loaded.ok && loaded.config).toEqual(expected.config);
    }
  });

  it('exports an earlier version, and refuses a version that is not one', async () => {
    const t = app();
    await t.json('POST', '/api/cities', { config: adminFormConfig() });
    await t.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }) });
    expect(await (await t.request('/api/cities/tampa/export?version=1')).text()).toContain('phone: (813) 555-0101');
    expect(await (await t.request('/api/cities/tampa/export')).text()).toContain('phone: (813) 555-0177');
    expect((await t.request('/api/cities/tampa/export?version=one')).status).toBe(400);
    expect(await body(await t.request('/api/cities/tampa/export?version=9'))).toMatchObject({ error: 'tampa has no saved version 9' });
    expect((await t.request('/api/cities/orlando/export')).status).toBe(404);
    expect(stringify(adminFormConfig())).not.toContain(SCHEMA_LINE);
  });
});

describe('reading a text', () => {
  const tampa = sample('tampa.yaml');
  const amber = tampa.replace(/^primaryColor: .*$/m, 'primaryColor: "#fbbf24"');
  // [what, text, the same config written for js-yaml, whether the text itself is js-yaml's]
  it.each([
    ['a plain config', tampa, tampa, true],
    ['an anchor and an alias', tampa.replace('city: Tampa', 'city: &city Tampa').replace('    - Westchase', '    - Westchase\n    - *city'), tampa.replace('    - Westchase', '    - Westchase\n    - Tampa'), false],
    ['a text js-yaml refuses (%YAML twice)', `%YAML 1.2\n%YAML 1.2\n---\n${tampa}`, tampa, false],
    ['a config that warns (positioned read)', amber, amber, true],
  ])('%s reads the same in the loader, an import and a stored version', (_, text, twin, fastRead) => {
    expect(readFast(text) !== undefined).toBe(fastRead);
    const asWritten = readFast(twin)!.data;
    const loaded = readConfigText(text, 'x.yaml');
    const checked = checkText('x.yaml', text);
    const expected = parseConfigText(twin, 'x.yaml');
    expect(loaded.ok && checked.ok && expected.ok).toBe(true);
    if (!loaded.ok || !checked.ok || !expected.ok) return;
    expect(loaded.input).toEqual(asWritten);
    expect(checked.input).toEqual(asWritten);
    expect(storedInput({ yaml: text })).toEqual(asWritten);
    expect(loaded.config).toEqual(expected.config);
    expect(checked.config).toEqual(expected.config);
    expect(checked.digest).toBe((checkText('x.yaml', twin) as { digest: string }).digest);
    expect(parseConfigText(text, 'x.yaml')).toEqual({ ok: true, config: loaded.config, warnings: loaded.warnings });
  });

  it('refuses an alias bomb in the loader, an import and a stored version alike', () => {
    const bomb = aliasBomb();
    expect(readFast(bomb)).toBeUndefined();
    const loaded = readConfigText(bomb, 'bomb.yaml');
    const checked = checkText('bomb.yaml', bomb);
    expect(loaded.ok || loaded.errors).toEqual([expect.stringMatching(/^bomb\.yaml:1:1 yaml: .*alias/i)]);
    expect(checked.ok || checked.errors).toEqual(loaded.ok || loaded.errors);
    expect(() => storedInput({ yaml: bomb })).toThrow(/alias/i);
  });

  it('keeps the text as written apart from the config built from it', () => {
    const checked = checkText('x.yaml', tampa);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    (checked.input.localContent as { areasServed: string[] }).areasServed.push('Ybor City');
    (checked.input.services as Record<string, boolean>).trt = false;
    expect(checked.config.localContent?.areasServed).not.toContain('Ybor City');
    expect(checked.config.services.trt).toBe(true);
  });
});
