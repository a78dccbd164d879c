import { isIP } from 'node:net';
import * as z from 'zod';
import { EMAIL_ADDRESS } from '../../config/email-address.js';
import { checkUrlTemplate } from './url-template.js';
import { parseKeyText } from './key-text.js';
import { normalizeOrigin } from './origin.js';

/**
 * The server's environment, validated once at start-up (Epic Stack's env.server.ts). A bad value
 * stops the start with a message naming the variable and what it should look like. config.ts
 * turns the result, with the command-line flags, into the one ServerConfig.
 */

const list = (what: string, check: (item: string) => boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const item of items) if (!check(item)) ctx.addIssue({ code: 'custom', message: `"${item}" is not ${what}` });
      return items;
    });

/** `name`, `name:port`, an IPv4 address or a bracketed IPv6 address, with an optional port. */
function isHostEntry(item: string): boolean {
  return /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(item);
}

const httpUrl = (example: string) =>
  z.string().trim().refine((v) => normalizeOrigin(v) !== undefined, { error: `expected an http(s) URL like ${example}` });

const emailAddress = z.string().trim().refine((v) => EMAIL_ADDRESS.test(v) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(v), {
  error: 'expected an email address like clinic@example.com or "Clinic <clinic@example.com>"',
});

const keyText = z
  .string()
  .superRefine((v, ctx) => {
    const parsed = parseKeyText(v);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  })
  .optional();

export const serverEnvSchema = z.object({
  // The first owner's sign-in, used only while the store has no account (docs/decisions/017-staff-accounts.md).
  ADMIN_PASSWORD: z.string().min(12, { error: 'expected at least 12 characters (a passphrase of a few words is best)' }).optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .regex(EMAIL_ADDRESS, { error: 'expected the first owner’s email, like owner@example.com' })
    .optional(),
  // The server's data key: 32 bytes in base64, or a file holding them (systemd's LoadCredential=).
  DATA_KEY: keyText,
  DATA_KEY_FILE: z.string().trim().min(1).optional(),
  DATA_KEY_PREVIOUS: keyText,
  DATA_KEY_PREVIOUS_FILE: z.string().trim().min(1).optional(),
  // The backup taken before the start that seals an earlier release's messages (store/upgrade.ts).
  UPGRADE_BACKUP: z.string().trim().min(1).optional(),
  CONTACT_RATE_LIMIT: z
    .string()
    .regex(/^\d+$/, { error: 'expected a whole number of messages per minute and address, like 5 (0 lifts the limit)' })
    .transform(Number)
    .optional(),
  TRUST_PROXY: list('an IP address or "loopback"', (s) => s === 'loopback' || isIP(s) !== 0),
  CORS_ORIGINS: list('an origin like https://tampa.example.com', (s) => normalizeOrigin(s) === s.replace(/\/$/, '')),
  PUBLIC_URL: httpUrl('https://clinic.example.com').optional(),
  // The listener of deployed sites and previews (docs/decisions/009-hosted-sites-origin.md).
  SITES_PORT: z.string().regex(/^\d{1,5}$/, { error: 'expected a port number like 3001 (0 picks a free port)' }).transform(Number).optional(),
  SITES_URL: httpUrl('https://sites.clinic.example.com').optional(),
  // More names the server answers to (docs/threat-model.md, the Host allowlist).
  ALLOWED_HOSTS: list('a host name like clinic.lan or clinic.lan:8080', isHostEntry),
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\//, { error: 'expected smtp://user:pass@host:587 or smtps://user:pass@host:465' }).optional(),
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: z.string().regex(/^\d{1,5}$/, { error: 'expected a port number like 587' }).transform(Number).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: z.enum(['true', 'false'], { error: 'expected true (TLS from the start, port 465) or false (STARTTLS)' }).optional(),
  MAIL_FROM: emailAddress.optional(),
  NOTIFY_TO: emailAddress.optional(),
  // The sample configs as saved cities on a data folder's first start (docs/decisions/012); 0 turns it off.
  CLINIC_GEN_SEED_SAMPLES: z
    .enum(['0', '1', 'true', 'false'], { error: 'expected 1 (import the sample cities on first start) or 0 (start with no saved city)' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  // The access log (one line a request in the JSON log, metrics/observe.ts): on unless turned off.
  ACCESS_LOG: z.enum(['on', 'off'], { error: 'expected on (one log line a request, the default) or off' }).optional(),
  // The scraper's token for GET /metrics (Authorization: Bearer ...).
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{24,}$/, { error: 'expected at least 24 letters, digits or -._~+/= (make one with: openssl rand -hex 24)' })
    .optional(),
  // PostgreSQL for every server of a group (docs/decisions/015-postgresql.md); without it, SQLite in --data.
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), { error: 'expected a PostgreSQL URL like postgres://clinic:secret@db.internal:5432/clinic' })
    .optional(),
  DATABASE_POOL_SIZE: z
    .string()
    .regex(/^\d+$/, { error: 'expected a whole number of connections from 1 to 100, like 10' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, { error: 'expected a whole number of connections from 1 to 100, like 10' })
    .optional(),
  // Where "Visit Site" points (docs/decisions/003-admin-deploys.md); default in config.ts.
  DEPLOY_URL_TEMPLATE: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const checked = checkUrlTemplate(v);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error });
    })
    .optional(),
});

export type ServerEnv = z.output<typeof serverEnvSchema>;

export type EnvResult = { ok: true; env: ServerEnv } | { ok: false; errors: string[] };

/** Validates `source` (process.env); each error reads `NAME: what is wrong`. */
export function parseServerEnv(source: Record<string, string | undefined>): EnvResult {
  // Empty variables count as unset: `FOO=` in a .env file means "no value".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = serverEnvSchema.safeParse(present);
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0] ?? 'environment')}: ${i.message}`);
  if (parsed.success) errors.push(...mailErrors(parsed.data));
  if (parsed.success && parsed.data.DATA_KEY && parsed.data.DATA_KEY_FILE) errors.push('DATA_KEY_FILE: set DATA_KEY or DATA_KEY_FILE, not both');
  if (parsed.success && parsed.data.DATA_KEY_PREVIOUS && parsed.data.DATA_KEY_PREVIOUS_FILE) errors.push('DATA_KEY_PREVIOUS_FILE: set DATA_KEY_PREVIOUS or DATA_KEY_PREVIOUS_FILE, not both');
  if (parsed.success && parsed.data.ADMIN_EMAIL && !parsed.data.ADMIN_PASSWORD) errors.push('ADMIN_PASSWORD: missing; ADMIN_EMAIL and ADMIN_PASSWORD create the first owner together');
  return parsed.success && errors.length === 0 ? { ok: true, env: parsed.data } : { ok: false, errors };
}

/** Mail is all or nothing: half a configuration would silently never notify anyone. */
function mailErrors(env: ServerEnv): string[] {
  const anyMail = env.SMTP_URL || env.SMTP_HOST || env.MAIL_FROM || env.NOTIFY_TO;
  if (!anyMail) return [];
  const missing: string[] = [];
  if (!env.SMTP_URL && !env.SMTP_HOST) missing.push('SMTP_URL (or SMTP_HOST)');
  if (!env.MAIL_FROM) missing.push('MAIL_FROM');
  if (!env.NOTIFY_TO) missing.push('NOTIFY_TO');
  if (!env.PUBLIC_URL) missing.push('PUBLIC_URL (the email links to PUBLIC_URL/admin#messages)');
  return missing.map((name) => `${name}: missing; email notification needs SMTP_URL or SMTP_HOST, MAIL_FROM, NOTIFY_TO and PUBLIC_URL together`);
}
