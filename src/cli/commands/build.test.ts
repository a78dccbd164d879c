import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

const ENDPOINT = 'https://clinic.example.com/api/contact';
/** The Tampa sample as written: it names no contact endpoint. */
const sample = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
/** The sample with an endpoint, for the tests about something else: it builds without a flag. */
const tampa = `${sample}contactEndpoint: ${ENDPOINT}\n`;

function listFiles(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, join(base, e.name)) : [join(base, e.name)],
  );
}

describe('clinic-gen build', () => {
  it('refuses two configs of one city before building anything: exit 1, nothing written, one JSON object', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'configs'));
    writeFileSync(join(cwd, 'configs/a.yaml'), tampa);
    writeFileSync(join(cwd, 'configs/b.yaml'), tampa.replace(/^city: .*$/m, "city: 'TAMPA'"));
    const r = await runMain(['build', '--config', 'configs', '--out', 'dist'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('configs/a.yaml and configs/b.yaml both build dist/tampa');
    expect(r.stdout).not.toContain('built');
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
    const json = await runMain(['build', '--config', 'configs', '--out', 'dist', '--json'], { cwd });
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as { ok: boolean; errors: string[] };
    expect(parsed.ok).toBe(false);
    expect(parsed.errors[0]).toContain('both build dist/tampa');
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
  });

  it('writes a complete site to dist/<city-slug>/ by default', async () => {
    const cwd = tempDir();
    cpSync(join(ROOT, 'configs'), join(cwd, 'configs'), { recursive: true });
    // The sample names no contact endpoint: its form would have nowhere to post, so nothing is built.
    const refused = await runMain(['build', '--config', 'configs/tampa.yaml'], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^configs\/tampa\.yaml contactEndpoint: missing: the contact form has nowhere to post, .* --contact-endpoint with that URL, or --contact-endpoint same-origin when the clinic server itself serves the site\.$/m);
    expect(existsSync(join(cwd, 'dist/tampa'))).toBe(false);
    const r = await runMain(['build', '--config', 'configs/tampa.yaml', '--contact-endpoint', 'same-origin'], { cwd });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^built tampa: 58 files in dist\/tampa\/ \(\d+ ms\)\n$/);
    const files = listFiles(join(cwd, 'dist/tampa'));
    expect(files).toEqual(expect.arrayContaining(['index.html', 'trt-therapy/index.html', 'contact/index.html', 'contact/sent/index.html', '404.html', 'sitemap.xml', 'robots.txt']));
    // The 58 files of the site (Tampa names no logo or photo): pages (its contact page's copy for
    // each of its 5 services among them, decision 023) and assets (the form's island is a small
    // entry and the island proper it imports), a social card
    // for each of its 8 pages with a headline, the typeface; and the same pages and cards in
    // Spanish under es/ (Tampa publishes languages [en, es]); nothing else (what build records of
    // them is in the manifest beside the site folder).
    const cards = files.filter((f) => /^assets\/cards\/[a-z-]+\.[0-9a-f]{10}\.png$/.test(f));
    expect(cards.map((f) => f.split(/[/.]/)[2]).sort()).toEqual([
      'about', 'contact', 'es', 'es-contacto', 'es-inyecciones-de-vitaminas', 'es-nosotros', 'es-optimizacion-hormonal', 'es-semaglutida', 'es-terapia-con-nad', 'es-terapia-de-testosterona',
      'home', 'hormone-optimization', 'nad-therapy', 'semaglutide', 'trt-therapy', 'vitamin-injections',
    ]);
    expect(files.filter((f) => f.startsWith('es/') && f.endsWith('.html'))).toHaveLength(17);
    expect(files.filter((f) => f.endsWith('.woff2'))).toEqual([expect.stringMatching(/^assets\/inter-latin-wght\.[0-9a-f]{10}\.woff2$/)]);
    expect(files).toHaveLength(58);
    expect(readFileSync(join(cwd, 'dist/tampa/index.html'), 'utf8')).toContain('Revitalize Your Health in Tampa');
    // Nothing half-written or temporary is left beside the site; the manifest is.
    expect(readdirSync(join(cwd, 'dist')).sort()).toEqual(['.clinic-gen-build.json', 'tampa']);
  });

  // Three cities, two of them in English and Spanish, with an empty cache: the cards of 40 pages drawn.
  it('builds a folder of configs into <out>/<city-slug>/ and reports JSON', { timeout: 120_000 }, async () => {
    const out = tempDir();
    const r = await runMain(['build', '--config', 'configs', '--out', out, '--json', '--contact-endpoint', ENDPOINT]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(report.sites.map((s: { slug: string }) => s.slug)).toEqual(['orlando', 'tampa', 'wesley-chapel']);
    expect(report.sites.map((s: { status: string }) => s.status)).toEqual(['rebuilt', 'rebuilt', 'rebuilt']);
    expect(readdirSync(out).sort()).toEqual(['.clinic-gen-build.json', 'orlando', 'tampa', 'wesley-chapel']);
    expect(readFileSync(join(out, 'wesley-chapel/index.html'), 'utf8')).toContain('Revitalize Your Health in Wesley Chapel');
  });

  it('builds several --config flags in one run, a line per city when not on a terminal', async () => {
    const out = tempDir();
    const r = await runMain(['build', '-c', 'configs/tampa.yaml', '-c', 'configs/orlando.yaml', '-o', out, '--contact-endpoint', 'same-origin']);
    expect(r.code).toBe(0);
    // Orlando names a logo, a light logo and photos (configs/images/orlando/), read beside its config.
    const written = ['tampa', 'orlando'].map((c) => listFiles(join(out, c)).length);
    expect(written[1]).toBeGreaterThan(written[0]!);
    expect(r.stdout).toMatch(new RegExp(`^built tampa \\(1/2\\)\nbuilt orlando \\(2/2\\)\n2 of 2 sites up to date: 2 rebuilt, 0 unchanged; ${written[0]! + written[1]!} files written in \\d+ ms\n$`));
    expect(readdirSync(out).sort()).toEqual(['.clinic-gen-build.json', 'orlando', 'tampa']);
    expect(listFiles(join(out, 'orlando')).filter((f) => f.startsWith('images/hero-')).length).toBeGreaterThan(0);
  });

  it('draws a progress bar through its io on a terminal, and nothing but errors with --quiet', async () => {
    const bar = await runMain(['build', '-c', 'configs/tampa.yaml', '-c', 'configs/orlando.yaml', '-o', tempDir(), '--contact-endpoint', ENDPOINT], { isTTY: true });
    expect(bar.code).toBe(0);
    expect(bar.stdout).toMatch(/^\r\[#{15}-{15}\] 1\/2 cities\r\[#{30}\] 2\/2 cities\n2 of 2 sites up to date: 2 rebuilt/);
    const quiet = await runMain(['build', '-c', 'configs/tampa.yaml', '-c', 'configs/orlando.yaml', '-o', tempDir(), '-q', '--contact-endpoint', ENDPOINT], { isTTY: true });
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
  });
});

describe('clinic-gen build never deletes what it did not write', () => {
  /** A working folder with a config, an earlier build of Tampa, and a canary file in dist/. */
  async function project(city = 'Tampa') {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), tampa);
    writeFileSync(join(cwd, 'city.yaml'), tampa.replace('city: Tampa', `city: ${city}`));
    writeFileSync(join(cwd, 'canary.txt'), 'still here');
    expect((await runMain(['build', '-c', 'tampa.yaml'], { cwd })).code).toBe(0);
    writeFileSync(join(cwd, 'dist/canary.txt'), 'still here');
    return cwd;
  }
  const survived = (cwd: string) => {
    expect(readFileSync(join(cwd, 'canary.txt'), 'utf8')).toBe('still here');
    expect(readFileSync(join(cwd, 'dist/canary.txt'), 'utf8')).toBe('still here');
    expect(readFileSync(join(cwd, 'dist/tampa/index.html'), 'utf8')).toContain('Tampa');
    expect(readFileSync(join(cwd, 'tampa.yaml'), 'utf8')).toBe(tampa);
  };

  it('refuses a city whose name gives no web address, naming the field, and deletes nothing', async () => {
    const cwd = await project('Москва');
    for (const args of [['-c', 'city.yaml'], ['-c', 'city.yaml', '--force'], ['-c', 'city.yaml', '-c', 'tampa.yaml', '--out', 'dist', '--force']]) {
      const r = await runMain(['build', ...args], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^city\.yaml:4:7 city: expected a city name written in Latin letters \(its web address is made from it\), like Tampa$/m);
      survived(cwd);
    }
  });

  it('transliterates a Latin city with accents into its folder name', async () => {
    const cwd = await project('São Paulo');
    const r = await runMain(['build', '-c', 'city.yaml'], { cwd });
    expect(r.stdout).toMatch(/^built sao-paulo: 58 files in dist\/sao-paulo\//);
    survived(cwd);
  });

  it('never replaces the working folder or a folder holding the config, not even with --force', async () => {
    const cwd = await project();
    mkdirSync(join(cwd, 'configs'));
    writeFileSync(join(cwd, 'configs/tampa.yaml'), tampa);
    const cases: [string[], string][] = [
      [['-c', 'tampa.yaml', '--out', '.'], 'refusing to replace .: it is the working folder'],
      [['-c', 'tampa.yaml', '--out', '..'], ': it holds the working folder'],
      [['-c', 'configs/tampa.yaml', '--out', 'configs'], 'refusing to replace configs: it is the folder of configs/tampa.yaml'],
    ];
    for (const [args, message] of cases) {
      for (const force of [[], ['--force']]) {
        const r = await runMain(['build', ...args, ...force], { cwd });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(message);
        expect(r.stderr).toMatch(/^Give the site a folder of its own with --out, like --out dist\/tampa \(--force does not change this\)\.$/m);
        survived(cwd);
        expect(readFileSync(join(cwd, 'configs/tampa.yaml'), 'utf8')).toBe(tampa);
      }
    }
  });

  it('refuses a folder holding other files unless --force, and replaces its own output freely', async () => {
    const cwd = await project();
    mkdirSync(join(cwd, 'public'));
    writeFileSync(join(cwd, 'public/notes.txt'), 'mine');
    const refused = await runMain(['build', '-c', 'tampa.yaml', '--out', 'public'], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'public holds files clinic-gen did not write (notes.txt); nothing was replaced\n' +
        'Pass --force to replace the folder and everything in it, or pick a new folder with --out.\n' +
        '1 config failed; fix the lines above and run again.\n',
    );
    expect(readFileSync(join(cwd, 'public/notes.txt'), 'utf8')).toBe('mine');

    const forced = await runMain(['build', '-c', 'tampa.yaml', '--out', 'public', '--force'], { cwd });
    expect(forced.code).toBe(0);
    expect(existsSync(join(cwd, 'public/notes.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'public/index.html'))).toBe(true);

    // Its own output, as often as it likes; the files of the earlier build go with it.
    writeFileSync(join(cwd, 'city.yaml'), tampa.replace('  trt: true', '  trt: false'));
    expect((await runMain(['build', '-c', 'city.yaml', '--out', 'public'], { cwd })).code).toBe(0);
    expect(existsSync(join(cwd, 'public/trt-therapy/index.html'))).toBe(false);
    survived(cwd);
  });

  it('checks each <out>/<city-slug>/ of a many-city build, and builds the cities it may', async () => {
    const cwd = await project('Orlando');
    writeFileSync(join(cwd, 'dist/orlando-notes.txt'), 'not in a site folder');
    mkdirSync(join(cwd, 'dist/orlando'));
    writeFileSync(join(cwd, 'dist/orlando/draft.html'), 'my draft');
    const r = await runMain(['build', '-c', 'tampa.yaml', '-c', 'city.yaml', '--out', 'dist'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^dist\/orlando holds files clinic-gen did not write \(draft\.html\); nothing was replaced$/m);
    expect(r.stdout).toMatch(/^1 of 2 sites up to date: 0 rebuilt, 1 unchanged; 0 files written in \d+ ms$/m);
    expect(readFileSync(join(cwd, 'dist/orlando/draft.html'), 'utf8')).toBe('my draft');
    expect(readdirSync(join(cwd, 'dist')).sort()).toEqual(['.clinic-gen-build.json', 'canary.txt', 'orlando', 'orlando-notes.txt', 'tampa']);
    survived(cwd);
  });
});

describe('clinic-gen build with a broken config', () => {
  const cases: [string, string, RegExp][] = [
    ['broken YAML', tampa.replace('city: Tampa', 'city: [Tampa'), /^bad\.yaml:\d+:\d+ yaml: /m],
    ['a missing required field', tampa.replace(/^email: .*$/m, ''), /^bad\.yaml:3:1 email: missing; expected an email address like hello@example\.com$/m],
    ['a javascript: URL', tampa.replace('https://www.example.com/profiles/northstar-tampa', '"javascript:alert(1)"'), /^bad\.yaml:\d+:5 businessProfiles\[0\]: expected an http:\/\/ or https:\/\/ link/m],
    ['a bad colour', tampa.replace('"#1e40af"', 'navy'), /^bad\.yaml:\d+:15 primaryColor: expected a hex colour like #1d4ed8$/m],
    ['an unknown field', `${tampa}\nfax: (813) 555-0199\n`, /^bad\.yaml:\d+:1 fax: unknown field$/m],
  ];
  it.each(cases)('%s: names file, line, column and field; exits non-zero; no stack trace', async (_, yaml, pattern) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'bad.yaml'), yaml);
    const r = await runMain(['build', '--config', 'bad.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
  });

  it('says so when the config file does not exist', async () => {
    const r = await runMain(['build', '--config', 'configs/nowhere.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: config not found: configs/nowhere.yaml\nPass a YAML file such as configs/tampa.yaml, or a folder of them.\n');
  });

  it.each([
    ['a config that does not exist', ['build', '--config', 'configs/nowhere.yaml', '--json'], /^config not found: configs\/nowhere\.yaml$/],
    ['a --contact-endpoint that is not a URL', ['build', '--config', 'configs/tampa.yaml', '--contact-endpoint', 'nope', '--json'], /contact-endpoint/],
    ['an unknown flag', ['build', '--config', 'configs/tampa.yaml', '--no-such-flag', '--json'], /unknown option '--no-such-flag'/],
  ])('prints a JSON object with --json for %s, exit 1', async (_name, args, first) => {
    const r = await runMain(args);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; errors: string[] };
    expect(out.ok).toBe(false);
    expect(out.errors[0]).toMatch(first);
  });

  it('prints a warning many configs share once, with the count and the first names; nothing but errors with --quiet', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'many'));
    for (const city of ['Ocala', 'Naples', 'Destin', 'Sebring', 'Venice']) writeFileSync(join(cwd, 'many', `${city.toLowerCase()}.yaml`), tampa.replace('city: Tampa', `city: ${city}`));
    const r = await runMain(['build', '-c', 'many', '--out', 'out', '--contact-endpoint', 'http://10.0.0.5/api/contact'], { cwd });
    expect(r.code).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: 5 configs \(many\/destin\.yaml, many\/naples\.yaml, many\/ocala\.yaml and 2 more\): contactEndpoint: http:\/\/10\.0\.0\.5\/api\/contact posts to a loopback or private address /);
    const quiet = await runMain(['build', '-c', 'many', '--out', 'out', '--quiet', '--contact-endpoint', 'http://10.0.0.5/api/contact'], { cwd });
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
  });
});

