import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/site.js';

/**
 * The layers of src/ and the imports they may not make (CONTRIBUTING.md, "Layout"; decisions 005
 * and 006). Each rule is checked over every relative import, `import type`, `export ... from`, a
 * side-effect `import './x.js'` and a dynamic `import()` included, and each is shown to fail on an
 * import planted in a copy of the real tree: a rule that cannot fail checks nothing.
 */
const SRC = join(ROOT, 'src');

/**
 * The top-level folders of src/, lowest first. A folder imports only from folders of a lower rank:
 * `texts` is a leaf every layer and bundle reads; `model` holds the page data types the site
 * pipeline and the renderer share; `site`, `check`, `init` and the browser `admin` sit on the
 * renderer; the commands' cores on those; the CLI on top. Folders of one rank do not import each
 * other (the server does not load `build`, `dev` does not load the server).
 */
const RANKS: Record<string, number> = {
  texts: 0,
  config: 1,
  // The admin API's shapes, one module an area, read by the server and the admin (decision 026);
  // they take the config's field rules (email, slug) rather than repeat them.
  contract: 1.5,
  model: 2,
  pages: 3,
  site: 4,
  check: 4,
  init: 4,
  admin: 4,
  // The brand site (issue 24): its pages and its assembly on the site pipeline; the CLI's build and the server make it.
  'brand-site': 4.5,
  build: 5,
  dev: 5,
  server: 5,
  cli: 6,
};

/**
 * The folders of src/server, lowest first (CONTRIBUTING.md, "The server"):
 *
 * - the base, which any folder may use and which uses no other: the settings (one resolved server
 *   configuration, read before any request is served), the logger, the bundle a worker thread loads;
 * - the technology folders, which features build on and which know no feature;
 * - the features (every other folder), each using another only through its `index.ts`;
 * - the composition, which may use everything and is used by nothing below it: the root files
 *   (`app.ts`, `serve.ts`, `start.ts`) and the folders that assemble the features (the listeners'
 *   apps, the store set, starting and stopping, backup and restore, the operator's tasks).
 */
const BASE = new Set(['settings', 'log', 'workers']);
const TECHNOLOGY = new Set(['http', 'sqlite', 'pg', 'bundle', 'crypto']);
const COMPOSITION = new Set(['apps', 'store', 'lifecycle', 'backup', 'tasks']);
/** The folder a root file of src/server counts as in the folder-cycle rule. */
const ROOT_NODE = '(root)';
/** At most this many source files (tests included) in src/server's root: the composition root alone. */
const ROOT_FILES_MAX = 4;

/** No source file under src/ over this many lines, tests aside (a file over it asks to be split by what it does). */
const MAX_LINES = 300;
/**
 * Known, being split: files over MAX_LINES that their owners are splitting, each named with a
 * comment saying whose it is (issue 42 item 4 left `src/admin`, the inbox and the brand site to
 * theirs). Empty now: every file is within the limit. A file not listed fails, and so does a
 * listed file that no longer exceeds the limit (the list only shrinks).
 */
const KNOWN_LONG_FILES = new Set<string>([]);

/** A source tree as the rules read it: src-relative path -> text. */
type Tree = Map<string, string>;

function readTree(dir = SRC, tree: Tree = new Map()): Tree {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) readTree(path, tree);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) tree.set(relative(SRC, path), readFileSync(path, 'utf8'));
  }
  return tree;
}

// import/export ... from '...'; a side-effect import '...'; import('...').
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s([^;]*?)from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

interface Edge {
  from: string;
  to: string;
  /** `import type` / `export type`: gone at run time, so it cannot make a cycle that bites. */
  typeOnly: boolean;
}

/** The relative imports of a source text, each its specifier and whether it is type-only. */
function importSpecs(text: string): { spec: string; typeOnly: boolean }[] {
  return [...text.matchAll(IMPORT)].map((m) => ({ spec: m[2] ?? m[3] ?? m[4] ?? '', typeOnly: m[1] !== undefined && /^type\s/.test(m[1]) }));
}

