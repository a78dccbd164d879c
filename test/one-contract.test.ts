import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/site.js';

/**
 * One contract a route (issue 42 item 1, docs/decisions/026-one-contract-a-route.md): the admin
 * API's shapes are written once, in src/contract, and both sides use them.
 *
 * - No type, interface or function is exported by a file of src/admin and by a file of
 *   src/server under one name with one shape: such a pair is a copy of the contract that nothing
 *   keeps in step. A name either side re-exports from src/contract (or any shared folder) is one
 *   definition, not a copy.
 * - A field renamed in a response schema fails the admin's type check: the admin is checked with
 *   one schema of src/contract/cities.ts renamed, and the compiler names the field the admin reads.
 */

type Side = 'admin' | 'server';

interface Exported {
  side: Side;
  file: string;
  name: string;
  kind: 'type' | 'function';
  shape: string;
}

/** The source files (tests aside) under `dir`. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The project's compiler options (tsconfig.json), for a program over some of its files. */
function projectOptions(root: string): ts.CompilerOptions {
  const file = join(root, 'tsconfig.json');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(read.config, ts.sys, root).options, noEmit: true };
}

/** A shape written out with no names in it: equal shapes read equal whatever their types are called. */
function shapeOf(checker: ts.TypeChecker, type: ts.Type, depth = 0): string {
  if (depth > 3) return checker.typeToString(type);
  if (type.isUnion()) return type.types.map((t) => shapeOf(checker, t, depth + 1)).sort().join(' | ');
  if (type.isIntersection()) return type.types.map((t) => shapeOf(checker, t, depth + 1)).sort().join(' & ');
  if (!(type.flags & ts.TypeFlags.Object)) return checker.typeToString(type);
  if (checker.isArrayType(type)) return `${shapeOf(checker, checker.getTypeArguments(type as ts.TypeReference)[0]!, depth + 1)}[]`;
  // An interface or class of a library (the DOM's Document, React's element): named, not spelt
  // out. A library's mapped type (Pick, Omit, Partial) is spelt out like any other.
  const sym = type.getSymbol();
  if (sym && sym.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && sym.declarations?.[0]?.getSourceFile().isDeclarationFile) return checker.typeToString(type);
  const calls = type.getCallSignatures().map((s) => {
    const params = s.getParameters().map((p) => shapeOf(checker, checker.getTypeOfSymbol(p), depth + 1));
    return `(${params.join(', ')}) => ${shapeOf(checker, s.getReturnType(), depth + 1)}`;
  });
  const props = checker
    .getPropertiesOfType(type)
    .map((p) => `${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}: ${shapeOf(checker, checker.getTypeOfSymbol(p), depth + 1)}`)
    .sort();
  if (calls.length > 0 && props.length === 0) return calls.sort().join(' & ');
  return `{ ${[...calls.sort(), ...props].join('; ')} }`;
}

/** True when `node` names something defined under `dir` (through any import or re-export). */
function namesFrom(checker: ts.TypeChecker, node: ts.Node, dir: string): boolean {
  if (ts.isIdentifier(node)) {
    let sym = checker.getSymbolAtLocation(node);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    if (sym?.declarations?.some((d) => d.getSourceFile().fileName.startsWith(dir))) return true;
  }
  return ts.forEachChild(node, (child) => namesFrom(checker, child, dir) || undefined) ?? false;
}

/**
 * Every type, interface and function exported by the source files of src/admin and src/server
 * under `root`, each with its shape. A name whose definition lies elsewhere (src/contract, config,
 * a package) is left out: re-exporting the one definition is what the contract asks.
 */
