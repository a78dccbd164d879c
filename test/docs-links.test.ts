import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/site.js';

/**
 * The README is a front page that sends readers to docs/ and CONTRIBUTING.md (issue 19). A moved
 * file or a renamed heading would leave those links pointing nowhere, and a path named in the
 * text (`src/server/leads/`) would go stale without anyone noticing. This checks, in README.md,
 * CONTRIBUTING.md and every .md under docs/: every relative link (and its #anchor) resolves, and
 * every backquoted repository path exists. The README also stays under 8 KB.
 */

/** The README's size limit: a front page, not a manual. */
const README_MAX_BYTES = 8192;
/** Backquoted text starting with one of these is a path in the repository. */
const REPO_PATH = /^(?:src|test|docs|scripts|configs)\//;

/** The markdown files checked, absolute. */
function markdownFiles(root: string): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return under(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return [join(root, 'README.md'), join(root, 'CONTRIBUTING.md'), ...under(join(root, 'docs'))];
}

/** The text with fenced code blocks blanked (their links and paths are examples, not claims). */
function withoutFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

const CODE_SPAN = /`([^`\n]+)`/g;

/** Link targets of `[text](target)`, outside code; `[`x`](y)` counts, a link inside `code` does not. */
function linkTargets(text: string): string[] {
  const prose = withoutFences(text).replace(CODE_SPAN, 'code');
  return [...prose.matchAll(/\[[^\]]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** Backquoted repository paths outside fenced code, as written (`src/x.ts:12` included). */
function backquotedPaths(text: string): string[] {
  return [...withoutFences(text).matchAll(CODE_SPAN)].map((m) => m[1]!.trim().split(/\s/)[0]!).filter((p) => REPO_PATH.test(p));
}

/** GitHub's anchor for a heading: its text lowercased, punctuation but '-' and '_' dropped, spaces to '-'. */
function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a markdown text offers: one per heading, a repeated one numbered like GitHub does (-1, -2...). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** What is wrong with one markdown file's links and paths, each a sentence naming the file. */
function problems(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const name = relative(root, file);
  const found: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...: not in the repository
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    if (!existsSync(path)) {
      found.push(`${name}: link (${target}) names ${relative(root, path)}, which does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!path.endsWith('.md') || !anchors(readFileSync(path, 'utf8')).has(decodeURIComponent(anchor))) {
      found.push(`${name}: link (${target}) names #${anchor}, not a heading of ${relative(root, path)}`);
    }
  }
  for (const written of backquotedPaths(text)) {
    // `src/x.ts:12:3` names a line; `configs/*.yaml` or `src/pages/<page>/` a pattern: check up to it.
    let path = written.replace(/(?::\d+){1,2}$/, '');
    const wild = path.search(/[*<{]/);
    if (wild >= 0) path = path.slice(0, path.lastIndexOf('/', wild) + 1);
    if (!existsSync(join(root, path))) found.push(`${name}: \`${written}\` does not exist`);
  }
  return found;
}

describe('the extractor (so that a broken link cannot pass unseen)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a missing file, a missing heading and a missing path, and passes what exists', () => {
    mkdirSync(join(dir, 'docs'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'real.ts'), '');
    writeFileSync(join(dir, 'docs', 'b.md'), '# Other page\n\n### `build`: write a city\'s site\n\n## Twice\n\n## Twice\n');
    const a = join(dir, 'a.md');
    writeFileSync(
      a,
      [
        '# Page A',
        'Fine: [b](docs/b.md), [b build](docs/b.md#build-write-a-citys-site), [again](docs/b.md#twice-1),',
        '[self](#page-a), [web](https://example.com/x.md), [folder](docs/), `src/real.ts:12`, `src/*.ts`.',
        'Broken: [gone](docs/missing.md), [no heading](docs/b.md#nowhere), `src/gone.ts`, `docs/nope/`.',
        'Not links: `[code](docs/missing.md)`, and in a fence:',
        '```',
        '[fenced](docs/missing.md) `src/fenced.ts`',
        '```',
      ].join('\n'),
    );
    expect(problems(a, dir)).toEqual([
      'a.md: link (docs/missing.md) names docs/missing.md, which does not exist',
      'a.md: link (docs/b.md#nowhere) names #nowhere, not a heading of docs/b.md',
      'a.md: `src/gone.ts` does not exist',
      'a.md: `docs/nope/` does not exist',
    ]);
  });

  it('makes anchors the way GitHub does', () => {
    expect(headingSlug("`check`: keep cities distinct")).toBe('check-keep-cities-distinct');
    expect(headingSlug("What the servers share")).toBe('what-the-servers-share');
    expect(headingSlug('A_b - c.d (e)')).toBe('a_b---cd-e');
  });
});

describe('the README, CONTRIBUTING.md and docs/', () => {
  const files = markdownFiles(ROOT);

  it('finds the pages it checks (the scan itself works)', () => {
    const names = files.map((f) => relative(ROOT, f));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/commands.md', 'docs/threat-model.md']));
    for (const f of files) expect(existsSync(f), relative(ROOT, f)).toBe(true);
    // A scan that found nothing would pass below; the README links to every docs page.
    expect(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it(`keeps the README at most ${README_MAX_BYTES} bytes`, () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('has only links that resolve and paths that exist', () => {
    expect(files.flatMap((f) => problems(f, ROOT))).toEqual([]);
  });
});
