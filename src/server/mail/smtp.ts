import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Notification } from './notification.js';

/** What the mail worker needs from an SMTP client; tests may pass a fake. */
export interface Mailer {
  send(mail: Notification): Promise<void>;
  close(): void;
}

/** A nodemailer-backed Mailer. One pooled-free transport; each send opens a connection. */
export function createSmtpMailer(options: SMTPTransport.Options): Mailer {
  const transport = nodemailer.createTransport(options);
  return {
    async send(mail) {
      await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId });
    },
    close: () => transport.close(),
  };
}
