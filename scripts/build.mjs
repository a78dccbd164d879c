#!/usr/bin/env node
// Builds what the package runs from: the shared stylesheet (Tailwind v4), the contact-form island
// and the admin app (esbuild, content-hashed), then the CLI bundle in lib/. Runs on `npm install`
// (prepare), so a fresh clone has a working `npx clinic-gen`.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const hash = (s) => createHash('sha256').update(s).digest('hex').slice(0, 10);

/**
 * Tailwind: scan the sources a stylesheet names with @source for classes, compile, minify; `extra`
 * (already minified) is appended before the name is hashed.
 */
async function compileCss(entry, name, extra = '') {
  const input = join(root, entry);
  const compiler = await compile(await readFile(input, 'utf8'), { base: dirname(input), onDependency() {} });
  const scanner = new Scanner({ sources: compiler.sources });
  const css = optimize(compiler.build(scanner.scan()), { minify: true }).code + extra;
  return { file: `assets/${name}.${hash(css)}.css`, content: css };
}

/**
 * Runs a TypeScript module of src/ here (bundled by esbuild into build/, so its import.meta.url
 * still finds node_modules) and returns its exports.
 */
async function importTs(entry) {
  const out = join(root, 'build', `.${entry.replace(/\W+/g, '-')}.mjs`);
  await esbuild.build({ entryPoints: [join(root, entry)], outfile: out, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'warning' });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    await rm(out, { force: true });
  }
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

// The brand faces (src/site/fonts/): each web font's content-hashed name in a site, and their
// @font-face rules with metric-matched fallbacks, which go into the site's stylesheet.
await mkdir(join(root, 'build'), { recursive: true });
const fonts = (await importTs('src/site/fonts/build-fonts.ts')).buildFonts();

// The site's stylesheet and islands, shared by every city (the mobile menu's focus keeper and the
// brand home's "find your clinic" box: plain DOM, no preact); the admin app and its stylesheet.
const [css, contactJs, contactFormJs, menuJs, locatorJs, adminJs, adminCss] = await Promise.all([
  compileCss('src/pages/styles.css', 'site', `\n${fonts.css}\n`),
  bundle('src/pages/islands/contact.tsx', 'contact'),
  // The form's island proper, imported by the entry above when the page runs (contact.tsx).
  bundle('src/pages/islands/contact-form.tsx', 'contact-form'),
  bundle('src/pages/islands/menu.ts', 'menu'),
  bundle('src/brand-site/islands/locator.ts', 'locator'),
  bundle('src/admin/main.tsx', 'admin'),
  // The admin is set in the sites' brand faces too, served by the server beside its stylesheet.
  compileCss('src/admin/styles.css', 'admin', `\n${fonts.css}\n`),
]);
await writeFile(join(root, 'build/assets.json'), JSON.stringify({ css, contactJs, contactFormJs, menuJs, locatorJs, fonts: fonts.files }) + '\n');
await writeFile(join(root, 'build/admin.json'), JSON.stringify({ js: adminJs, css: adminCss, fonts: fonts.files }) + '\n');

// The CLI: dependencies are bundled in (one file to load instead of hundreds is most of a cold
// build's 300 ms budget); the server's parts are split into chunks loaded only by `serve`.
// better-sqlite3, sharp (photos) and resvg (social cards) stay external: native addons, each
// loading the build for this platform at run time.
await rm(join(root, 'lib'), { recursive: true, force: true });
await esbuild.build({
  entryPoints: { cli: join(root, 'src/cli/main.ts') },
  outdir: join(root, 'lib'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3', 'sharp', '@resvg/resvg-js'],
  // Only renderToStaticMarkup is used: take React's legacy server build alone, not all of Fizz.
  alias: { 'react-dom/server': join(root, 'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js') },
  jsx: 'automatic',
  minifySyntax: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS packages in an ESM bundle still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __cgRequire } from 'node:module'; const require = __cgRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The social cards' shapes (the map pin, the pulse lines, the plate's corners), the same on every
// card whatever its colours: drawn once here by resvg, so no build loads a renderer for them.
(await importTs('src/site/cards/shapes.ts')).writePreparedShapes(root);
// The digest of lib/ and the fonts, with each file's size and time: a run takes it instead of
// hashing 7 MB (about 10 ms of a rebuild with nothing changed) while the files are as recorded.
const { codeDigest, CODE_DIGEST } = await importTs('src/site/site-inputs.ts');
await writeFile(join(root, 'lib', CODE_DIGEST), JSON.stringify(codeDigest(join(root, 'lib'), join(root, 'src/site/fonts/files'))) + '\n');
const ms = Math.round(performance.now() - started);
console.log(`built lib/cli.js, ${css.file} (${css.content.length} B), ${contactJs.file} (${contactJs.content.length} B) in ${ms} ms`);
