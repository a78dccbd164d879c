import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { ServerEnv } from './env.js';

/** Short timeouts: a hanging SMTP server must not hold the worker (or a shutdown) for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** nodemailer SMTP options from SMTP_URL, or from SMTP_HOST / SMTP_PORT / SMTP_USER / SMTP_PASS / SMTP_SECURE. */
export function smtpOptions(env: ServerEnv): SMTPTransport.Options | undefined {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      ...TIMEOUTS,
    };
  }
  if (!env.SMTP_HOST) return undefined;
  const port = env.SMTP_PORT ?? (env.SMTP_SECURE === 'true' ? 465 : 587);
  return {
    host: env.SMTP_HOST,
    port,
    secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : port === 465,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
    ...TIMEOUTS,
  };
}
