import { Counter, Gauge, Histogram, collectDefaultMetrics, Registry } from 'prom-client';

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
  return {
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
  };
}
