import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT, dom, text } from '../helpers/site.js';

// Issue 23, items 4 and 5, as `clinic-gen build` does them: special hours that expire by
// themselves (the build day is SOURCE_DATE_EPOCH, read in the city's time zone), the booking page,
// and an incremental build that rebuilds a city only when the day changed what it shows.

const BOOKING = 'https://booking.example.com/northstar-tampa';
const THANKSGIVING = 'specialHours:\n  - label: Thanksgiving\n    date: 2026-11-26\n    closed: true\n';
const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
const orlando = readFileSync(join(ROOT, 'configs/orlando.yaml'), 'utf8');

/** Seconds since 1970 of a UTC time, as SOURCE_DATE_EPOCH takes it. */
const epoch = (iso: string) => String(Date.parse(iso) / 1000);

function project(tampaExtra: string) {
  const dir = tempDir();
  const configs = join(dir, 'configs');
  mkdirSync(configs);
  writeFileSync(join(configs, 'tampa.yaml'), `${tampa.trimEnd()}\n${tampaExtra}`);
  writeFileSync(join(configs, 'orlando.yaml'), orlando);
  cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
  return { dir, configs, out: join(dir, 'public') };
}

type Report = { ok: boolean; sites: { slug: string; status: string }[]; errors: string[] };

function build(p: { configs: string; out: string }, at: string): Record<string, string> {
  const r = runCli(['build', '--config', p.configs, '--out', p.out, '--json', '--contact-endpoint', 'same-origin'], { env: { SOURCE_DATE_EPOCH: epoch(at) } });
  const report = JSON.parse(r.stdout) as Report;
  if (r.code !== 0) throw new Error(`build failed: ${report.errors.join('\n')}`);
  return Object.fromEntries(report.sites.map((s) => [s.slug, s.status]));
}

const page = (p: { out: string }, file: string) => readFileSync(join(p.out, 'tampa', file), 'utf8');
const reads = (html: string) => (dom(html).querySelector('main')?.structuredText ?? '').replace(/\s+/g, ' ');
function jsonLd(html: string): Record<string, unknown> {
  return JSON.parse(dom(html).querySelector('script[type="application/ld+json"]')!.text) as Record<string, unknown>;
}

