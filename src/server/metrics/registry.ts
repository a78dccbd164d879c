import { Counter, Gauge, Histogram, collectDefaultMetrics, Registry } from 'prom-client';
import pkg from '../../../package.json' with { type: 'json' };
import { codeId } from '../../site/site-inputs.js';
import { registerDataGauges } from './data-gauges.js';

/**
 * What the server counts for `GET /metrics` (issue 26), in one registry per server (tests run
 * several in one process). Every label is bounded: route templates, status codes, reasons from a
 * fixed list, city slugs of known cities; never a raw path, an address, an email or anything a
 * patient typed.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'listener' | 'method' | 'route' | 'status'>;
  duration: Histogram<'listener' | 'method' | 'route'>;
  contactStored: Counter<'city'>;
  contactRefused: Counter<'reason'>;
  signIns: Counter<'outcome'>;
  deploys: Counter<'kind' | 'outcome'>;
  deployDuration: Histogram<'kind'>;
  redeployRuns: Counter<'outcome'>;
  redeployDuration: Histogram;
  storeErrors: Counter<'kind'>;
  /** Reads the outbox when scraped: how many notifications wait, and since when the oldest. */
  watchOutbox(read: () => Promise<{ pending: number; oldestPendingAt: string | null }>, now: () => Date): void;
  /** Reads the audit trail's head when scraped (audit/head.ts auditHeadMetrics): kept outside the database, as the log's head lines are. */
  watchAuditHead(read: () => Promise<{ seq: number; mac48: number } | undefined>): void;
}