function exportedShapes(root: string): Exported[] {
  const sides: Record<Side, string> = { admin: join(root, 'src', 'admin'), server: join(root, 'src', 'server') };
  const contract = join(root, 'src', 'contract') + sep;
  const files = [...sources(sides.admin), ...sources(sides.server)];
  const program = ts.createProgram(files, projectOptions(root));
  const checker = program.getTypeChecker();
  const out: Exported[] = [];
  for (const file of files) {
    const side: Side = file.startsWith(sides.admin + sep) ? 'admin' : 'server';
    const sf = program.getSourceFile(file);
    const mod = sf && checker.getSymbolAtLocation(sf);
    if (!mod) continue;
    for (const exported of checker.getExportsOfModule(mod)) {
      const sym = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const decl = sym.declarations?.[0];
      // Defined on this side: a re-export of the contract (or of config, a package) is not a copy.
      if (!decl || !decl.getSourceFile().fileName.startsWith(sides[side] + sep)) continue;
      // A type written from the contract's (`ResponseOf<typeof route>`, `Page['records'][number]`) is the contract's.
      if (ts.isTypeAliasDeclaration(decl) && namesFrom(checker, decl.type, contract)) continue;
      let kind: Exported['kind'] | undefined;
      let type: ts.Type | undefined;
      if (sym.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
        kind = 'type';
        type = checker.getDeclaredTypeOfSymbol(sym);
      } else if (sym.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
        type = checker.getTypeOfSymbol(sym);
        if (type.getCallSignatures().length > 0) kind = 'function';
      }
      if (!kind || !type) continue;
      out.push({ side, file: relative(root, file).split(sep).join('/'), name: exported.name, kind, shape: shapeOf(checker, type) });
    }
  }
  return out;
}

/** Names exported with one shape by both sides: `name  admin-file = server-file`. */
function copies(shapes: Exported[]): string[] {
  const found: string[] = [];
  for (const a of shapes.filter((s) => s.side === 'admin')) {
    for (const s of shapes.filter((x) => x.side === 'server' && x.name === a.name && x.kind === a.kind && x.shape === a.shape)) {
      found.push(`${a.name}  ${a.file} = ${s.file}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('one contract a route (issue 42)', () => {
  it('finds no type or function defined on both sides outside src/contract', { timeout: 900_000 }, () => {
    const found = copies(exportedShapes(ROOT));
    expect(found).toEqual([]);
  });

  it('finds a copy planted on both sides, and not a name both re-export from the contract', { timeout: 300_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'one-contract-'));
    try {
      writeFileSync(join(dir, 'tsconfig.json'), readFileSync(join(ROOT, 'tsconfig.json')));
      for (const d of ['src/admin', 'src/server/x', 'src/contract']) mkdirSync(join(dir, d), { recursive: true });
      writeFileSync(join(dir, 'src/contract/c.ts'), 'export interface Shared { id: string }\n');
      // The same shape under other names of its parts: still a copy.
      writeFileSync(
        join(dir, 'src/admin/a.ts'),
        "export type { Shared } from '../contract/c.js';\ntype Id = string;\nexport interface Item { id: Id; tags?: string[] }\nexport const count = (items: Item[]): number => items.length;\n",
      );
      writeFileSync(
        join(dir, 'src/server/x/s.ts'),
        "export type { Shared } from '../../contract/c.js';\nexport interface Item { tags?: string[]; id: string }\nexport function count(items: { id: string; tags?: string[] }[]): number { return items.length; }\nexport interface Other { id: number }\n",
      );
      expect(copies(exportedShapes(dir))).toEqual(['Item  src/admin/a.ts = src/server/x/s.ts', 'count  src/admin/a.ts = src/server/x/s.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the admin type check when a field of a response schema is renamed', { timeout: 900_000 }, () => {
    const contract = join(ROOT, 'src', 'contract', 'cities.ts');
    const text = readFileSync(contract, 'utf8');
    const field = 'response: z.object({ ...ok, cities: z.array(citySummary) })';
    expect(text).toContain(field);
    const renamed = text.replace(field, 'response: z.object({ ...ok, towns: z.array(citySummary) })');
    const options = projectOptions(ROOT);
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (f) => (f === contract ? renamed : readFile(f));
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (f, lang, ...rest) => (f === contract ? ts.createSourceFile(f, renamed, lang) : getSourceFile(f, lang, ...rest));
    // The admin's file that reads the field, checked as `npm run typecheck` checks it: with the
    // real contract it has no error, with the renamed one the compiler names the field.
    const caller = join(ROOT, 'src', 'admin', 'cities-api.ts');
    const check = (h?: ts.CompilerHost) => {
      const program = ts.createProgram([caller], options, h);
      return program.getSemanticDiagnostics(program.getSourceFile(caller)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(check()).toEqual([]);
    expect(check(host)).toEqual([expect.stringMatching(/^Property 'cities' does not exist on type '\{ .*towns: /)]);
  });
});
