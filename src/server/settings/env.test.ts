import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './env.js';

describe('parseServerEnv', () => {
  it('accepts an empty environment (loopback, no mail) and treats empty strings as unset', () => {
    const r = parseServerEnv({ ADMIN_PASSWORD: '', CONTACT_RATE_LIMIT: '' });
    expect(r).toEqual({ ok: true, env: expect.objectContaining({ TRUST_PROXY: [], CORS_ORIGINS: [] }) });
  });

  it('parses lists and numbers', () => {
    const r = parseServerEnv({ CONTACT_RATE_LIMIT: '0', TRUST_PROXY: 'loopback, 10.0.0.1', CORS_ORIGINS: 'https://tampa.example.com,https://orlando.example.com' });
    expect(r.ok && r.env).toMatchObject({ CONTACT_RATE_LIMIT: 0, TRUST_PROXY: ['loopback', '10.0.0.1'], CORS_ORIGINS: ['https://tampa.example.com', 'https://orlando.example.com'] });
  });

  it.each([
    [{ CONTACT_RATE_LIMIT: 'five' }, /^CONTACT_RATE_LIMIT: expected a whole number/],
    [{ ADMIN_PASSWORD: 'short' }, /^ADMIN_PASSWORD: expected at least 12 characters/],
    [{ TRUST_PROXY: 'my-proxy' }, /^TRUST_PROXY: "my-proxy" is not an IP address/],
    [{ CORS_ORIGINS: 'https://tampa.example.com/contact' }, /^CORS_ORIGINS: .* is not an origin/],
    [{ SMTP_URL: 'http://mail.example.com' }, /^SMTP_URL: expected smtp:\/\//],
    [{ SMTP_PORT: 'abc', SMTP_HOST: 'x' }, /^SMTP_PORT: expected a port number/],
    [{ SITES_PORT: '30o1' }, /^SITES_PORT: expected a port number like 3001/],
    [{ SITES_URL: 'sites.example.com' }, /^SITES_URL: expected an http\(s\) URL/],
    [{ ALLOWED_HOSTS: 'clinic.lan/admin' }, /^ALLOWED_HOSTS: "clinic.lan\/admin" is not a host name/],
  ])('names the variable at fault: %j', (env, message) => {
    const r = parseServerEnv(env);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]).toMatch(message);
  });

  it('refuses half a mail configuration, naming what is missing', () => {
    const r = parseServerEnv({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'site@example.com' });
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors.some((e) => e.startsWith('NOTIFY_TO: missing'))).toBe(true);
    expect(errors.some((e) => e.startsWith('PUBLIC_URL (the email links'))).toBe(true);
  });

  it('accepts a complete mail configuration', () => {
    const r = parseServerEnv({
      SMTP_HOST: 'mail.example.com',
      SMTP_PORT: '465',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_FROM: 'Clinic Website <site@example.com>',
      NOTIFY_TO: 'desk@example.com',
      PUBLIC_URL: 'https://clinic.example.com',
    });
    expect(r.ok).toBe(true);
  });
});
