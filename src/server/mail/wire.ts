import type { ClinicConfig } from '../../config/schema.js';
import type { ServerEnv } from '../env.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/open.js';
import { createSmtpMailer, smtpOptions } from './smtp.js';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './worker.js';

/** Builds the mail worker from a validated environment (env.ts checked that the set is complete). */
export function wireMail(
  o: { env: ServerEnv; config: ClinicConfig; logger: Logger; mailTiming?: Partial<MailWorkerOptions> },
  store: Store,
): MailWorker | undefined {
  const smtp = smtpOptions(o.env);
  const { MAIL_FROM: from, NOTIFY_TO: to, PUBLIC_URL: publicUrl } = o.env;
  if (!smtp || !from || !to || !publicUrl) return undefined;
  return createMailWorker({
    outbox: store.outbox,
    mailer: createSmtpMailer(smtp),
    settings: { from, to, publicUrl, businessName: o.config.businessName },
    logger: o.logger,
    ...o.mailTiming,
  });
}
