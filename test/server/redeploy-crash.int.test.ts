import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsyaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFixture } from '../helpers/bundle-fixture.js';
import { ROOT } from '../helpers/site.js';
import { apiToken } from '../helpers/accounts.js';

/**
 * Kill -9 during redeploy-all (docs/decisions/012-stored-cities.md): twenty cities are saved and
 * deployed, each city's phone is changed, redeploy-all starts, and the server process is SIGKILLed
 * once some cities are done but not all (three times, at different points). After each restart on
 * the same data folder every city serves one whole release, its old one or its new one (every page
 * of a city shows the same phone, no file missing), the run reads `interrupted`, and the cities
 * list and the deployments list say what is actually live.
 *
 * The server runs as a real child process (test/fixtures/run-server.ts, bundled by bundleFixture).
 */
let bundle: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  bundle = await bundleFixture('test/fixtures/run-server.ts');
  dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-redeploy-crash-'));
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null && c.pid) process.kill(c.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
});

interface Proc {
  child: ChildProcess;
  url: string;
  sitesUrl: string;
}

function launch(): Promise<Proc> {
  const child = spawn(process.execPath, [bundle, dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH } });
  children.push(child);
  child.stderr!.resume();
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('\n')) return;
      const { port, sitesPort } = JSON.parse(out.split('\n')[0]!) as { port: number; sitesPort: number };
      resolve({ child, url: `http://127.0.0.1:${port}`, sitesUrl: `http://127.0.0.1:${sitesPort}` });
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited early (${code ?? signal})`)));
  });
}

async function kill(p: Proc): Promise<void> {
  const exited = new Promise((r) => p.child.once('exit', r));
  process.kill(p.child.pid!, 'SIGKILL');
  await exited;
}

/** The parts of the API's answers this test reads. */
interface Run {
  id: string;
  state: string;
  summary: { ok: number; failed: number; pending: number };
  items: { slug: string; state: string; releaseId?: string; error?: string }[];
  skipped: { slug: string; reason: string }[];
}
interface Answer {
  releaseId?: string;
  run: Run;
  cities: { slug: string }[];
  deployments: { siteName: string; release: string; releases: { id: string; live: boolean; configVersion?: number }[] }[];
}

/** The first owner's API token (run-server.ts makes TEST_ADMIN the owner): made on the first call, it outlives every restart. */
let owner: string | undefined;

async function api(p: Proc, method: string, url: string, body?: unknown): Promise<{ status: number; body: Answer }> {
  owner ??= await apiToken(p.url);
  const headers = { Authorization: owner, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  const res = await fetch(`${p.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Answer };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const NAMES = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Ironwood', 'Juniper', 'Kapok', 'Larch', 'Maple', 'Nutmeg', 'Olive', 'Poplar', 'Quince', 'Rowan', 'Spruce', 'Tupelo'];
/** Version v of each city's config has the phone with area code AREAS[v - 1]. */
const AREAS = ['813', '941', '727', '352'];
const tampa = jsyaml.load(readFileSync(path.join(ROOT, 'configs/tampa.yaml'), 'utf8')) as Record<string, unknown>;
const cities = NAMES.map((name, i) => ({ city: `${name} Crossing`, slug: `${name.toLowerCase()}-crossing`, domain: `crash${i}.example.com`, line: `555-01${10 + i}` }));
type City = (typeof cities)[number];
const phone = (c: City, version: number) => `(${AREAS[version - 1]}) ${c.line}`;
const configOf = (c: City, version: number) => ({ ...tampa, city: c.city, domainName: c.domain, phone: phone(c, version) });
const PAGES = ['', 'about/', 'contact/', 'trt-therapy/', 'semaglutide/', 'privacy/', 'terms/', 'contact/sent/'];

/** Names of the files of a release folder, its metadata file left out. */
function releaseFiles(slug: string, id: string): string[] {
  const dir = path.join(dataDir, 'deployments', slug, 'releases', id);
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => f !== '.release.json').sort();
}
const readlinkOr = (link: string) => {
  try {
    return readlinkSync(link);
  } catch {
    return 'missing';
  }
};
const liveId = (slug: string) => readlinkSync(path.join(dataDir, 'deployments', slug, 'current')).replace(/^releases\//, '');
const liveVersion = (slug: string) => (JSON.parse(readFileSync(path.join(dataDir, 'deployments', slug, 'releases', liveId(slug), '.release.json'), 'utf8')) as { configVersion?: number }).configVersion;

/** The config version each city's site shows, read page by page: every page must show the phone of one and the same version. */
async function servedVersions(p: Proc): Promise<Map<string, number>> {
  const served = new Map<string, number>();
  for (const c of cities) {
    const seen = new Set<number>();
    for (const page of PAGES) {
      const res = await fetch(`${p.sitesUrl}/sites/${c.slug}/${page}`);
      const html = await res.text();
      expect(res.status, `${c.slug}/${page}`).toBe(200);
      const versions = AREAS.map((_, v) => v + 1).filter((v) => html.includes(phone(c, v)));
      expect(versions, `${c.slug}/${page}: the phone of exactly one version`).toHaveLength(1);
      seen.add(versions[0]!);
    }
    expect([...seen], `${c.slug}: every page from one release`).toHaveLength(1);
    served.set(c.slug, [...seen][0]!);
  }
  return served;
}

/** Polls a run every 5 ms (at most 60 s) until `stop` says so or the run ends. */
async function pollRun(p: Proc, id: string, stop: (run: Run) => boolean): Promise<Run> {
  let run: Run | undefined;
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(5)) {
    run = (await api(p, 'GET', `/api/redeploys/${id}`)).body.run;
    if (stop(run) || run.state !== 'running') break;
  }
  return run!;
}

