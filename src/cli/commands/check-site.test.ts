import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

// `clinic-gen check --site` (issue 36 item 8): each location read by the pages the brand site
// publishes for it, and the brand's own pages reported apart, after the locations.

const LEGAL = 'legal:\n  governingLaw: Florida\n  effectiveDate: "2024-01-01"\n  email: privacy@northstarhealth.example.com\n';

type Json = {
  ok: boolean;
  cities: { city: string; source: string; verdict: string; score: number; closest: { city: string } | null }[];
  brandPages?: { pages: number; lines: { path: string; closest: string | null; score: number }[]; closestPair: { a: string; b: string; score: number } | null };
};

/** `score  City ~ Sibling  verdict` lines of the report, by city. */
function cityLines(stdout: string): Map<string, { score: number; sibling: string | undefined; rest: string }> {
  const out = new Map<string, { score: number; sibling: string | undefined; rest: string }>();
  for (const m of stdout.matchAll(/^(\d\.\d\d) {2}([A-Z][\w .'-]*?)(?: ~ ([A-Z][\w .'-]*?))?((?: {2}.*)?)$/gm)) {
    out.set(m[2]!, { score: Number(m[1]), sibling: m[3], rest: m[4]!.trim() });
  }
  return out;
}

describe('clinic-gen check --site', () => {
  it('passes the three samples on the sample brand site and reports the brand pages after the locations', async () => {
    const r = await runMain(['check', '--site', 'configs/brand/northstar.yaml', 'configs/']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^brand site northstarhealth\.example\.com: 3 locations, each by the pages the brand site publishes for it; the brand's own pages after them$/m);
    const cities = cityLines(r.stdout);
    expect([...cities.keys()].sort()).toEqual(['Orlando', 'Tampa', 'Wesley Chapel']);
    for (const c of cities.values()) expect(c.rest).not.toMatch(/too alike|no local content/);
    const summary = /^brand pages: (\d+), the closest pair (\/\S*) ~ (\/\S*) (\d\.\d\d) \(the brand's own pages, one each and no location's: reported, not failed\)$/m.exec(r.stdout);
    expect(summary, r.stdout).not.toBeNull();
    // Home, the directory, Florida's page, six treatments, privacy and terms; not the not-found page;
    // each in English and in Spanish (the brand lists Spanish, and Tampa and Orlando offer all six in it).
    expect(Number(summary![1])).toBe(22);
    // The brand's pages come after the locations' lines and their verdict.
    expect(r.stdout.indexOf('brand pages:')).toBeGreaterThan(r.stdout.indexOf('the sites are distinct enough'));
    const english = ['/', '/locations/', '/locations/fl/', '/nad-therapy/', '/privacy/', '/semaglutide/', '/terms/', '/trt-therapy/', ...['/hormone-optimization/', '/peptide-therapy/', '/vitamin-injections/']];
    const spanish = ['/es/', '/es/ubicaciones/', '/es/ubicaciones/fl/', '/es/terapia-con-nad/', '/es/privacidad/', '/es/semaglutida/', '/es/terminos/', '/es/terapia-de-testosterona/', '/es/optimizacion-hormonal/', '/es/terapia-con-peptidos/', '/es/inyecciones-de-vitaminas/'];
    // Each compared with a page of its own language.
    for (const m of r.stdout.matchAll(/^(\d\.\d\d) {2}(\/\S*) ~ (\/\S*)$/gm)) expect(m[2]!.startsWith('/es/'), m[0]).toBe(m[3]!.startsWith('/es/'));

    const json = await runMain(['check', '--site', 'configs/brand/northstar.yaml', 'configs/', '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as Json;
    expect(report.ok).toBe(true);
    expect(report.brandPages!.pages).toBe(22);
    expect(report.brandPages!.lines.map((l) => l.path).sort()).toEqual([...english, ...spanish].sort());
    expect(report.brandPages!.lines.map((l) => l.path)).not.toContain('/404.html');
    // Every treatment page at the brand's root says its own: no two alike.
    for (const l of report.brandPages!.lines.filter((x) => !x.path.startsWith('/locations/') && !x.path.startsWith('/es/ubicaciones/'))) expect(l.score, l.path).toBeLessThan(0.3);
    expect(report.brandPages!.closestPair).toMatchObject({ a: summary![2], b: summary![3] });
  }, 60_000);

  it('fails a Clearwater copy of Tampa listed on the brand site, naming Tampa its closest sibling', async () => {
    const dir = tempDir('clinic-gen-check-site-');
    const configs = join(dir, 'configs');
    mkdirSync(configs);
    for (const n of ['tampa', 'orlando', 'wesley-chapel']) cpSync(join(ROOT, 'configs', `${n}.yaml`), join(configs, `${n}.yaml`));
    cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
    const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
    let copy = tampa;
    for (const [re, to] of [
      [/^city: Tampa$/m, 'city: Clearwater'],
      [/^address: .*$/m, 'address: 600 Cleveland Street'],
      [/^phone: .*$/m, 'phone: (727) 555-0110'],
      [/^domainName: .*$/m, 'domainName: clearwater.example.com'],
    ] as [RegExp, string][]) {
      expect(copy).toMatch(re);
      copy = copy.replace(re, to);
    }
    writeFileSync(join(configs, 'clearwater.yaml'), copy);
    const brand = join(dir, 'brand.yaml');
    writeFileSync(brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL: [tampa, clearwater, orlando, wesley-chapel]\n${LEGAL}`);

    const r = await runMain(['check', '--site', brand, configs]);
    expect(r.code).toBe(1);
    const cities = cityLines(r.stdout);
    expect(cities.get('Clearwater')).toMatchObject({ sibling: 'Tampa', rest: 'too alike (above 0.50)' });
    expect(cities.get('Clearwater')!.score).toBeGreaterThan(0.9);
    expect(cities.get('Orlando')!.rest).not.toMatch(/too alike|no local content/);
    expect(cities.get('Wesley Chapel')!.rest).not.toMatch(/too alike|no local content/);
    expect(r.stderr).toMatch(/^2 of 4 cities fail: 2 too alike to another city \(above 0\.50\)/m);
    // The brand's pages are still reported, after the locations, and fail nothing of their own.
    expect(r.stdout).toMatch(/^brand pages: 11, the closest pair \/\S* ~ \/\S* \d\.\d\d /m);

    const json = JSON.parse((await runMain(['check', '--site', brand, configs, '--json'])).stdout) as Json;
    expect(json.ok).toBe(false);
    expect(json.cities.find((c) => c.city === 'Clearwater')).toMatchObject({ verdict: 'too-alike', closest: { city: 'Tampa' } });
    expect(json.brandPages!.pages).toBe(11);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