/** src-relative import edges between files of the tree, both ends like 'server/leads/store.ts'. */
function importEdges(tree: Tree): Edge[] {
  const edges: Edge[] = [];
  for (const [file, text] of tree) {
    for (const { spec, typeOnly } of importSpecs(text)) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec.replace(/\.js$/, '')));
      const found = [`${target}.ts`, `${target}.tsx`].find((p) => tree.has(p));
      if (found) edges.push({ from: file, to: found, typeOnly });
    }
  }
  return edges;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const top = (path: string) => path.split('/')[0]!;
/** The folder of src/server a path is in ('leads'), or undefined for a top-level server file or outside. */
const serverFolder = (path: string) => /^server\/([^/]+)\//.exec(path)?.[1];
/** True for a file of the composition: a root file of src/server or one in a composition folder. */
const isComposition = (path: string) => /^server\/[^/]+\.tsx?$/.test(path) || COMPOSITION.has(serverFolder(path) ?? '');
/** The node of the folder-cycle rule a path is in: its folder of src/server, ROOT_NODE for a root file, undefined outside src/server. */
const cycleNode = (path: string) => serverFolder(path) ?? (/^server\/[^/]+$/.test(path) ? ROOT_NODE : undefined);
const show = (e: Edge) => `${e.from} -> ${e.to}`;

/** Rule 1: a top-level folder imports only from lower ranks (tests included). */
function layerViolations(edges: Edge[]): string[] {
  return edges
    .filter((e) => top(e.from) !== top(e.to))
    .filter((e) => !(RANKS[top(e.to)]! < RANKS[top(e.from)]!))
    .map(show);
}

/** Rule 2: a technology folder imports no feature folder and no composition file. */
function technologyViolations(edges: Edge[]): string[] {
  return edges
    .filter((e) => !isTest(e.from) && TECHNOLOGY.has(serverFolder(e.from) ?? ''))
    .filter((e) => {
      const to = serverFolder(e.to);
      return (to !== undefined && !TECHNOLOGY.has(to) && !BASE.has(to)) || isComposition(e.to);
    })
    .map(show);
}

/** Rule 2b: the base imports no other folder of src/server and no root file: the settings are read before the request layer exists. */
function baseViolations(edges: Edge[]): string[] {
  return edges
    .filter((e) => !isTest(e.from) && BASE.has(serverFolder(e.from) ?? ''))
    .filter((e) => {
      const to = cycleNode(e.to);
      return to !== undefined && !BASE.has(to);
    })
    .map(show);
}

/**
 * Rule 3: a feature imports another feature only through its interface (`index.ts`), and no
 * composition file. Tests may reach further to set up what they test (a contract test opens the
 * other twin's pool).
 */
function featureViolations(edges: Edge[]): string[] {
  return edges
    .filter((e) => !isTest(e.from))
    .filter((e) => {
      const from = serverFolder(e.from);
      if (from === undefined || TECHNOLOGY.has(from) || BASE.has(from) || COMPOSITION.has(from)) return false;
      if (isComposition(e.to)) return true;
      const to = serverFolder(e.to);
      if (to === undefined) return false;
      return to !== from && !TECHNOLOGY.has(to) && !BASE.has(to) && !e.to.endsWith('/index.ts');
    })
    .map(show);
}

/**
 * Rule 4: no cycle between the folders of src/server, its root files counting as one more folder
 * (ROOT_NODE). Type-only imports count: a folder that names another's types depends on it. A test's
 * import counts too, except into the composition: a test may start the whole server, or open the
 * store set, to set up what it checks, as no production file of a feature may.
 */
