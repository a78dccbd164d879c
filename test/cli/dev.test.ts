import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) p.kill('SIGTERM');
});

/**
 * Starts `clinic-gen dev` on a free port, as a user would, and resolves once it serves. These tests
 * spawn the built binary on purpose: dev runs until SIGINT or SIGTERM, and its file watchers and
 * server must end with the process it runs in (src/cli/commands/dev.test.ts tests the rest in-process).
 */
async function startDev(config: string, cwd: string) {
  const proc = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'dev', '--config', config, '--port', '0'], { cwd, env: { ...process.env, CI: '1' } });
  running.push(proc);
  let out = '';
  let err = '';
  proc.stderr.on('data', (d: Buffer) => void (err += String(d)));
  const url = await new Promise<string>((ok, fail) => {
    proc.stdout.on('data', (d: Buffer) => {
      out += String(d);
      const m = / at (http:\/\/127\.0\.0\.1:\d+)\/ \(Ctrl\+C to stop\)/.exec(out);
      if (m) ok(m[1]!);
    });
    proc.on('exit', (code) => fail(new Error(`dev exited ${code}: ${err}`)));
  });
  return { url, proc, out: () => out, err: () => err };
}

describe('clinic-gen dev on a port that is taken', () => {
  it('says so and exits 1 instead of running on', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), tampa);
    const busy = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    const port = (busy.address() as AddressInfo).port;
    try {
      const proc = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'dev', '--config', 'tampa.yaml', '--port', String(port)], { cwd, env: { ...process.env, CI: '1' } });
      running.push(proc);
      let err = '';
      proc.stderr.on('data', (d: Buffer) => void (err += String(d)));
      // 'close': the pipe may still hold its last line when it exits.
      const code = await new Promise<number | null>((ok) => proc.on('close', ok));
      expect(code).toBe(1);
      expect(err).toContain(`port ${port} is in use`);
    } finally {
      busy.close();
    }
  });
});

/** GET without following redirects, with an optional Host header. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((ok, fail) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => void (body += String(d)));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', fail)
      .end();
  });
}

/** The events a page's EventSource receives, as `name data` strings, read until `until` matches. */
async function events(url: string, until: (seen: string[]) => boolean, act: () => void): Promise<string[]> {
  const res = await fetch(url);
  const reader = res.body!.getReader();
  const seen: string[] = [];
  let buf = '';
  act();
  while (!until(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += new TextDecoder().decode(value);
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      if (event) seen.push(`${event} ${/^data: (.*)$/m.exec(block)?.[1] ?? ''}`);
    }
  }
  await reader.cancel();
  return seen;
}

const buildOf = (html: string) => /const build = "([^"]+)"/.exec(html)![1]!;