describe('clinic-gen build with special hours', () => {
  it('shows a Thanksgiving closure pinned inside it, none of it pinned after, and rebuilds only that city', () => {
    const p = project(THANKSGIVING);
    // 10 p.m. in Tampa on Thanksgiving is already Nov 27 in UTC: the day is the city's.
    expect(build(p, '2026-11-27T03:00:00Z')).toEqual({ tampa: 'rebuilt', orlando: 'rebuilt' });
    for (const file of ['index.html', 'contact/index.html']) {
      const html = page(p, file);
      expect(reads(html), file).toContain('Special Hours Thanksgiving Thursday, November 26, 2026 Closed');
      expect(jsonLd(html).specialOpeningHoursSpecification, file).toEqual([
        { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-11-26', validThrough: '2026-11-26' },
      ]);
    }
    // A week earlier the same entries are ahead: nothing to rebuild.
    expect(build(p, '2026-11-19T15:00:00Z')).toEqual({ tampa: 'unchanged', orlando: 'unchanged' });
    // The day after, in Tampa: its site no longer says it; Orlando, without special hours, is left alone.
    expect(build(p, '2026-11-27T05:00:00Z')).toEqual({ tampa: 'rebuilt', orlando: 'unchanged' });
    for (const file of ['index.html', 'contact/index.html']) {
      const html = page(p, file);
      expect(html, file).not.toContain('Thanksgiving');
      expect(reads(html), file).not.toContain('Special Hours');
      expect(jsonLd(html), file).not.toHaveProperty('specialOpeningHoursSpecification');
    }
    expect(build(p, '2026-12-20T12:00:00Z')).toEqual({ tampa: 'unchanged', orlando: 'unchanged' });
    // A new year: the footers' copyright year changes, and every city is rebuilt once.
    expect(build(p, '2027-03-01T12:00:00Z')).toEqual({ tampa: 'rebuilt', orlando: 'rebuilt' });
    expect(page(p, 'index.html')).toContain('© 2027 ');
    expect(build(p, '2027-03-02T12:00:00Z')).toEqual({ tampa: 'unchanged', orlando: 'unchanged' });
  });

  it('refuses a SOURCE_DATE_EPOCH that is not whole seconds, naming it', () => {
    const p = project(THANKSGIVING);
    const r = runCli(['build', '--config', p.configs, '--out', p.out, '--contact-endpoint', 'same-origin'], { env: { SOURCE_DATE_EPOCH: '2026-11-26' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SOURCE_DATE_EPOCH: expected whole seconds since 1970-01-01');
  });
});

describe('clinic-gen build with a booking page', () => {
  it('sends Schedule Consultation there, keeps the form on /contact and says so in the JSON-LD', () => {
    const p = project(`bookingUrl: ${BOOKING}\n`);
    build(p, '2026-11-20T12:00:00Z');
    const home = dom(page(p, 'index.html'));
    const schedule = home.querySelectorAll('a').filter((a) => text(a) === 'Schedule Consultation');
    expect(schedule.length).toBeGreaterThan(0);
    expect(schedule.map((a) => a.getAttribute('href'))).toEqual(schedule.map(() => BOOKING));
    expect(dom(page(p, 'contact/index.html')).querySelector('form')).not.toBeNull();
    expect(jsonLd(page(p, 'index.html')).potentialAction).toMatchObject({ '@type': 'ReserveAction', target: { '@type': 'EntryPoint', urlTemplate: BOOKING } });
    // Orlando names none: its Schedule Consultation is its contact page's form.
    const orlandoHome = dom(readFileSync(join(p.out, 'orlando', 'index.html'), 'utf8'));
    expect(orlandoHome.querySelectorAll('a').filter((a) => text(a) === 'Schedule Consultation').map((a) => a.getAttribute('href'))).toEqual(['contact/#send-message', 'contact/#send-message']);
  });

  it('refuses a booking link that is not https, naming the field and its line', () => {
    const p = project('bookingUrl: http://booking.example.com/northstar-tampa\n');
    const line = `${tampa.trimEnd()}\n`.split('\n').length;
    const r = runCli(['build', '--config', join(p.configs, 'tampa.yaml'), '--out', join(p.dir, 'site'), '--contact-endpoint', 'same-origin'], { cwd: p.dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`configs/tampa.yaml:${line}:13 bookingUrl: expected an https:// link to the clinic's online booking page`);
  });
});

/** structured-data-testing-tool (CommonJS, untyped): given HTML, it fetches nothing. */
type Sdtt = {
  structuredDataTest: (html: string, opts: { presets: unknown[] }) => Promise<{ passed: unknown[]; failed: unknown[]; schemas: string[] }>;
};
const require = createRequire(import.meta.url);

describe('the built home page\'s JSON-LD', () => {
  it('passes the Google preset of structured-data-testing-tool with 0 failures, special hours and booking included', async () => {
    const p = project(`${THANKSGIVING}bookingUrl: ${BOOKING}\nisAcceptingNewPatients: true\ntelehealth: true\n`);
    build(p, '2026-11-20T12:00:00Z');
    const html = page(p, 'index.html');
    const ld = jsonLd(html);
    expect(ld).toHaveProperty('specialOpeningHoursSpecification');
    expect(ld).toHaveProperty('potentialAction');
    const { structuredDataTest } = require('structured-data-testing-tool') as Sdtt;
    const { Google } = require('structured-data-testing-tool/presets') as { Google: unknown };
    const result = await structuredDataTest(html, { presets: [Google] }).catch((err: { res?: { failed: unknown[] } }) => {
      throw new Error(`structured data failed: ${JSON.stringify(err.res?.failed ?? err, null, 2)}`);
    });
    expect(result.failed).toEqual([]);
    expect(result.schemas).toContain('MedicalClinic');
  });
});
