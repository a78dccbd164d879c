import { dirname } from 'node:path';
import { hostname } from 'node:os';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClinicConfig } from '../config/schema.js';
import type { SiteFiles } from '../model/files.js';
import { createApps, type ClinicApps } from './app.js';
import { samplesDir, seedCities } from './cities/seed.js';
import type { ServerConfig } from './settings/config.js';
import { errorFields, type Logger } from './log/logger.js';
import { wireMail } from './lifecycle/start-mail.js';
import type { MailWorkerOptions } from './mail/worker.js';
import { SERVER_DEFAULTS } from './settings/defaults.js';
import { trustedSet } from './http/client-address.js';
import { connectionPool, limitConnections } from './http/connection-limit.js';
import { healthAnswer, type Readiness } from './http/health.js';
import { trackConnections } from './lifecycle/shutdown.js';
import { displayHost, listen, listener } from './lifecycle/listeners.js';
import { forgetMadeKey, serverKeys } from './lifecycle/server-keys.js';
import { watchDataKey, type DataKeyWatch } from './lifecycle/data-key-watch.js';
import { indexStoredMessages, sealStoredMessages } from './store/upgrade.js';
import { watchPlaintext, type PlaintextWatch } from './lifecycle/plaintext-watch.js';
import { requireUpgradeBackup } from './backup/upgrade-backup.js';
import { openServerStore } from './store/open-server-store.js';
import type { ServerStore } from './store/server-store.js';
import type { FormPageRenderer } from './leads/index.js';
import type { ReleaseSettings } from './store/server-store.js';
import type { KeyRing } from './crypto/data-key.js';
import type { StoredSecrets } from './crypto/server-keys.js';
import { serverSecrets } from './crypto/server-keys.js';
import { ensureFirstOwner } from './auth/index.js';
import { createMetrics, setUnreadableValues } from './metrics/index.js';
import { createSealer, withSealWorker } from './leads/index.js';
import { auditHeadLog, createAuditTrail } from './audit/index.js';
import { schedulePurge } from './leads/retention.js';
import { scheduleSpecialHoursRedeploy, scheduleTrashPurge } from './cities/index.js';
import { normalizeOrigin } from './http/origin.js';
import { isLoopbackHost } from './settings/config.js';
import { ServerStartError } from './lifecycle/start-error.js';

/**
 * Listens with an already rendered site: opens the store, wires mail, starts two listeners with
 * @hono/node-server, the admin's and the sites listener (docs/decisions/009-hosted-sites-origin.md).
 * start.ts adds config loading and rendering on top; tests and the crash fixture call this
 * directly with a hand-made site.
 */
export interface ServeOptions {
  clinic: ClinicConfig;
  /** The resolved settings (resolveServerConfig), which already refused an unsafe host. */
  server: ServerConfig;
  /**
   * The served clinic's site, or its build under way (start.ts): the ports are bound first and
   * answer 503 with Retry-After until it is ready, so a first start that encodes the clinic's
   * photos (seconds) is visibly up at once. A build that fails closes everything and rejects.
   */
  files: SiteFiles | Promise<SiteFiles>;
  logger: Logger;
  renderFormPage?: FormPageRenderer;
  /** Release store settings besides its folder (the deploy atomicity test pauses a deploy). */
  releases?: ReleaseSettings;
  /** Retry timing of the mail worker (tests shorten it). */
  mailTiming?: Pick<MailWorkerOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts' | 'idlePollMs'>;
  /** How long shutdown waits for in-flight requests before cutting connections. */
  shutdownGraceMs?: number;
  /**
   * How long the database may refuse its write lock before /readyz says so (default: as long as
   * a write waits for it, BUSY_RETRY.budgetMs). A sqlite3 shell's short transaction, or another
   * process's, must not take the server out of a balancer; tests shorten it.
   */
  lockGraceMs?: number;
  /** The served clinic's config file: on a data folder's first start it joins the sample cities. */
  configPath?: string;
  /** Folder of the sample configs imported on first start (default the package's configs/). */
  samplesDir?: string;
  /** The apps' clock (sessions, messages, the audit trail); tests move it. Default: the system's. */
  now?: () => Date;
}

export interface RunningServer {
  /** The admin's listener: the clinic's site, the contact API, the admin. */
  url: string;
  port: number;
  /** The sites listener: deployed sites, previews, the contact API. */
  sitesUrl: string;
  sitesPort: number;
  store: ServerStore;
  /** Stops accepting, lets in-flight requests finish, stops the mail worker, closes the database. */
  close(): Promise<void>;
}

/**
 * Listens on the configured host and both ports first (a port in use fails before anything is
 * opened or written), then opens the store, seeds the sample cities, wires mail and waits for the
 * site: until then both listeners answer 503 and /readyz says `starting`, on SQLite and PostgreSQL.
 */
