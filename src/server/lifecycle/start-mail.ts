import type { ClinicConfig } from '../../config/schema.js';
import type { MailSettings } from '../settings/config.js';
import type { Logger } from '../log/logger.js';
import type { OutboxStore } from '../mail/index.js';
import { createSmtpMailer } from '../mail/smtp.js';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from '../mail/worker.js';

/** Builds the mail worker from the resolved mail settings (config.ts made sure they are complete). */
export function wireMail(
  o: { mail: MailSettings; clinic: ClinicConfig; logger: Logger; mailTiming?: Partial<MailWorkerOptions> },
  store: { outbox: OutboxStore },
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