describe('clinic-gen build with a logo beside the config', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const withLogo = (path: string) => tampa.replace('primaryColor:', `logoUrl: ${path}\nprimaryColor:`);

  it('copies the logo into the site, where every page finds it', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), withLogo('/uploads/logo.png'));
    mkdirSync(join(cwd, 'uploads'));
    writeFileSync(join(cwd, 'uploads/logo.png'), PNG);
    const r = await runMain(['build', '--config', 'tampa.yaml', '--out', 'site'], { cwd });
    expect(r.stderr).toBe('');
    // The site pipeline puts a logo named by site path at the site's root as logo.<ext>.
    expect(readFileSync(join(cwd, 'site/logo.png'))).toEqual(PNG);
    expect(readFileSync(join(cwd, 'site/index.html'), 'utf8')).toContain('<img src="logo.png"');
    expect(readFileSync(join(cwd, 'site/about/index.html'), 'utf8')).toContain('<img src="../logo.png"');
  });

  it('sanitizes an SVG logo', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), withLogo('/logo.svg'));
    writeFileSync(join(cwd, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#1e40af"/></svg>');
    expect((await runMain(['build', '--config', 'tampa.yaml', '--out', 'site'], { cwd })).code).toBe(0);
    const svg = readFileSync(join(cwd, 'site/logo.svg'), 'utf8');
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|onload|alert/);
  });

  it.each([
    ['/uploads/missing.png', /^tampa\.yaml logoUrl: .*uploads\/missing\.png/m],
    ['/notes.png', /^tampa\.yaml logoUrl: .*notes\.png.* not a JPG, PNG, GIF or SVG image/m],
  ])('refuses %s with a message naming logoUrl', async (path, pattern) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), withLogo(path));
    writeFileSync(join(cwd, 'notes.png'), 'plain text, not an image');
    const r = await runMain(['build', '--config', 'tampa.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(pattern);
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
  });
});

