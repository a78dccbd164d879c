import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionName, auditWords } from '../../src/texts/audit.js';
import { ROUTE_RULES } from '../../src/server/auth/permissions.js';

/**
 * Every action code the server records has words (issue 37 item 8): the codes are found in the
 * source itself, so a new `audit.record` call, a new rule of auth/permissions.ts or a new code
 * passed to a helper that records fails here until src/texts/audit.ts says it in words.
 */
const SERVER = join(import.meta.dirname, '../../src/server');
const CODE = /^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The string literals an expression can be: `a ? 'x' : 'y'` is either, `x ?? 'y'` too. */
function literals(node: ts.Expression): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literals(node.expression);
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) return [...literals(node.left), ...literals(node.right)];
  return [];
}

/** Whether a function's body writes to the trail (`x.record(...)` or `audit.record`). */
const records = (fn: ts.Node): boolean => {
  let found = false;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'record') found = true;
    if (!found) n.forEachChild(visit);
  };
  visit(fn);
  return found;
};

/**
 * The action codes a file records: the `action` of an object literal given to `.record(...)` (a
 * literal, or either side of a conditional), and the arguments in the `action` place of every call
 * of a function of the file that takes an `action` parameter and records it (auth/routes.ts `log`).
 */
function codesIn(file: string): { code: string; where: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const where = (n: ts.Node) => `${relative(SERVER, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const found: { code: string; where: string }[] = [];
  /** Recording helpers of this file: name -> the index of their `action` parameter. */
  const helpers = new Map<string, number>();
  const findHelpers = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) {
      const i = n.initializer.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === 'action');
      if (i >= 0 && records(n.initializer)) helpers.set(n.name.text, i);
    }
    if (ts.isFunctionDeclaration(n) && n.name) {
      const i = n.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === 'action');
      if (i >= 0 && records(n)) helpers.set(n.name.text, i);
    }
    n.forEachChild(findHelpers);
  };
  findHelpers(source);
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'record') {
        for (const arg of n.arguments) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          for (const p of arg.properties) {
            if (ts.isPropertyAssignment(p) && p.name.getText(source) === 'action') for (const code of literals(p.initializer)) found.push({ code, where: where(p) });
          }
        }
      }
      const index = ts.isIdentifier(callee) ? helpers.get(callee.text) : undefined;
      const arg = index === undefined ? undefined : n.arguments[index];
      if (arg) for (const code of literals(arg)) found.push({ code, where: where(arg) });
    }
    n.forEachChild(visit);
  };
  visit(source);
  return found;
}

const recorded = [...sourceFiles(SERVER).flatMap(codesIn), ...ROUTE_RULES.flatMap((r) => (r.action ? [{ code: r.action, where: `auth/permissions.ts ${r.methods.join(',')} ${r.path}` }] : []))];

describe('the audit actions in words', () => {
  it('finds the codes the server records, wherever it records them', () => {
    const codes = new Set(recorded.map((r) => r.code));
    // One of each way a code is recorded: a rule, a direct record, the sign-in routes' helper, the shell, retention, start-up.
    for (const code of ['city.import', 'city.auto_redeploy', 'session.sign_in', 'session.password_ok', 'account.setup', 'keys.rotate', 'message.purge', 'message.seal_stored']) expect(codes, code).toContain(code);
    for (const r of recorded) expect(r.code, r.where).toMatch(CODE);
  });

  it('has words for every action code recorded in src/server', () => {
    const missing = recorded.filter((r) => !(r.code in AUDIT_ACTIONS)).map((r) => `${r.code} (${r.where})`);
    expect(missing).toEqual([]);
  });

  it('says each action as a person would, a refused one as tried, and never the code', () => {
    for (const [code, a] of Object.entries(AUDIT_ACTIONS)) {
      expect(a.name.trim(), code).not.toBe('');
      for (const outcome of [200, 403]) {
        const words = auditWords(code, { city: 'Tampa', count: 40 }, outcome);
        expect(words.trim(), code).not.toBe('');
        expect(words, code).not.toContain(code);
        expect(words, code).not.toMatch(/undefined|\bnull\b/);
      }
    }
    expect(auditWords('message.read', { city: 'Tampa' }, 200)).toBe('read a message');
    expect(auditWords('message.export', { city: '', count: 40 }, 200)).toBe('exported 40 messages');
    expect(auditWords('message.export', { city: '', count: 1 }, 200)).toBe('exported 1 message');
    expect(auditWords('session.sign_in', { city: '' }, 200)).toBe('signed in');
    expect(auditWords('city.deploy', { city: 'Tampa' }, 200)).toBe('deployed Tampa');
    expect(auditWords('city.deploy', { city: 'Tampa' }, 403)).toBe('tried to deploy Tampa');
    expect(auditWords('session.sign_in_failed', { city: '' }, 401)).toBe('failed to sign in');
    expect(auditWords('message.assign', { city: '', account: 'Dana Desk' }, 200)).toBe('assigned a message to Dana Desk');
    expect(auditWords('message.status', { city: '', status: 'closed', reason: 'no_answer' }, 200)).toBe('marked a message closed (no answer)');
    expect(auditWords('retention.set', { city: '', days: '365' }, 200)).toBe('set messages to be kept 365 days');
    expect(auditActionName('city.deploy')).toBe('Deploy a city');
    // A code the catalogue lacks is shown as it is rather than hidden.
    expect(auditWords('something.new', { city: '' }, 200)).toBe('something.new');
  });
});