describe('redeploy-all and kill -9', () => {
  it('leaves every city on its whole old or whole new release, and the lists tell which', async () => {
    let server = await launch();
    const firstRelease = new Map<string, string>();
    for (const c of cities) {
      expect((await api(server, 'POST', '/api/cities', { config: configOf(c, 1) })).status).toBe(201);
      // Bare test cities say nothing of their own (the doorway check fails them): the operator confirms.
      const deployed = await api(server, 'POST', `/api/cities/${c.slug}/deploy`, { confirmDoorway: true });
      expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
      firstRelease.set(c.slug, deployed.body.releaseId!);
    }
    let before = new Map(cities.map((c) => [c.slug, 1]));

    // Three times: every phone changes (a new version), redeploy-all starts, and the server is
    // killed at a different point: the moment the first city switches, then once 7 and once 13 of
    // the 20 cities are done.
    for (const [version, doneAtKill] of [[2, 0], [3, 7], [4, 13]] as const) {
      for (const c of cities) {
        const saved = await api(server, 'PUT', `/api/cities/${c.slug}`, { config: configOf(c, version) });
        expect(saved.body).toMatchObject({ success: true, version, changed: true });
      }
      const kicked = await api(server, 'POST', '/api/cities/redeploy-all', {});
      expect(kicked.status).toBe(202);
      const runId: string = kicked.body.run.id;
      if (doneAtKill === 0) {
        // Watched on disk: killed the moment any city's live pointer changes, while the cities
        // deployed alongside it are switching too.
        const pointers = () => cities.map((c) => readlinkOr(path.join(dataDir, 'deployments', c.slug, 'current'))).join();
        const start = pointers();
        for (const until = Date.now() + 60_000; pointers() === start && Date.now() < until; ) await sleep(1);
        await kill(server);
        expect(pointers()).not.toBe(start);
      } else {
        const atKill = await pollRun(server, runId, (run) => run.summary.ok >= doneAtKill);
        await kill(server);
        expect(atKill.state).toBe('running');
        expect(atKill.summary.pending).toBeGreaterThan(0);
      }

      // On disk, before any restart: each city's live pointer names a complete release.
      for (const c of cities) expect(releaseFiles(c.slug, liveId(c.slug)), c.slug).toEqual(releaseFiles(c.slug, firstRelease.get(c.slug)!));

      server = await launch();
      const served = await servedVersions(server);
      for (const c of cities) {
        expect([before.get(c.slug), version], c.slug).toContain(served.get(c.slug));
        expect(liveVersion(c.slug), c.slug).toBe(served.get(c.slug));
      }
      // The kill landed mid-run: some cities had not switched (and, after 7 or 13, some had).
      expect([...served.values()].some((v) => v < version)).toBe(true);
      if (doneAtKill > 0) expect(new Set(served.values()).has(version)).toBe(true);

      // The run is interrupted; once the restart has read the releases on disk, an item is ok
      // exactly when its city went live with the new version (bounded wait: 10 s).
      const agrees = (r: Run) => r.items.every((it) => (it.state === 'ok') === (served.get(it.slug) === version));
      let run: Run | undefined;
      for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) {
        run = (await api(server, 'GET', `/api/redeploys/${runId}`)).body.run;
        if (agrees(run)) break;
      }
      expect(run!.state).toBe('interrupted');
      expect(run!.summary.pending).toBe(0);
      expect(run!.items.map((it) => it.slug).sort()).toEqual(cities.map((c) => c.slug).sort());
      for (const it of run!.items) {
        if (served.get(it.slug) === version) expect(it, it.slug).toMatchObject({ state: 'ok', releaseId: liveId(it.slug) });
        else expect(it, it.slug).toMatchObject({ state: 'failed', error: expect.any(String) });
      }

      // The cities list and the deployments list say what is live.
      const list = (await api(server, 'GET', '/api/cities')).body.cities;
      const deployments = (await api(server, 'GET', '/api/deployments')).body.deployments;
      for (const c of cities) {
        const entry = list.find((x) => x.slug === c.slug);
        expect(entry, c.slug).toMatchObject({ live: true, version, liveReleaseId: liveId(c.slug), liveConfigVersion: served.get(c.slug) });
        const d = deployments.find((x) => x.siteName === c.slug);
        expect(d?.release, c.slug).toBe(liveId(c.slug));
        expect(d!.releases.filter((r) => r.live), c.slug).toEqual([expect.objectContaining({ id: liveId(c.slug), configVersion: served.get(c.slug) })]);
      }
      before = served;
    }

    // The restarted server finishes the job: a new run brings every city onto the last version
    // and sweeps what the killed processes left half-written.
    const again = await api(server, 'POST', '/api/cities/redeploy-all', {});
    expect(again.status).toBe(202);
    const last = await pollRun(server, again.body.run.id, () => false);
    // A city already live with the last version (built by this clinic-gen) is skipped as unchanged.
    expect(last).toMatchObject({ state: 'done', summary: { failed: 0, pending: 0 } });
    expect(last.summary.ok + last.skipped.filter((s) => s.reason === 'unchanged').length).toBe(cities.length);
    expect([...(await servedVersions(server)).values()]).toEqual(cities.map(() => 4));
    for (const c of cities) expect(readdirSync(path.join(dataDir, 'deployments', c.slug, 'releases')).filter((n) => n.startsWith('.')), c.slug).toEqual([]);
    await kill(server);
  }, 300_000);
});