function folderCycles(edges: Edge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (isTest(e.from) && isComposition(e.to)) continue;
    const [from, to] = [cycleNode(e.from), cycleNode(e.to)];
    if (from && to && from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  const reach = (start: string) => {
    const seen = new Set<string>();
    const walk = (node: string) => {
      for (const next of graph.get(node) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        walk(next);
      }
    };
    walk(start);
    return seen;
  };
  // Folders that reach each other, one group a cycle.
  const groups = [...graph.keys()].map((a) => [...reach(a)].filter((b) => reach(b).has(a)).sort().join(' <-> '));
  return [...new Set(groups.filter((g) => g.includes(' <-> ')))];
}

/** Rule 5: no import cycle between files at run time. */
function fileCycles(edges: Edge[]): string[] {
  const graph = new Map<string, string[]>();
  for (const e of edges) if (!e.typeOnly) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

const tree = readTree();
const edges = importEdges(tree);
/** The real tree with `files` added (or replaced): where a planted import must be caught. */
const planted = (files: Record<string, string>) => importEdges(new Map([...tree, ...Object.entries(files)]));

describe('layers of src/', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    // A scan that finds nothing would pass every rule below; the pages import the config.
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from.startsWith('pages/') && e.to.startsWith('config/'))).toBe(true);
    // Every top-level folder has a rank: a new one must be placed before its imports are checked.
    expect([...new Set([...tree.keys()].map(top))].filter((f) => RANKS[f] === undefined)).toEqual([]);
  });

  it('reads every form of a relative import', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "import './c.js';",
      "export { d } from './d.js';",
      "export * from './e.js';",
      "const f = await import('./f.js');",
      "import { g } from 'node:g';",
    ].join('\n');
    expect(importSpecs(text)).toEqual([
      { spec: './a.js', typeOnly: false },
      { spec: '../b.js', typeOnly: true },
      { spec: './c.js', typeOnly: false },
      { spec: './d.js', typeOnly: false },
      { spec: './e.js', typeOnly: false },
      { spec: './f.js', typeOnly: false },
    ]);
  });

  it('imports only from lower layers: cli -> server, dev, build -> site -> pages -> model -> config -> texts', () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it.each([
    ['pages/x.ts', "import type { SiteFiles } from '../site/pipeline.js';", 'pages/x.ts -> site/pipeline.ts', 'the renderer does not know the pipeline that calls it'],
    ['config/x.ts', "import { renderSite } from '../pages/render-site.js';", 'config/x.ts -> pages/render-site.tsx', 'the config sits below the pages'],
    ['site/x.ts', "import { createApps } from '../server/app.js';", 'site/x.ts -> server/app.ts', 'the pipeline is shared, so it cannot depend on the server'],
    ['server/x.ts', "import { buildSites } from '../build/build-site.js';", 'server/x.ts -> build/build-site.ts', 'folders of one rank stay apart'],
    ['texts/x.ts', "import type { ClinicConfig } from '../config/schema.js';", 'texts/x.ts -> config/schema.ts', 'the text catalogue is a leaf'],
  ])('fails on a planted import against the layer order: %s (%s)', (file, text, edge) => {
    expect(layerViolations(planted({ [file]: text }))).toEqual([edge]);
  });

  it('keeps the technology folders of src/server free of features and of the composition', () => {
    expect(technologyViolations(edges)).toEqual([]);
    expect(technologyViolations(planted({ 'server/http/x.ts': "import type { MessageStore } from '../leads/index.js';" }))).toEqual(['server/http/x.ts -> server/leads/index.ts']);
    expect(technologyViolations(planted({ 'server/pg/x.ts': "import { createApps } from '../app.js';" }))).toEqual(['server/pg/x.ts -> server/app.ts']);
  });

  it("lets a feature use another feature's interface only", () => {
    expect(featureViolations(edges)).toEqual([]);
    // An internal file of another feature, and a composition file, are refused; its index.ts is not.
    const bad = planted({
      'server/cities/x.ts': [
        "import { createMessageStore } from '../leads/sqlite-store.js';",
        "import { openServerStore } from '../store/open-server-store.js';",
        "import type { MessageStore } from '../leads/index.js';",
      ].join('\n'),
    });
    expect(featureViolations(bad)).toEqual(['server/cities/x.ts -> server/leads/sqlite-store.ts', 'server/cities/x.ts -> server/store/open-server-store.ts']);
  });

  it('keeps the base of src/server (settings, logger, worker bundle) free of every other folder', () => {
    expect(baseViolations(edges)).toEqual([]);
    // The settings are read before the request layer: a rule they need lives with them, not in http/.
    expect(baseViolations(planted({ 'server/settings/x.ts': "import { isLoopback } from '../http/client-address.js';" }))).toEqual(['server/settings/x.ts -> server/http/client-address.ts']);
    expect(baseViolations(planted({ 'server/log/x.ts': "import type { ServerConfig } from '../app.js';" }))).toEqual(['server/log/x.ts -> server/app.ts']);
  });

  it('has no import cycle between the folders of src/server, its root files included', () => {
    expect(folderCycles(edges)).toEqual([]);
    // packages uses uploads; an import back closes a cycle, even a type-only one.
    expect(folderCycles(planted({ 'server/uploads/x.ts': "import type { PackageInfo } from '../packages/package-routes.js';" }))).toEqual(['packages <-> uploads']);
    // The cycle issue 42 cut: the request layer reads the settings, so the settings may not read it back.
    // Every folder that uses the settings through http/ joins the one cycle it closes.
    const cut = folderCycles(planted({ 'server/settings/x.ts': "import type { HostRule } from '../http/hosts.js';" }));
    expect(cut).toHaveLength(1);
    expect(cut[0]!.split(' <-> ')).toEqual(expect.arrayContaining(['http', 'settings']));
    // The root files count as a folder: a feature that imports the app closes a cycle through it.
    const back = folderCycles(planted({ 'server/cities/x.ts': "import type { AppDeps } from '../app.js';" }));
    expect(back).toHaveLength(1);
    expect(back[0]!.split(' <-> ')).toEqual(expect.arrayContaining(['(root)', 'cities']));
  });

  it("keeps src/server's root to the composition root", () => {
    const rootFiles = [...tree.keys()].filter((p) => /^server\/[^/]+$/.test(p));
    expect(rootFiles.length, rootFiles.join(', ')).toBeLessThanOrEqual(ROOT_FILES_MAX);
  });

  it(`has no source file over ${MAX_LINES} lines, tests aside`, () => {
    const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const long = [...tree].filter(([p, text]) => !isTest(p) && lines(text) > MAX_LINES).map(([p]) => p);
    expect(long.filter((p) => !KNOWN_LONG_FILES.has(p))).toEqual([]);
    // The allow-list only shrinks: a listed file now short enough comes off it.
    expect([...KNOWN_LONG_FILES].filter((p) => !long.includes(p)), 'split now: take it off KNOWN_LONG_FILES').toEqual([]);
  });

  it('has no import cycle between files at run time', () => {
    expect(fileCycles(edges)).toEqual([]);
    const cycle = fileCycles(planted({ 'model/a.ts': "import { b } from './b.js';", 'model/b.ts': "import { a } from './a.js';" }));
    expect(cycle).toEqual(['model/a.ts -> model/b.ts -> model/a.ts']);
  });
});

