import type { ClinicConfig } from '../config/schema.js';
import type { MailSettings } from './config.js';
import type { Logger } from './logger.js';
import type { ServerStore } from './server-store.js';
import { createSmtpMailer } from './mail/smtp.js';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './mail/worker.js';

/** Builds the mail worker from the resolved mail settings (config.ts made sure they are complete). */
export function wireMail(
  o: { mail: MailSettings; clinic: ClinicConfig; logger: Logger; mailTiming?: Partial<MailWorkerOptions> },
  store: Pick<ServerStore, 'outbox'>,
): MailWorker {
  const { smtp, from, to, publicUrl } = o.mail;
  return createMailWorker({
    outbox: store.outbox,
    mailer: createSmtpMailer(smtp),
    settings: { from, to, publicUrl, businessName: o.clinic.businessName },
    logger: o.logger,
    ...o.mailTiming,
  });
}
