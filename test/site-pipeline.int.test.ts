import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFromText } from '../src/dev/build.js';
import { decodeSiteFiles } from '../src/server/bundle/files.js';
import { TEXT_EXTENSIONS } from '../src/server/bundle/names.js';
import { silentLogger } from '../src/server/log/logger.js';
import { startServer } from '../src/server/start.js';
import { adminFormConfig, adminTestApp, logoForm, PNG } from './helpers/server-app.js';
import { fileBytes, type SiteFiles } from '../src/model/files.js';
import { HOSTILE_SVG } from '../src/site/testing.js';
import { runMain, tempDir } from './helpers/cli.js';

/**
 * The one site pipeline's acceptance: one config and logo give the same files through
 * `clinic-gen build`, `serve`, `dev` and the admin's generate (docs/decisions/005), compared byte
 * for byte.
 */
const clinic = adminFormConfig({
  services: { trt: true, semaglutide: false, nadTherapy: true, peptideTherapy: true, vitaminInjections: false, hormone_optimization: true },
  socialMedia: { instagram: '@northstar' },
});

/** Servers started by a test, closed after it whatever its outcome. */
const closing: (() => Promise<void>)[] = [];

/** serve's environment: a data key of its own (never one made in the user's home). */
const serveEnv = () => ({ DATA_KEY: randomBytes(32).toString('base64') });
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** Every file under `dir`, by site-relative name (build keeps its manifest beside the site, not in it). */
function readTree(dir: string, base = ''): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of readdirSync(join(dir, base), { withFileTypes: true })) {
    const name = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of readTree(dir, name)) out.set(k, v);
    else out.set(name, readFileSync(join(dir, name)));
  }
  return out;
}

const asBytes = (files: SiteFiles) => new Map(Object.entries(files).map(([k, v]) => [k, fileBytes(v)]));

/**
 * Same names, same bytes; a difference names the file. Text files (html, css, svg...) are compared
 * as text, for a readable diff; every other file (woff2, avif, webp, png, jpg, gif, ico) as bytes,
 * since decoding them as UTF-8 would hide a difference in the bytes it replaces.
 */
function expectSameFiles(actual: Map<string, Uint8Array>, expected: Map<string, Uint8Array>, who: string) {
  expect([...actual.keys()].sort(), `${who}: file names`).toEqual([...expected.keys()].sort());
  for (const [name, bytes] of expected) {
    const got = Buffer.from(actual.get(name)!);
    if (TEXT_EXTENSIONS.has(name.slice(name.lastIndexOf('.') + 1))) expect(got.toString('utf8'), `${who}: ${name}`).toBe(Buffer.from(bytes).toString('utf8'));
    else expect(got.equals(Buffer.from(bytes)), `${who}: ${name}`).toBe(true);
  }
}

describe('one config and logo, four ways to a site', () => {
  it.each([
    ['an SVG logo (sanitized)', 'logo.svg', HOSTILE_SVG, 'image/svg+xml'],
    ['a PNG logo', 'logo.png', PNG, 'image/png'],
  ] as const)('build, serve, dev and the admin give the same files: %s', async (_, fileName, logo, type) => {
    const dir = tempDir();
    const configPath = join(dir, 'tampa.yaml');
    // A config that names its contact endpoint: build, serve, dev and the admin then all post
    // there (without one, build refuses it and the admin posts to its own URL).
    const config = { ...clinic, logoUrl: `/uploads/${fileName}`, contactEndpoint: 'https://clinic.example.com/api/contact' };
    // JSON is YAML: the file and the admin's request carry the very same values.
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    mkdirSync(join(dir, 'uploads'));
    writeFileSync(join(dir, 'uploads', fileName), logo);

    // 1. clinic-gen build, in this process, read back from disk.
    const out = join(dir, 'site');
    const built = await runMain(['build', '--config', configPath, '--out', out, '--quiet'], { cwd: dir });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const build = readTree(out);
    const logoName = `logo.${fileName.split('.')[1]}`;
    expect(build.has(logoName)).toBe(true);
    expect(Buffer.from(build.get('index.html')!).toString()).toContain(`<img src="${logoName}"`);

    // 2. clinic-gen serve: every file of the build, over HTTP (the not-found page with its status,
    // 404, at its own address as at any missing one: decision record 025).
    const server = await startServer({ configPath, port: 0, dataDir: join(dir, 'data'), env: serveEnv(), logger: silentLogger });
    closing.push(server.close);
    const served = new Map<string, Uint8Array>();
    for (const name of build.keys()) {
      const res = await fetch(`${server.url}/${name}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(res.status, name).toBe(name === '404.html' ? 404 : 200);
      served.set(name, new Uint8Array(await res.arrayBuffer()));
    }
    expectSameFiles(served, build, 'serve');

    // 3. clinic-gen dev's build, in memory.
    const dev = await buildFromText(readFileSync(configPath, 'utf8'), configPath, 'tampa.yaml');
    if (!dev.ok) throw new Error(dev.errors.join('\n'));
    expectSameFiles(asBytes(dev.files), build, 'dev');

    // 4. The admin: upload the logo, generate with the URL the upload answered, decode the files.
    const admin = adminTestApp();
    const up = (await (await admin.request('/api/upload-logo', { method: 'POST', body: logoForm(logo, fileName, type) })).json()) as { logoUrl: string };
    const res = await admin.json('POST', '/api/generate-clinic-website', { ...config, logoUrl: up.logoUrl });
    expect(res.status).toBe(200);
    const decoded = decodeSiteFiles(((await res.json()) as { files: unknown }).files);
    if (!decoded.ok) throw new Error(decoded.error);
    expectSameFiles(decoded.files, build, 'admin');
  });

  it('serve refuses to start on a logo that build refuses, with the same message', async () => {
    const dir = tempDir();
    const configPath = join(dir, 'tampa.yaml');
    writeFileSync(configPath, JSON.stringify({ ...clinic, logoUrl: '/uploads/missing.png' }));
    const built = await runMain(['build', '--config', configPath, '--out', join(dir, 'site'), '--contact-endpoint', 'same-origin'], { cwd: dir });
    expect(built.code).toBe(1);
    const line = `${configPath} logoUrl: no file /uploads/missing.png in the config's folder`;
    await expect(startServer({ configPath, port: 0, dataDir: join(dir, 'data'), env: serveEnv(), logger: silentLogger })).rejects.toThrow(line);
    const dev = await buildFromText(readFileSync(configPath, 'utf8'), configPath, configPath);
    expect(dev.ok ? [] : dev.errors[0]).toMatch(line);
    expect(dev.assets).toEqual([join(dir, 'uploads/missing.png')]);
    expect(built.stderr.replaceAll(`${dir}/`, '')).toContain("logoUrl: no file /uploads/missing.png in the config's folder");
  });
});