describe("what the CLI's start loads (lib/, as npm run build made it)", () => {
  /** The modules of lib/ a module imports statically, itself included, transitively. */
  const staticClosure = (entry: string): string[] => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const text = readFileSync(join(ROOT, 'lib', name), 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"\.\/([^"]+)"/gm)) visit(m[1]!);
      for (const m of text.matchAll(/^import\s*"\.\/([^"]+)"/gm)) visit(m[1]!);
    };
    visit(entry);
    return [...seen];
  };
  // esbuild marks each bundled file with a `// node_modules/<package>/...` line.
  const packagesIn = (names: string[]) => new Set(names.flatMap((n) => [...readFileSync(join(ROOT, 'lib', n), 'utf8').matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map((m) => m[1]!)));

  it('is no schema, YAML parser, React or server: a rebuild with nothing changed loads none of them', () => {
    const start = staticClosure('cli.js');
    const packages = packagesIn(start);
    // The scan finds what a start does load (commander parses the arguments) ...
    expect(packages.has('commander')).toBe(true);
    for (const heavy of ['zod', 'yaml', 'react', 'react-dom', 'hono', 'nodemailer']) expect(packages, heavy).not.toContain(heavy);
    // ... and what the pipeline, loaded when a city is built, brings: the schema and the parser;
    // React only with the renderer, for a shape of site with no templates yet (pages/site-files.ts).
    const module = (prefix: string) => readdirSync(join(ROOT, 'lib')).find((n) => n.startsWith(`${prefix}-`) && n.endsWith('.js'))!;
    const built = packagesIn(staticClosure(module('build-site')));
    for (const needed of ['zod', 'yaml']) expect(built, needed).toContain(needed);
    expect(built).not.toContain('react-dom');
    expect(packagesIn(staticClosure(module('render-site')))).toContain('react-dom');
  });
});