describe('clinic-gen dev', () => {
  it('serves the site from memory the way a static host does', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), tampa);
    const dev = await startDev('tampa.yaml', cwd);
    const home = await get(`${dev.url}/`);
    expect(home.status).toBe(200);
    expect(home.body).toContain('Revitalize Your Health in Tampa');
    // The dev client sits just before </body>, and only in dev.
    expect(home.body).toMatch(/<script>\(\(\) => \{[\s\S]*__clinic-gen\/events[\s\S]*<\/script><\/body><\/html>$/);
    expect(await get(`${dev.url}/about`)).toMatchObject({ status: 301, headers: { location: '/about/' } });
    expect((await get(`${dev.url}/about/`)).body).toContain('Why Tampa');
    const missing = await get(`${dev.url}/no-such-page/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('404');
    const css = /href="(assets\/site\.[0-9a-f]+\.css)"/.exec(home.body)![1]!;
    expect((await get(`${dev.url}/${css}`)).headers['cache-control']).toBe('max-age=31536000, immutable');
    expect((await get(`${dev.url}/sitemap.xml`)).body).toContain('https://tampa.example.com/');
    // A page elsewhere whose DNS points at 127.0.0.1 cannot read the site.
    expect((await get(`${dev.url}/`, { Host: 'evil.example.com' })).status).toBe(403);
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
    // Tampa's 58 files: 24 pages and assets (a copy of the contact page per service, decision 023;
    // the menu's script, decision 022; the form's island and its small entry), 8 social cards, the
    // typeface, and its 17 Spanish pages and 8 cards (issue 40), as `build` writes them.
    expect(dev.out()).toMatch(/built 58 files in \d+ ms/);
    expect((await get(`${dev.url}/es/terapia-de-testosterona/`)).body).toContain('<html lang="es"');
    const card = /<meta property="og:image" content="https:\/\/tampa\.example\.com\/(assets\/cards\/home\.[0-9a-f]{10}\.png)"/.exec(home.body)![1]!;
    const png = await fetch(`${dev.url}/${card}`);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('tells open pages to reload on a save, shows errors on a broken save, and keeps the last good site', async () => {
    const cwd = tempDir();
    const config = join(cwd, 'tampa.yaml');
    writeFileSync(config, tampa);
    const dev = await startDev('tampa.yaml', cwd);
    const page = (await get(`${dev.url}/`)).body;
    const stream = `${dev.url}/__clinic-gen/events?path=%2F&build=${buildOf(page)}`;
    const saved = await events(stream, (s) => s.length > 0, () => writeFileSync(config, tampa.replace("Northstar Men's Health", 'Polaris Health')));
    expect(saved).toEqual(['reload {}']);
    expect((await get(`${dev.url}/`)).body).toContain('Polaris Health');

    const good = (await get(`${dev.url}/`)).body;
    const broken = tampa.replace("Northstar Men's Health", 'Polaris Health').replace('city: Tampa', 'city: Tampa2');
    const failed = await events(`${dev.url}/__clinic-gen/events?path=%2F&build=${buildOf(good)}`, (s) => s.length > 0, () => writeFileSync(config, broken));
    expect(failed).toEqual(['build-error {"errors":["tampa.yaml:4:7 city: expected a city name of letters, spaces, periods, apostrophes and hyphens"]}']);
    expect((await get(`${dev.url}/`)).body).toBe(good);
    expect(dev.err()).toMatch(/the config has errors; still serving the last good build:\ntampa\.yaml:4:7 city: expected a city name/);

    // A page opened while the config is broken is told at once; fixing it reloads that page.
    const fixed = await events(`${dev.url}/__clinic-gen/events?path=%2F&build=${buildOf(good)}`, (s) => s.length > 1, () =>
      setTimeout(() => writeFileSync(config, tampa.replace('city: Tampa', 'city: Brandon')), 100),
    );
    expect(fixed[0]).toMatch(/^build-error /);
    expect(fixed[1]).toBe('reload {}');
    expect((await get(`${dev.url}/`)).body).toContain('Revitalize Your Health in Brandon');
  });

  it('handles editors that save by renaming a temporary file over the config', async () => {
    const cwd = tempDir();
    const config = join(cwd, 'tampa.yaml');
    writeFileSync(config, tampa);
    const dev = await startDev('tampa.yaml', cwd);
    for (const name of ['One', 'Two', 'Three']) {
      const build = buildOf((await get(`${dev.url}/`)).body);
      const seen = await events(`${dev.url}/__clinic-gen/events?path=%2F&build=${build}`, (s) => s.length > 0, () => {
        writeFileSync(`${config}.swp`, tampa.replace("Northstar Men's Health", `Clinic ${name}`));
        renameSync(`${config}.swp`, config);
      });
      expect(seen).toEqual(['reload {}']);
      expect((await get(`${dev.url}/`)).body).toContain(`Clinic ${name}`);
    }
  });

  it('starts with a broken config, says so, and serves the site once it is fixed', async () => {
    const cwd = tempDir();
    const config = join(cwd, 'tampa.yaml');
    writeFileSync(config, tampa.replace(/^phone: .*$/m, 'phone: 555'));
    const dev = await startDev('tampa.yaml', cwd);
    const first = await get(`${dev.url}/`);
    expect(first.status).toBe(503);
    expect(first.body).toContain('No good build yet');
    expect(dev.err()).toMatch(/nothing to show until they are fixed:\ntampa\.yaml:8:8 phone: expected a phone number/);
    const seen = await events(`${dev.url}/__clinic-gen/events?path=%2F&build=${buildOf(first.body)}`, (s) => s.includes('reload {}'), () => setTimeout(() => writeFileSync(config, tampa), 50));
    expect(seen[0]).toMatch(/^build-error /);
    expect((await get(`${dev.url}/`)).status).toBe(200);
  });

  it('serves a logo given as a site path as logo.svg, like build, and watches the file beside the config', async () => {
    const cwd = tempDir();
    const config = join(cwd, 'tampa.yaml');
    mkdirSync(join(cwd, 'uploads'));
    writeFileSync(join(cwd, 'uploads/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(config, `${tampa}logoUrl: /uploads/logo.svg\n`);
    const dev = await startDev('tampa.yaml', cwd);
    const logo = await get(`${dev.url}/logo.svg`);
    expect(logo).toMatchObject({ status: 200, headers: { 'content-type': 'image/svg+xml' } });
    const about = (await get(`${dev.url}/about/`)).body;
    expect(about).toContain('<img src="../logo.svg"');
    const build = buildOf(about);
    const seen = await events(`${dev.url}/__clinic-gen/events?path=%2Fabout%2F&build=${build}`, (s) => s.length > 0, () =>
      writeFileSync(join(cwd, 'uploads/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>'),
    );
    expect(seen).toEqual(['reload {}']);
    expect((await get(`${dev.url}/logo.svg`)).body).toContain('width="2"');
  });
});
