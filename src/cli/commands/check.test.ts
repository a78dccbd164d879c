import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');

/** Tampa's config with other lines: each `[line, replacement]` must be found, so a test never runs on a silent no-op. */
function tampaWith(changes: [RegExp, string][]): string {
  let text = tampa;
  for (const [re, to] of changes) {
    expect(text).toMatch(re);
    text = text.replace(re, to);
  }
  return text;
}

/** The case of issue 23: Tampa duplicated into "Clearwater", only the city, address and phone changed. */
function clearwater(): string {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'clearwater.yaml'),
    tampaWith([
      [/^city: Tampa$/m, 'city: Clearwater'],
      [/^address: .*$/m, 'address: 600 Cleveland Street'],
      [/^phone: .*$/m, 'phone: (727) 555-0199'],
    ]),
  );
  return join(dir, 'clearwater.yaml');
}

/** `score  City ~ Sibling  verdict` lines of the report, by city. */
function lines(stdout: string): Map<string, { score: number; sibling: string | undefined; rest: string }> {
  const out = new Map<string, { score: number; sibling: string | undefined; rest: string }>();
  for (const m of stdout.matchAll(/^(\d\.\d\d) {2}([A-Z][\w .'-]*?)(?: ~ ([A-Z][\w .'-]*?))?((?: {2}.*)?)$/gm)) {
    out.set(m[2]!, { score: Number(m[1]), sibling: m[3], rest: m[4]!.trim() });
  }
  return out;
}

