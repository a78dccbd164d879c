#!/usr/bin/env node
// Builds what the package runs from: the shared stylesheet (Tailwind v4), the contact-form island
// and the admin app (esbuild, content-hashed), then the CLI bundle in lib/. Runs on `npm install`
// (prepare), so a fresh clone has a working `npx clinic-gen`.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const hash = (s) => createHash('sha256').update(s).digest('hex').slice(0, 10);

/** Tailwind: scan the page components for classes, compile, minify. */
async function buildCss() {
  const input = join(root, 'src/pages/styles.css');
  const compiler = await compile(await readFile(input, 'utf8'), { base: dirname(input), onDependency() {} });
  const scanner = new Scanner({ sources: compiler.sources.map((s) => ({ ...s, base: s.base })) });
  const css = optimize(compiler.build(scanner.scan()), { minify: true }).code;
  return { file: `assets/site.${hash(css)}.css`, content: css };
}

/**
 * A browser bundle of one entry point, minified for production. The components are written against
 * React's API (react-hook-form, Radix), but the browser gets preact/compat in place of react-dom:
 * React DOM alone is about 60 KB gzipped, the whole budget of the contact page (decision 001).
 */
const PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};
async function bundle(entry, name) {
  const out = await esbuild.build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    target: ['es2022'],
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: PREACT,
    legalComments: 'none',
  });
  const content = out.outputFiles[0].text;
  return { file: `assets/${name}.${hash(content)}.js`, content };
}

const [css, contactJs] = await Promise.all([buildCss(), bundle('src/pages/islands/contact.tsx', 'contact')]);
await mkdir(join(root, 'build'), { recursive: true });
await writeFile(join(root, 'build/assets.json'), JSON.stringify({ css, contactJs }) + '\n');
if (existsSync(join(root, 'src/admin/main.tsx'))) {
  const admin = await bundle('src/admin/main.tsx', 'admin');
  await writeFile(join(root, 'build/admin.json'), JSON.stringify({ js: admin }) + '\n');
}

// The CLI: one ESM file; packages stay in node_modules (better-sqlite3 is native).
await rm(join(root, 'lib'), { recursive: true, force: true });
await esbuild.build({
  entryPoints: [join(root, 'src/cli/main.ts')],
  outfile: join(root, 'lib/cli.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
});
const ms = Math.round(performance.now() - started);
console.log(`built lib/cli.js, ${css.file} (${css.content.length} B), ${contactJs.file} (${contactJs.content.length} B) in ${ms} ms`);
