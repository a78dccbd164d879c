import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { adminFormConfig } from '../helpers/server-app.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 26: GET /metrics and the access log of a real `clinic-gen serve`, after this test has sent
 * pages, contact posts (stored and refused), a deploy and a failed sign-in. promtool (Debian's
 * prometheus package) checks the format; the counters must equal what the test did.
 */
const TOKEN = 'metrics-scraper-token-0123456789abcdef';
const PATIENT = { firstName: 'Quincy', lastName: 'Patientname', email: 'quincy.patient@example.com', phone: '(813) 555-0177', service: 'TRT Therapy', message: 'My free testosterone came back low last month' };
const dir = mkdtempSync(join(tmpdir(), 'clinic-metrics-'));
let s: ServeProcess;
let owner: string;
/** The first scrape, before anything else reached the server. */
let first: string;

beforeAll(async () => {
  s = await startServeProcess({ env: { METRICS_TOKEN: TOKEN } });
  first = await (await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  owner = await s.owner();
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const scrape = async (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) => fetch(`${s.url}/metrics`, { headers });
/** The value of one series (0 when absent). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (want.every((w) => inner.split(',').includes(w))) sum += Number(line.split(' ').at(-1));
  }
  return sum;
}

/** Each series of the scrape's metrics of one type: name, labels and value. */
function seriesOf(text: string, type: 'counter' | 'gauge'): Map<string, { labels: string; value: number }[]> {
  const lines = text.split('\n');
  const names = lines.filter((l) => l.startsWith('# TYPE ') && l.endsWith(` ${type}`)).map((l) => l.split(' ')[2]!);
  const out = new Map<string, { labels: string; value: number }[]>(names.map((n) => [n, []]));
  for (const line of lines) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (m && out.has(m[1]!)) out.get(m[1]!)!.push({ labels: m[2] ?? '', value: Number(m[3]) });
  }
  return out;
}

describe('the first scrape (issue 38 item 7)', () => {
  it('has every counter of clinic-gen at 0, each labelled one with its known series, and passes promtool', () => {
    writeFileSync(join(dir, 'first.txt'), first);
    const promtool = spawnSync('promtool', ['check', 'metrics'], { input: first, encoding: 'utf8', timeout: 30_000 });
    expect(promtool.status, `${promtool.stdout}${promtool.stderr}`).toBe(0);
    const counters = [...seriesOf(first, 'counter')].filter(([name]) => name.startsWith('clinicgen_'));
    expect(counters.map(([name]) => name)).toEqual(
      expect.arrayContaining(['clinicgen_contact_messages_stored_total', 'clinicgen_contact_posts_refused_total', 'clinicgen_deploys_total', 'clinicgen_http_requests_total', 'clinicgen_redeploy_runs_total', 'clinicgen_sign_ins_total', 'clinicgen_store_errors_total']),
    );
    // Every counter, those above and any added since: a series from the start, at 0.

    for (const [name, series] of counters) {
      expect(series.length, `${name} has a series`).toBeGreaterThan(0);
      for (const one of series) expect(one.value, `${name}${one.labels}`).toBe(0);
    }
    const labels = (name: string) => new Map(counters).get(name)!.map((x) => x.labels).sort();
    expect(labels('clinicgen_store_errors_total')).toEqual(['{kind="busy"}', '{kind="disk_full"}', '{kind="failed"}']);
    expect(labels('clinicgen_deploys_total')).toEqual(
      ['delete', 'deploy', 'rollback'].flatMap((kind) => ['failed', 'ok'].map((outcome) => `{kind="${kind}",outcome="${outcome}"}`)),
    );
    expect(labels('clinicgen_sign_ins_total')).toEqual(['{outcome="failed"}', '{outcome="limited"}', '{outcome="ok"}']);
  });

  it('has the gauges at 0 (unreadable values, messages in clear, the outbox) and the build’s version and code id', () => {
    const gauges = seriesOf(first, 'gauge');
    for (const name of ['clinicgen_unreadable_values', 'clinicgen_plaintext_messages', 'clinicgen_mail_outbox_pending', 'clinicgen_mail_outbox_oldest_age_seconds']) {
      expect(gauges.get(name), name).toEqual([{ labels: '', value: 0 }]);
    }
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const info = gauges.get('clinicgen_build_info')!;
    expect(info).toHaveLength(1);
    expect(info[0]!.value).toBe(1);
    expect(info[0]!.labels).toMatch(new RegExp(`^\\{version="${version.replaceAll('.', '\\.')}",code_id="[A-Za-z0-9_-]{20,}"\\}$`));
  });
});

describe('GET /metrics', () => {
  it('answers the scraper’s token and a signed-in owner, nobody else', async () => {
    expect((await scrape()).status).toBe(200);
    expect((await scrape({ Authorization: owner })).status).toBe(200);
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ Authorization: 'Bearer not-the-metrics-token-at-all-00000' })).status).toBe(401);
  });

  it('counts what was done, in a format promtool accepts, with no patient data and no raw path in a label', async () => {
    const before = await (await scrape()).text();
    const pages = ['/', '/trt-therapy/', '/about/'];
    for (const p of pages) expect((await fetch(`${s.url}${p}`)).status).toBe(200);
    const post = (body: unknown) => fetch(`${s.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.23' }, body: JSON.stringify(body) });
    expect((await post({ ...PATIENT, site: 'tampa', page: 'contact/' })).status).toBe(201);
    expect((await post({ ...PATIENT, site: 'tampa', page: 'contact/' })).status).toBe(201);
    expect((await post({ ...PATIENT, email: 'not an email', site: 'tampa', page: 'contact/' })).status).toBe(400);
    // A city this server does not know, named by whoever posts: counted as unknown, never a label of its own.
    expect((await post({ ...PATIENT, site: 'john-smith-hiv-positive', page: 'contact/' })).status).toBe(201);
    const failed = await fetch(`${s.url}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: s.url }, body: JSON.stringify({ email: 'owner@example.com', password: 'a wrong password here' }) });
    expect(failed.status).toBe(401);
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${s.url}${path}`, { method, headers: { Authorization: owner, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await api('POST', '/api/cities', { config: adminFormConfig() })).status).toBe(201);
    expect((await api('POST', '/api/cities/tampa/deploy')).status).toBe(200);

    const res = await scrape();
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    writeFileSync(join(dir, 'metrics.txt'), text);
    const promtool = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 30_000 });
    expect(promtool.status, `${promtool.stdout}${promtool.stderr}`).toBe(0);

    const delta = (name: string, labels: Record<string, string> = {}) => value(text, name, labels) - value(before, name, labels);
    expect(delta('clinicgen_http_requests_total', { listener: 'admin', method: 'GET', route: '/*', status: '200' })).toBe(pages.length);
    expect(delta('clinicgen_contact_messages_stored_total', { city: 'tampa' })).toBe(2);
    expect(delta('clinicgen_contact_messages_stored_total', { city: 'unknown' })).toBe(1);
    expect(delta('clinicgen_contact_posts_refused_total', { reason: 'validation' })).toBe(1);
    expect(delta('clinicgen_sign_ins_total', { outcome: 'failed' })).toBe(1);
    expect(delta('clinicgen_deploys_total', { kind: 'deploy', outcome: 'ok' })).toBe(1);
    expect(delta('clinicgen_build_duration_seconds_count', { kind: 'deploy' })).toBe(1);
    expect(value(text, 'clinicgen_mail_outbox_pending')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    // Labels carry templates and slugs: no address, email, name, message or raw path.
    for (const secret of [PATIENT.email, PATIENT.lastName, 'testosterone', '198.51.100', '/trt-therapy/', TOKEN, 'john-smith']) expect(text).not.toContain(secret);
  });
});

describe('the access log', () => {
  it('has one line per request with its fields, the public routes’ addresses cut to their network, and no patient data', async () => {
    const id = 'trace-abc.123';
    const page = await fetch(`${s.url}/about/`, { headers: { 'X-Request-Id': id } });
    expect(page.headers.get('x-request-id')).toBe(id);
    const odd = await fetch(`${s.url}/about/`, { headers: { 'X-Request-Id': 'x'.repeat(200) } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const read = () =>
      s
        .output()
        .split('\n')
        .filter((l) => l.includes('"http.request"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const contactLines = () => read().filter((l) => l.route === '/api/contact').length;
    const before = contactLines();
    await fetch(`${s.url}/api/contact?email=${encodeURIComponent(PATIENT.email)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.23' },
      body: JSON.stringify({ ...PATIENT, site: 'tampa', page: 'contact/' }),
    });
    // A line is written once its answer has left: wait for the last one to reach the pipe.
    const end = Date.now() + 10_000;
    while ((contactLines() <= before || !read().some((l) => l.requestId === id)) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const lines = read();
    const about = lines.find((l) => l.requestId === id)!;
    expect(about).toMatchObject({ listener: 'admin', method: 'GET', route: '/*', status: 200, requestId: id });
    expect(typeof about.ms).toBe('number');
    expect(typeof about.bytes).toBe('number');
    expect(typeof about.time).toBe('string');
    // Loopback on a public route is cut to its network too; admin routes keep the whole address.
    expect(about.client).toBe('127.0.0.0/24');
    const adminLine = lines.find((l) => l.route === '/api/cities/:slug/deploy')!;
    expect(adminLine.client).toBe('127.0.0.1');
    const contact = lines.filter((l) => l.route === '/api/contact');
    expect(contact.length).toBeGreaterThanOrEqual(4);
    const log = s.output();
    for (const secret of [PATIENT.email, encodeURIComponent(PATIENT.email), PATIENT.firstName, PATIENT.lastName, PATIENT.message, PATIENT.phone, '198.51.100.23']) expect(log).not.toContain(secret);
  });
});
