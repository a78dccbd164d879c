import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/site.js';

/**
 * The layers of src/ and the imports they may not make (docs/decisions/005 and 006). Each rule
 * is checked over every relative import: `import type`, `export ... from`, a side-effect
 * `import './x.js'` and a dynamic `import()` included, so a shortcut across layers fails here
 * instead of in a reader's head.
 */
const SRC = join(ROOT, 'src');

/** Every .ts/.tsx file under src/, tests included (a test may not reach across layers either). */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
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

/** src-relative import edges, both ends like 'server/leads/contact-routes.ts'. */
function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles()) {
    for (const { spec, typeOnly } of importSpecs(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec.replace(/\.js$/, ''));
      const found = ['.ts', '.tsx'].map((ext) => target + ext).find((p) => statExists(p));
      if (found) edges.push({ from: relative(SRC, file), to: relative(SRC, found), typeOnly });
    }
  }
  return edges;
}

function statExists(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

const edges = importEdges();
/** The admin's server code: its API, the guard in front of it, and the stored cities it manages. */
const ADMIN_SERVER = ['server/admin-api', 'server/auth', 'server/cities'];
const under = (path: string, folder: string) => path.startsWith(`${folder}/`);
const offending = (from: string, to: string) =>
  edges.filter((e) => under(e.from, from) && under(e.to, to)).map((e) => `${e.from} -> ${e.to}`);

describe('layers of src/', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    // A scan that finds nothing would pass every rule below; the pages import the config.
    expect(edges.length).toBeGreaterThan(200);
    expect(offending('pages', 'config').length).toBeGreaterThan(0);
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

  it.each([
    ['config', 'pages', 'the config layer sits below the pages (the service catalogue lives in config)'],
    ['config', 'server', 'the config layer knows nothing of the server'],
    ['config', 'site', 'the config layer knows nothing of the site pipeline'],
    ['pages', 'server', 'rendering is pure and knows nothing of the server'],
    ['site', 'server', 'the site pipeline is shared by the CLI and the server, so it cannot depend on the server'],
    ['build', 'server', 'clinic-gen build must not load the server'],
    ['dev', 'server', 'dev mode must not load the clinic server'],
    ...ADMIN_SERVER.flatMap((admin) => [
      ['server/contact', admin, "the contact API and the admin's server code share only server/http"],
      [admin, 'server/contact', "the contact API and the admin's server code share only server/http"],
    ]),
    ['messages', 'config', 'the message catalogue is a leaf: every layer and bundle reads it'],
    ['messages', 'pages', 'the message catalogue is a leaf'],
    ['messages', 'server', 'the message catalogue is a leaf'],
  ])('%s/ does not import from %s/ (%s)', (from, to) => {
    expect(offending(from, to)).toEqual([]);
  });

  it('has no import cycle between files at run time', () => {
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
    expect(cycles).toEqual([]);
  });

  it('has no import cycle between the feature folders of src/server/', () => {
    // Type imports count: a folder that names another's types depends on it as much.
    const folderOf = (path: string) => /^server\/([^/]+)\//.exec(path)?.[1];
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      const [from, to] = [folderOf(e.from), folderOf(e.to)];
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
    const groups = new Set([...graph.keys()].map((a) => [...reach(a)].filter((b) => reach(b).has(a)).sort().join(' <-> ')).filter((g) => g.includes(' <-> ')));
    // The last one (admin-api <-> cities <-> store) went when the JSON reader moved to http/, the
    // generate helpers to config/ and site/, and the SQLite store's assembly out of store/.
    expect([...groups]).toEqual([]);
  });
});
