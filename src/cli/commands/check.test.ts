import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');

/** A folder with the Tampa sample and a copy that differs only by the city's name. */
function twins(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'tampa.yaml'), tampa);
  writeFileSync(join(dir, 'lakeland.yaml'), tampa.replace('city: Tampa', 'city: Lakeland'));
  return dir;
}

describe('clinic-gen check', () => {
  it('passes the three sample configs, with a figure for each pair', async () => {
    const r = await runMain(['check', 'configs/']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const figures = [...r.stdout.matchAll(/^(0\.\d\d) {2}(.+) ~ (.+)$/gm)];
    expect(figures.map((m) => [m[2], m[3]].sort().join(' & ')).sort()).toEqual(['Orlando & Tampa', 'Orlando & Wesley Chapel', 'Tampa & Wesley Chapel']);
    for (const m of figures) expect(Number(m[1])).toBeLessThan(0.8);
    expect(r.stdout).toMatch(/^no pair above 0\.80 \(3 sites, 3 pairs\): the sites are distinct enough\.$/m);
  });

  it('fails two configs that differ only by city, with the figure and the fields to write', async () => {
    const dir = twins();
    const r = await runMain(['check', dir]);
    expect(r.code).toBe(1);
    const [, figure] = /^(\d\.\d\d) {2}Lakeland ~ Tampa {2}above 0\.80$/m.exec(r.stdout) ?? [];
    // Only the city differs; Tampa's own text names Tampa, which reads as different in the copy.
    expect(Number(figure)).toBeGreaterThan(0.9);
    expect(r.stderr).toMatch(/^warning: Lakeland \(.*lakeland\.yaml\) and Tampa \(.*tampa\.yaml\) are \d+% alike on the pages that present the location \(\/, \/about\/\); search engines may treat them as doorway pages\./m);
    for (const field of ['localContent.whyCity', 'localContent.team', 'localContent.areasServed', 'localContent.faq']) {
      expect(r.stderr).toMatch(new RegExp(`^  - ${field.replace('.', '\\.')}: 100% alike in Lakeland and Tampa; write each city's own`, 'm'));
    }
    expect(r.stderr).toMatch(/^ {2}- description: missing in both; add a two-sentence summary/m);
    expect(r.stderr).toMatch(/^1 of 1 pair above 0\.80; write the local content above and run clinic-gen check again\.$/m);
  });

  it('names the fields missing in cities without local content, and passes once a city has its own', async () => {
    const dir = tempDir();
    const bare = tampa.replace(/^localContent:[\s\S]*$/m, '');
    writeFileSync(join(dir, 'tampa.yaml'), bare);
    writeFileSync(join(dir, 'lakeland.yaml'), bare.replace('city: Tampa', 'city: Lakeland'));
    const r = await runMain(['check', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ {2}- localContent\.whyCity: missing in both; /m);
    // Lakeland's own text, team, areas and questions make the pair distinct.
    writeFileSync(join(dir, 'lakeland.yaml'), readFileSync(join(ROOT, 'configs/orlando.yaml'), 'utf8').replace('city: Orlando', 'city: Lakeland'));
    expect((await runMain(['check', dir])).code).toBe(0);
  });

  it('prints each page with --verbose and everything as JSON with --json', async () => {
    const dir = twins();
    const verbose = await runMain(['check', dir, '--verbose']);
    expect(verbose.stdout).toMatch(/^ {8}0\.9\d {2}\/ {2}\(location page\)$/m);
    expect(verbose.stdout).toMatch(/^ {8}\d\.\d\d {2}\/trt-therapy\/$/m);
    const json = await runMain(['check', dir, '--json']);
    expect(json.code).toBe(1);
    expect(json.stderr).toBe('');
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ ok: false, threshold: 0.8, overCount: 1 });
    expect(report.pairs[0].pages).toContainEqual({ route: '/about/', similarity: expect.any(Number), location: true });
    expect(report.pairs[0].advice.map((a: { field: string }) => a.field)).toEqual(['localContent.whyCity', 'localContent.team', 'localContent.areasServed', 'localContent.faq', 'description']);
  });

  it('takes its threshold from --threshold', async () => {
    expect((await runMain(['check', 'configs/', '--threshold', '0.5'])).code).toBe(1);
    expect((await runMain(['check', twins(), '--threshold', '1'])).code).toBe(0);
    const bad = await runMain(['check', 'configs/', '--threshold', '80']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('error: --threshold must be a number from 0 to 1, like 0.8, not "80"\n');
  });

  it('shows progress as plain lines when piped, a bar on a terminal, and none with --quiet or --json', async () => {
    const dir = tempDir();
    const cities = ['Ocala', 'Naples', 'Sarasota', 'Clearwater', 'Tallahassee', 'Gainesville', 'Pensacola', 'Destin', 'Sebring', 'Venice', 'Largo'];
    for (const c of cities) writeFileSync(join(dir, `${c.toLowerCase()}.yaml`), tampa.replace('city: Tampa', `city: ${c}`).replace(/^localContent:[\s\S]*$/m, ''));
    const r = await runMain(['check', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^pairs compared: 55\/55$/m);
    expect(r.stderr).toMatch(/^55 of 55 pairs above 0\.80/m);
    expect((await runMain(['check', dir, '--quiet'])).stdout).not.toMatch(/pairs compared/);
    // The bar redraws one line with \r and ends each phase with a newline.
    const bar = (await runMain(['check', dir], { isTTY: true })).stdout;
    expect(bar).toMatch(/\r\[#{30}\] 11\/11 sites rendered\n/);
    expect(bar).toMatch(/\r\[#{30}\] 55\/55 pairs compared\n/);
    expect(bar).not.toMatch(/^pairs compared: /m);
    const json = (await runMain(['check', dir, '--json'])).stdout;
    expect(() => JSON.parse(json)).not.toThrow();
  });

  it('says what is wrong with its input', async () => {
    const one = await runMain(['check', 'configs/tampa.yaml']);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/^error: check compares cities with each other and needs at least two configs$/m);
    const dir = twins();
    writeFileSync(join(dir, 'broken.yaml'), tampa.replace(/^email: .*$/m, ''));
    const broken = await runMain(['check', dir]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken\.yaml:3:1 email: missing; expected an email address/);
    expect(broken.stderr).toMatch(/^error: 1 of 3 configs are invalid/m);
  });

  it('explains its threshold and gives examples in --help', async () => {
    const help = (await runMain(['check', '--help'])).stdout;
    expect(help).toMatch(/Why the default threshold is 0\.80:/);
    expect(help).toMatch(/doorway pages/);
    expect(help).toMatch(/Examples:\n {2}clinic-gen check configs\//);
  });
});