describe('clinic-gen check', () => {
  it('passes the three sample configs, each scored against its closest sibling', async () => {
    const r = await runMain(['check', 'configs/']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const cities = lines(r.stdout);
    expect([...cities.keys()].sort()).toEqual(['Orlando', 'Tampa', 'Wesley Chapel']);
    for (const [city, c] of cities) {
      expect(c.score).toBeLessThanOrEqual(0.5);
      expect(c.rest).not.toMatch(/too alike|no local content/);
      if (c.sibling) expect(['Orlando', 'Tampa', 'Wesley Chapel'].filter((x) => x !== city)).toContain(c.sibling);
    }
    expect(r.stdout).toMatch(/^no city above 0\.50, none under 40 words of its own \(3 cities\): the sites are distinct enough\.$/m);
  });

  it('fails Tampa duplicated into Clearwater with only the city, address and phone changed, naming both', async () => {
    const r = await runMain(['check', 'configs/', clearwater()]);
    expect(r.code).toBe(1);
    const cities = lines(r.stdout);
    const cw = cities.get('Clearwater')!;
    expect(cw).toMatchObject({ sibling: 'Tampa', rest: 'too alike (above 0.50)' });
    expect(cw.score).toBeGreaterThan(0.9);
    expect(cities.get('Tampa')).toMatchObject({ sibling: 'Clearwater', rest: 'too alike (above 0.50)' });
    // The other samples still pass: a copy among them does not make them alike.
    expect(cities.get('Orlando')!.rest).not.toMatch(/too alike|no local content/);
    expect(cities.get('Wesley Chapel')!.rest).not.toMatch(/too alike|no local content/);
    // One warning for the pair (they say the same of themselves), whichever of them comes first.
    const warning = /^warning: (\w+) \((.*)\) and (\w+) \((.*)\) say the same of their cities: (\d+)% of what \1 says of its own is on \3's pages, (\d+)% of what \3 says of its own is on \1's pages; search engines may treat them as doorway pages\. To tell them apart:$/m.exec(r.stderr);
    expect(warning).not.toBeNull();
    expect([warning![1], warning![3]].sort()).toEqual(['Clearwater', 'Tampa']);
    expect([warning![2], warning![4]].sort()).toEqual([expect.stringMatching(/clearwater\.yaml$/), 'configs/tampa.yaml']);
    expect(r.stderr.match(/^warning: /gm)).toHaveLength(1);
    for (const field of ['localContent.whyCity', 'localContent.team', 'localContent.areasServed', 'localContent.faq']) {
      expect(r.stderr).toMatch(new RegExp(`^  - ${field.replace('.', '\\.')}: 100% alike in (Clearwater and Tampa|Tampa and Clearwater); write each city's own`, 'm'));
    }
    expect(r.stderr).toMatch(/^ {2}- description: missing in both; add a two-sentence summary/m);
    expect(r.stderr).toMatch(/^2 of 4 cities fail: 2 too alike to another city \(above 0\.50\); write the local content above and run clinic-gen check again\.$/m);
  });

  it('fails Clearwater as the admin duplicated it (local content dropped), which the whole-page check let through', async () => {
    const cw = clearwater();
    writeFileSync(cw, readFileSync(cw, 'utf8').replace(/^localContent:[\s\S]*$/m, '').replace(/^phone: .*$/m, 'phone: 727-555-0199'));
    const r = await runMain(['check', 'configs/', cw]);
    expect(r.code).toBe(1);
    expect(lines(r.stdout).get('Clearwater')!.rest).toMatch(/no local content \(0 words of its own, under 40\)$/);
    expect(r.stderr).toMatch(/^1 of 4 cities fail: 1 without local content \(under 40 words of its own\)/m);
  });

  it('fails a city without local content as lacking it, not as distinct, and passes it once it has its own', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tampa.yaml'), tampa);
    writeFileSync(join(dir, 'lakeland.yaml'), tampaWith([[/^city: Tampa$/m, 'city: Lakeland'], [/^localContent:[\s\S]*$/m, '']]));
    const r = await runMain(['check', dir]);
    expect(r.code).toBe(1);
    const cities = lines(r.stdout);
    // Nothing Lakeland says is Tampa's: its score is 0, and it still fails.
    expect(cities.get('Lakeland')).toEqual({ score: 0, sibling: undefined, rest: '(no sibling says any of its own text)  no local content (0 words of its own, under 40)' });
    expect(cities.get('Tampa')!.rest).toBe('(no sibling says any of its own text)');
    expect(r.stderr).toMatch(/^warning: Lakeland \(.*lakeland\.yaml\) has 0 words of its own, under 40: .* To give it local content:$/m);
    expect(r.stderr).toMatch(/^ {2}- localContent\.whyCity: missing; add a paragraph or two on why patients in the city choose the clinic/m);
    expect(r.stderr).toMatch(/^1 of 2 cities fail: 1 without local content \(under 40 words of its own\); write the local content above and run clinic-gen check again\.$/m);

    // A two-sentence description alone is still too little.
    writeFileSync(join(dir, 'lakeland.yaml'), `${readFileSync(join(dir, 'lakeland.yaml'), 'utf8')}description: Northstar treats men from a clinic near Lake Morton. Evening visits suit shift workers.\n`);
    const short = await runMain(['check', dir]);
    expect(short.code).toBe(1);
    expect(lines(short.stdout).get('Lakeland')!.rest).toMatch(/no local content \(\d+ words of its own, under 40\)$/);
    expect(short.stderr).not.toMatch(/- description: missing/);

    // Orlando's text, team, areas and questions, under Lakeland's name, make it a city of its own.
    writeFileSync(join(dir, 'lakeland.yaml'), readFileSync(join(ROOT, 'configs/orlando.yaml'), 'utf8').replace('city: Orlando', 'city: Lakeland'));
    const own = await runMain(['check', dir]);
    expect(own.code).toBe(0);
    expect(own.stderr).toBe('');
  });

  it('passes one city alone, saying there is nothing to compare it with', async () => {
    const one = await runMain(['check', 'configs/tampa.yaml']);
    expect(one).toEqual({ code: 0, stdout: 'Tampa (configs/tampa.yaml) is the only city: nothing to compare it with, so check passes.\n', stderr: '' });
    const json = JSON.parse((await runMain(['check', 'configs/tampa.yaml', '--json'])).stdout);
    expect(json).toMatchObject({ ok: true, failCount: 0, cities: [{ city: 'Tampa', verdict: 'alone', pass: true, closest: null }] });
  });

  it('lists every city with --verbose and everything as JSON with --json', async () => {
    const cw = clearwater();
    const verbose = await runMain(['check', 'configs/', cw, '--verbose']);
    expect(verbose.stdout).toMatch(/^\d\.\d\d {2}Orlando.* {2}\(\d+ words of its own\)$/m);
    const json = await runMain(['check', 'configs/', cw, '--json']);
    expect(json.code).toBe(1);
    expect(json.stderr).toBe('');
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ ok: false, threshold: 0.5, minLocalWords: 40, failCount: 2 });
    const byCity = new Map(report.cities.map((c: { city: string }) => [c.city, c]));
    expect(byCity.get('Clearwater')).toMatchObject({ verdict: 'too-alike', pass: false, closest: { city: 'Tampa', source: 'configs/tampa.yaml' } });
    expect(byCity.get('Orlando')).toMatchObject({ verdict: 'distinct', pass: true });
    expect((byCity.get('Clearwater') as { advice: { field: string }[] }).advice.map((a) => a.field)).toEqual([
      'localContent.whyCity',
      'localContent.team',
      'localContent.areasServed',
      'localContent.faq',
      'description',
    ]);
  });

  it('takes its threshold from --threshold and the least local text from --min-words', async () => {
    const cw = clearwater();
    // The copy scores 1 (all of its own text is Tampa's): only a threshold of 1 lets it through.
    expect((await runMain(['check', 'configs/tampa.yaml', cw, '--threshold', '1'])).code).toBe(0);
    expect((await runMain(['check', 'configs/tampa.yaml', cw, '--threshold', '0.99'])).code).toBe(1);
    // Every sample has fewer than 1000 words of its own.
    const many = await runMain(['check', 'configs/', '--min-words', '1000']);
    expect(many.code).toBe(1);
    expect(many.stderr).toMatch(/^3 of 3 cities fail: 3 without local content \(under 1000 words of its own\)/m);
    const bad = await runMain(['check', 'configs/', '--threshold', '80']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('error: --threshold must be a number from 0 to 1, like 0.5, not "80"\n');
  });

  it('shows progress as plain lines when piped, a bar on a terminal, and none with --quiet or --json', async () => {
    const dir = tempDir();
    // Fifty: a phase shorter than that is done before anyone reads a line, and prints none when piped.
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
    for (let i = 0; i < 50; i++) writeFileSync(join(dir, `town-${letters(i)}.yaml`), tampaWith([[/^city: Tampa$/m, `city: Town ${letters(i).toUpperCase()}`], [/^localContent:[\s\S]*$/m, '']]));
    const r = await runMain(['check', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^sites rendered: 50\/50$/m);
    expect(r.stdout).toMatch(/^cities compared: 50\/50$/m);
    expect(r.stderr).toMatch(/^50 of 50 cities fail: 50 without local content/m);
    const quiet = await runMain(['check', dir, '--quiet']);
    expect(quiet.stdout).not.toMatch(/compared/);
    expect(lines(quiet.stdout).size).toBe(50);
    // The bar redraws one line with \r and ends each phase with a newline.
    const bar = (await runMain(['check', dir], { isTTY: true })).stdout;
    expect(bar).toMatch(/\r\[#{30}\] 50\/50 sites rendered\n/);
    expect(bar).toMatch(/\r\[#{30}\] 50\/50 cities compared\n/);
    expect(bar).not.toMatch(/^cities compared: /m);
    const json = (await runMain(['check', dir, '--json'])).stdout;
    expect(JSON.parse(json).cities).toHaveLength(50);
  });

  it('lists the failing cities and the 20 highest scores of the rest, and every city with --verbose', async () => {
    const dir = tempDir();
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
    // 24 cities, each with a why-this-city text of its own words; one of them copied (Tampa's, twice).
    for (let i = 0; i < 24; i++) {
      const why = Array.from({ length: 60 }, (_, j) => `w${letters(i)}${j}`).join(' ');
      writeFileSync(join(dir, `town-${letters(i)}.yaml`), tampaWith([[/^city: Tampa$/m, `city: Town ${letters(i).toUpperCase()}`], [/^localContent:[\s\S]*$/m, `localContent:\n  whyCity: ${why}\n`]]));
    }
    writeFileSync(join(dir, 'tampa.yaml'), tampa);
    writeFileSync(join(dir, 'clearwater.yaml'), readFileSync(clearwater(), 'utf8'));
    const r = await runMain(['check', dir]);
    expect(r.code).toBe(1);
    const listed = lines(r.stdout);
    expect(listed.size).toBe(22);
    expect(listed.get('Clearwater')!.rest).toBe('too alike (above 0.50)');
    expect(r.stdout).toMatch(/^\(4 more cities pass, less alike; --verbose lists them all\)$/m);
    expect(lines((await runMain(['check', dir, '--verbose'])).stdout).size).toBe(26);
    expect(lines((await runMain(['check', dir, '--quiet'])).stdout).size).toBe(2);
  });

  it('says what is wrong with its input', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tampa.yaml'), tampa);
    writeFileSync(join(dir, 'broken.yaml'), tampa.replace(/^email: .*$/m, ''));
    const broken = await runMain(['check', dir]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken\.yaml:3:1 email: missing; expected an email address/);
    expect(broken.stderr).toMatch(/^error: 1 of 2 configs are invalid/m);
  });

  it('explains its threshold with the figures it was set from, and gives examples in --help', async () => {
    const help = (await runMain(['check', '--help'])).stdout;
    expect(help).toMatch(/Why the default threshold is 0\.50:/);
    expect(help).toMatch(/Clearwater/);
    expect(help).toMatch(/doorway page/);
    expect(help).toMatch(/Examples:\n {2}clinic-gen check configs\//);
  });
});