describe('clinic-gen build: where the contact form posts', () => {
  const formAction = (dir: string) => /<form id="contact-form"[^>]* action="([^"]*)"/.exec(readFileSync(join(dir, 'contact/index.html'), 'utf8'))![1];

  it('posts to --contact-endpoint, over the config, and lets the pages reach exactly that origin', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), `${sample}contactEndpoint: https://old.example.com/api/contact\n`);
    const r = await runMain(['build', '-c', 'tampa.yaml', '--contact-endpoint', 'https://clinic.example.com:8443/api/contact', '--strict'], { cwd });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(formAction(join(cwd, 'dist/tampa'))).toBe('https://clinic.example.com:8443/api/contact');
    for (const page of ['index.html', 'contact/index.html', 'contact/sent/index.html']) {
      const html = readFileSync(join(cwd, 'dist/tampa', page), 'utf8');
      expect(html, page).toContain('connect-src &#x27;self&#x27; https://clinic.example.com:8443; form-action &#x27;self&#x27; https://clinic.example.com:8443;');
    }
  });

  it('fails with --strict on an endpoint at a loopback or private address, naming it and PUBLIC_URL, and writes nothing', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), tampa);
    const r = await runMain(['build', '-c', 'tampa.yaml', '--contact-endpoint', 'http://127.0.0.1:4700/api/contact', '--strict'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^tampa\.yaml contactEndpoint: http:\/\/127\.0\.0\.1:4700\/api\/contact posts to a loopback or private address \(127\.0\.0\.1\).*PUBLIC_URL/m);
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
    // Without --strict it builds, and says so.
    const loose = await runMain(['build', '-c', 'tampa.yaml', '--contact-endpoint', 'http://127.0.0.1:4700/api/contact'], { cwd });
    expect(loose.code).toBe(0);
    expect(loose.stderr).toMatch(/^warning: tampa\.yaml contactEndpoint: .*loopback or private address/m);
  });

  it('refuses a site whose form has nowhere to post, naming the field and the flag, and writes nothing (decision 13)', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), sample);
    for (const flags of [[], ['--strict'], ['--json']]) {
      const r = await runMain(['build', '-c', 'tampa.yaml', ...flags], { cwd });
      expect(r.code).toBe(1);
      const said = flags[0] === '--json' ? (JSON.parse(r.stdout) as { errors: string[] }).errors.join('\n') : r.stderr;
      expect(said).toMatch(/tampa\.yaml contactEndpoint: missing: .*Set contactEndpoint in the config .* or pass --contact-endpoint with that URL, or --contact-endpoint same-origin /);
      expect(existsSync(join(cwd, 'dist'))).toBe(false);
    }
  });

  it('with --contact-endpoint same-origin, or a path in the config, posts to the server that serves the site, without a warning', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), sample);
    const flag = await runMain(['build', '-c', 'tampa.yaml', '--contact-endpoint', 'same-origin', '--strict'], { cwd });
    expect([flag.code, flag.stderr]).toEqual([0, '']);
    expect(formAction(join(cwd, 'dist/tampa'))).toBe('/api/contact');
    writeFileSync(join(cwd, 'tampa.yaml'), `${sample}contactEndpoint: /api/contact\n`);
    const path = await runMain(['build', '-c', 'tampa.yaml', '--strict', '--force'], { cwd });
    expect([path.code, path.stderr]).toEqual([0, '']);
    expect(formAction(join(cwd, 'dist/tampa'))).toBe('/api/contact');
  });

  it('refuses a --contact-endpoint that is not an http(s) URL, before building anything', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), tampa);
    for (const bad of ['clinic.example.com/api/contact', 'javascript:alert(1)', 'https://user:pw@clinic.example.com/api/contact']) {
      const r = await runMain(['build', '-c', 'tampa.yaml', '--contact-endpoint', bad], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: --contact-endpoint must be the http:\/\/ or https:\/\/ URL of the clinic server's contact API, or same-origin, not "/);
    }
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
  });
});