/** Seconds, for request and work durations: 1 ms to 1 minute. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(o: { process?: boolean } = {}): Metrics {
  const registry = new Registry();
  // Event-loop delay, memory, CPU, open handles: prom-client's process metrics, once a process
  // (the server's; route tests make many apps and need none).
  if (o.process) {
    collectDefaultMetrics({ register: registry });
    // Gauges named like counters, which Prometheus's own checker (promtool) rejects; each has a
    // twin without the suffix (nodejs_active_handles and the rest) that says the same.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  }
  const registers = [registry];
  let outbox: { read: () => Promise<{ pending: number; oldestPendingAt: string | null }>; now: () => Date } | undefined;
  let last: { pending: number; oldestPendingAt: string | null } | undefined;
  const readOutbox = async () => {
    if (!outbox) return undefined;
    // A store that cannot answer leaves the gauges as they were last read, and the scrape still answers.
    last = await outbox.read().catch(() => last);
    return last;
  };
  new Gauge({
    name: 'clinicgen_mail_outbox_pending',
    help: 'Notifications of new messages waiting to be mailed.',
    registers,
    async collect() {
      const o = await readOutbox();
      if (o) this.set(o.pending);
    },
  });
  new Gauge({
    name: 'clinicgen_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest notification still waiting to be mailed (0 when none waits).',
    registers,
    async collect() {
      const o = last ?? (await readOutbox());
      if (o && outbox) this.set(o.oldestPendingAt ? Math.max(0, (outbox.now().getTime() - Date.parse(o.oldestPendingAt)) / 1000) : 0);
    },
  });
  registerDataGauges(registers);
  // The audit trail's head (issue 38 item 5): a scraper that keeps it can tell a trail cut short
  // later (`clinic-gen audit verify --head SEQ:MAC`); an empty trail reads 0, a failed read the last.
  let auditHead: (() => Promise<{ seq: number; mac48: number } | undefined>) | undefined;
  let lastHead: { seq: number; mac48: number } | undefined;
  // Both gauges are collected together: one read of the store serves them.
  let reading: Promise<{ seq: number; mac48: number } | undefined> | undefined;
  const readHead = () =>
    (reading ??= (async () => (auditHead ? (lastHead = (await auditHead().catch(() => lastHead)) ?? { seq: 0, mac48: 0 }) : undefined))().finally(() => {
      reading = undefined;
    }));
  new Gauge({
    name: 'clinicgen_audit_head_seq',
    help: 'Number of the newest record of the audit trail (its head; docs/security.md).',
    registers,
    async collect() {
      this.set((await readHead())?.seq ?? 0);
    },
  });
  new Gauge({
    name: 'clinicgen_audit_head_mac48',
    help: "First 48 bits of the audit trail head's MAC as a number (printf %012x gives its first 12 hex digits).",
    registers,
    async collect() {
      this.set((await readHead())?.mac48 ?? 0);
    },
  });
  // Which release answers: its version and code id (the digest of the code, site/site-inputs.ts),
  // read at the first scrape (hashing the sources, when run from them, takes a moment).
  new Gauge({
    name: 'clinicgen_build_info',
    help: 'Always 1: the version of clinic-gen and the id of its code (a new build, a new id).',
    labelNames: ['version', 'code_id'],
    registers,
    collect() {
      // The scrape answers even when the code cannot be read (a package being replaced under it).
      this.reset();
      this.set({ version: pkg.version, code_id: buildCodeId() }, 1);
    },
  });
  const metrics: Metrics = {
    registry,
    requests: new Counter({ name: 'clinicgen_http_requests_total', help: 'HTTP requests answered, by listener, method, route template and status.', labelNames: ['listener', 'method', 'route', 'status'], registers }),
    duration: new Histogram({ name: 'clinicgen_http_request_duration_seconds', help: 'Time to answer an HTTP request, by listener, method and route template.', labelNames: ['listener', 'method', 'route'], buckets: SECONDS, registers }),
    contactStored: new Counter({ name: 'clinicgen_contact_messages_stored_total', help: 'Contact messages stored, by the city they were filed under.', labelNames: ['city'], registers }),
    contactRefused: new Counter({ name: 'clinicgen_contact_posts_refused_total', help: 'Contact posts refused, by reason.', labelNames: ['reason'], registers }),
    signIns: new Counter({ name: 'clinicgen_sign_ins_total', help: 'Admin sign-in attempts (password or second factor), by outcome.', labelNames: ['outcome'], registers }),
    deploys: new Counter({ name: 'clinicgen_deploys_total', help: 'Deploys, rollbacks and deletes of city sites, by kind and outcome.', labelNames: ['kind', 'outcome'], registers }),
    deployDuration: new Histogram({ name: 'clinicgen_build_duration_seconds', help: 'Time to build a city site for generate, preview, package or deploy, by kind.', labelNames: ['kind'], buckets: SECONDS, registers }),
    redeployRuns: new Counter({ name: 'clinicgen_redeploy_runs_total', help: 'Redeploy-all runs finished, by outcome.', labelNames: ['outcome'], registers }),
    redeployDuration: new Histogram({ name: 'clinicgen_redeploy_run_duration_seconds', help: 'Time a redeploy-all run took.', buckets: [1, 5, 10, 30, 60, 120, 300, 600, 1800], registers }),
    storeErrors: new Counter({ name: 'clinicgen_store_errors_total', help: 'Requests that failed in the store, by kind (busy, disk_full, failed).', labelNames: ['kind'], registers }),
    watchOutbox(read, now) {
      outbox = { read, now };
    },
    watchAuditHead(read) {
      auditHead = read;
    },
  };
  startAtZero(metrics);
  return metrics;
}

function buildCodeId(): string {
  try {
    return codeId();
  } catch {
    return 'unknown';
  }
}

/**
 * Each series of a fixed label set is there from the first scrape, at 0, so that an alert on its
 * rate or its increase sees the first event (a series that appears with 1 has no increase). The
 * open label sets get the series the scrape itself will grow: the admin's GET /metrics, and
 * messages of no known city.
 */
const KNOWN = {
  deploys: { kind: ['deploy', 'rollback', 'delete'], outcome: ['ok', 'failed'] },
  builds: ['generate', 'preview', 'package', 'deploy'],
  storeErrors: ['busy', 'disk_full', 'failed'],
  refusals: ['honeypot', 'rate_limit', 'failed_limit', 'validation', 'size', 'malformed', 'conflict'],
  signIns: ['ok', 'failed', 'limited'],
  redeployRuns: ['done', 'interrupted'],
} as const;

function startAtZero(m: Metrics): void {
  for (const kind of KNOWN.deploys.kind) for (const outcome of KNOWN.deploys.outcome) m.deploys.inc({ kind, outcome }, 0);
  for (const kind of KNOWN.builds) m.deployDuration.zero({ kind });
  for (const kind of KNOWN.storeErrors) m.storeErrors.inc({ kind }, 0);
  for (const reason of KNOWN.refusals) m.contactRefused.inc({ reason }, 0);
  for (const outcome of KNOWN.signIns) m.signIns.inc({ outcome }, 0);
  for (const outcome of KNOWN.redeployRuns) m.redeployRuns.inc({ outcome }, 0);
  m.contactStored.inc({ city: 'unknown' }, 0);
  m.requests.inc({ listener: 'admin', method: 'GET', route: '/metrics', status: '200' }, 0);
  m.duration.zero({ listener: 'admin', method: 'GET', route: '/metrics' });
}