export async function serveClinic(o: ServeOptions): Promise<RunningServer> {
  const { server: config } = o;
  // Awaited once the store is open and seeded; a build failing meanwhile (or a port in use, or a
  // wrong key, failing first) must not count as unhandled before then.
  const site = Promise.resolve(o.files);
  site.catch(() => undefined);
  const startKeys = serverKeys(config, o.logger);
  const keys = startKeys.ring;
  // The apps need the ports actually bound (port 0 picks one) and the store, so they are made
  // last; until then every request is answered 503 with Retry-After.
  let apps: ClinicApps | undefined;
  let store: ServerStore | undefined;
  let keyWatch: DataKeyWatch | undefined;
  let plaintextWatch: PlaintextWatch | undefined;
  let stopping = false;
  const readiness: Readiness = () => {
    if (stopping) return { ready: false, reason: 'stopping' };
    if (!apps || !store) return { ready: false, reason: 'starting' };
    // Values sealed with a key this server was not given: its messages cannot all be read (lifecycle/data-key-watch.ts).
    if (keyWatch && keyWatch.unreadable > 0) return { ready: false, reason: 'data key' };
    if (!store.writable()) return { ready: false, reason: 'database' };
    const plaintext = plaintextWatch?.remaining() ?? 0;
    return plaintext > 0 ? { ready: true, plaintext } : { ready: true };
  };
  const starting = () => new Response('Starting', { status: 503, headers: { 'Retry-After': '1' } });
  const admin = listener((req, env) => healthAnswer(req, readiness) ?? (apps ? apps.admin.fetch(req, env) : starting()), config.host);
  const sites = listener((req, env) => healthAnswer(req, readiness) ?? (apps ? apps.sites.fetch(req, env) : starting()), config.host);
  // One pool for both listeners, so they share one total, kept below the descriptor limit.
  const pool = connectionPool({ ...SERVER_DEFAULTS.connections, exempt: trustedSet(config.trustProxy) });
  for (const s of [admin, sites]) limitConnections(s, pool);
  const connections = [trackConnections(admin), trackConnections(sites)];
  try {
    await listen(admin, config.port, config.host, '--port');
    await listen(sites, config.sitesPort, config.host, '--sites-port (or SITES_PORT)');
  } catch (err) {
    await Promise.all(connections.map((c) => c.drain(0)));
    await forgetMadeKey(startKeys, undefined, o.logger);
    throw err;
  }
  const at = (s: Server) => `http://${displayHost(config.host)}:${(s.address() as AddressInfo).port}`;
  o.logger.info('server.building', { url: at(admin), sites: at(sites), note: 'opening the store, seeding the sample cities on a first start and building the site; requests answer 503 until it is ready' });

  let worker: ReturnType<typeof wireMail> | undefined;
  let files: SiteFiles;
  let secrets: { keys: KeyRing } & StoredSecrets | undefined;
  let auditHead: ReturnType<typeof auditHeadLog> | undefined;
  try {
    store = await openServerStore({ clinic: o.clinic, server: config, logger: o.logger, releases: o.releases, lockGraceMs: o.lockGraceMs, keys });
    // The trail's head in the log at start, at stop and every 100 records: outside the database (issue 38 item 5).
    auditHead = auditHeadLog(store.audit, o.logger);
    store.audit = auditHead.audit;
    await auditHead.log('start');
    // Messages an earlier release kept in clear are sealed below only once a backup of them is named (issue 38 item 2).
    const plain = (await store.messages.countStoredPlain?.()) ?? 0;
    const upgrade = plain > 0 ? await requireUpgradeBackup({ kind: store.kind, plain, backup: config.upgradeBackup, dataDir: config.dataDir }) : undefined;
    secrets = { keys, ...(await serverSecrets(store.meta, keys)) };
    // Seals with the store's data key, says it runs (keys rotate reads it), counts what it cannot open (issue 38 item 1).
    keyWatch = await watchDataKey({ store, ring: keys, keyEnv: config.keyEnv, logger: o.logger });
    setUnreadableValues(keyWatch.unreadable);
    // From here on what patients write is sealed; messages stored by a release before are sealed in place now.
    // Sealed on a worker thread where the store can use one (SQLite: leads/seal-worker.ts).
    const sealer = createSealer(keys, secrets.searchKey);
    store.messages.useSealer?.(store.kind === 'sqlite' ? withSealWorker(sealer, { keys, searchKey: secrets.searchKey }) : sealer);
    await sealStoredMessages(store, secrets, o.logger, upgrade);
    await indexStoredMessages(store, o.logger);
    // What the upgrade could not scrub of PostgreSQL's WAL: in /readyz and the metric until a superuser does (issue 38 item 3).
    plaintextWatch = await watchPlaintext(store);
    const anyAccount = await ensureFirstOwner({ accounts: store.accounts, email: config.adminEmail, password: config.adminPassword, logger: o.logger, now: o.now ?? (() => new Date()) });
    // With no account, only a browser on this machine can create the first: elsewhere nobody could sign in.
    if (!anyAccount && !isLoopbackHost(config.host)) {
      throw new ServerStartError([
        `Refusing to listen on ${config.host} with no account: nobody could sign in to the admin. ` +
          'Set ADMIN_EMAIL and ADMIN_PASSWORD (the first owner), create one with clinic-gen users add, or use --host 127.0.0.1 and open /admin on this machine.',
      ]);
    }
    // With PostgreSQL, servers starting together seed once: the first claims the store's flag.
    if (config.seedSamples) await seedCities(store.cities, { served: o.configPath, dir: o.samplesDir, logger: o.logger });
    worker = config.mail ? wireMail({ mail: config.mail, clinic: o.clinic, logger: o.logger, mailTiming: o.mailTiming }, store) : undefined;
    files = await site;
  } catch (err) {
    await Promise.all(connections.map((c) => c.drain(0)));
    await worker?.stop();
    await keyWatch?.stop();
    plaintextWatch?.stop();
    // A key this start made, and nothing was written with, goes with it (issue 38 item 6).
    await forgetMadeKey(startKeys, store, o.logger);
    await store?.close();
    throw err;
  }
  const port = (admin.address() as AddressInfo).port;
  const sitesPort = (sites.address() as AddressInfo).port;
  apps = createApps({
    clinic: o.clinic,
    server: { ...config, port, sitesPort },
    files,
    stores: store,
    secrets: secrets!,
    now: o.now,
    // The served clinic's pictures sit beside its config, as `clinic-gen build` reads them.
    cityAssetFolders: [...(o.configPath ? [dirname(o.configPath)] : []), o.samplesDir ?? samplesDir()],
    logger: o.logger,
    renderFormPage: o.renderFormPage,
    onMessageStored: worker ? () => worker.kick() : undefined,
    // One server a process: its event-loop delay, memory and CPU join the counters.
    metrics: createMetrics({ process: true }),
  });
  const running = apps;
  store.onRemoteChange((kind) => running.remoteChange(kind));
  for (const s of [admin, sites]) s.on('error', (err) => o.logger.error('server.error', errorFields(err)));
  worker?.start();
  // Retention: once a day, on one server of several, messages older than the owner's setting go.
  const now = o.now ?? (() => new Date());
  const stopPurge = schedulePurge({ inbox: store.inbox, audit: createAuditTrail(store.audit, secrets!.auditKey, now), now, logger: o.logger });
  // Special hours: a live city whose range started or ended (in its time zone) is redeployed, on one server of several.
  const ownOrigin = (config.publicUrl ? normalizeOrigin(config.publicUrl) : undefined) ?? `http://${displayHost(config.host)}:${port}`;
  const stopSpecialHours = scheduleSpecialHoursRedeploy({
    cities: apps.cities,
    releases: apps.releases,
    deployer: apps.deployer,
    audit: createAuditTrail(store.audit, secrets!.auditKey, now),
    now,
    place: { serverOrigin: ownOrigin, requestUrl: `${ownOrigin}/` },
    serverId: `${hostname()}:${process.pid}`,
    logger: o.logger,
  });
  // The trash: deletions older than its days forgotten each hour, whether or not anyone opens it.
  const stopTrashPurge = scheduleTrashPurge({ cities: apps.cities, now, logger: o.logger });
  const runs = apps.redeploys;
  if (store.interruptedRuns.length) {
    o.logger.warn('redeploy.interrupted', { runs: store.interruptedRuns.join(', ') });
    // Which of their cities did switch before the process died: read from the releases on disk.
    void runs.reconcile(store.interruptedRuns).catch((err: unknown) => o.logger.error('redeploy.reconcile_failed', errorFields(err)));
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://${displayHost(config.host)}:${port}`,
    port,
    sitesUrl: `http://${displayHost(config.host)}:${sitesPort}`,
    sitesPort,
    store,
    close: () =>
      (closing ??= (async () => {
        stopping = true;
        stopPurge();
        stopTrashPurge();
        const specialHoursStopped = stopSpecialHours();
        // The live inbox's streams never finish by themselves: ended first, so the drain need not wait for them.
        running.inboxEvents.close();
        await Promise.all(connections.map((c) => c.drain(o.shutdownGraceMs ?? 10_000)));
        await specialHoursStopped;
        // A redeploy-all in progress finishes the cities in flight and is recorded as interrupted.
        await runs.stop();
        await worker?.stop();
        await running.refusals.close();
        await keyWatch?.stop();
        plaintextWatch?.stop();
        await auditHead?.log('stop');
        await store.close();
      })()),
  };
}
