import { afterEach, describe, expect, it } from 'vitest';
import { validMessage } from '../helpers/server-app.js';
import { startTestServer, type TestServer } from './helpers.js';
import { freePort } from '../../scripts/pg-cluster.mjs';
import { smtpSink } from '../helpers/smtp.js';

/** Notification mail against a real SMTP server on 127.0.0.1. */

/** The Subject header, unfolded, its MIME encoded-words (RFC 2047, B or Q) decoded. */
function subjectOf(raw: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  ).trim();
}


async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const mailEnv = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: 'Clinic Website <website@example.com>',
  NOTIFY_TO: 'frontdesk@example.com',
  PUBLIC_URL: 'https://clinic.example.com',
  CONTACT_RATE_LIMIT: '0',
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function postMessage(server: TestServer, overrides: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validMessage(overrides)) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('email notification', () => {
  it('sends one email linking to the admin, without the message or the visitor’s details', async () => {
    const port = await freePort();
    const sink = await smtpSink(port);
    cleanups.push(sink.close);
    const server = await startTestServer(mailEnv(port), { mailTiming: { baseDelayMs: 50, idlePollMs: 200 } });
    cleanups.push(server.stop);

    const id = await postMessage(server, { firstName: 'Secretname', email: 'private.person@example.net', phone: '(813) 555-0199', message: 'My private health details are here.' });
    await until(() => sink.received.length === 1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(['frontdesk@example.com']);
    expect(mail.raw).toContain('https://clinic.example.com/admin#messages');
    // It names the city (the home clinic here: a post without Origin), in the body and the subject.
    expect(mail.raw).toContain('City: Wesley Chapel');
    expect(subjectOf(mail.raw)).toBe('New contact message for Summit Men’s Health in Wesley Chapel');
    expect(mail.raw).toContain(`Message-ID: <contact-${id}@example.com>`);
    for (const secret of ['Secretname', 'private.person', '555-0199', 'private health', 'TRT']) expect(mail.raw).not.toContain(secret);
    await until(async () => (await server.store.outbox.counts()).sent === 1);
  });

  it('keeps retrying while the SMTP server is down, then delivers exactly once', async () => {
    // The mail server holds its port from the start, refusing every connection until it comes back up.
    const port = await freePort();
    const sink = await smtpSink(port, { down: true });
    cleanups.push(sink.close);
    const server = await startTestServer(mailEnv(port), { mailTiming: { baseDelayMs: 100, maxDelayMs: 400, idlePollMs: 200 } });
    cleanups.push(server.stop);

    await postMessage(server); // the visitor is answered 201 although mail is down
    await until(() => server.logs.events.some((e) => e.event === 'mail.retry'));
    expect(await server.store.outbox.counts()).toMatchObject({ pending: 1, sent: 0 });
    sink.up();
    await until(() => sink.received.length === 1);
    // The sink has the mail before the sender hears its 250 and marks it sent: wait for the mark.
    await until(async () => (await server.store.outbox.counts()).sent === 1);
    await new Promise((r) => setTimeout(r, 1000)); // time for a wrong second send to show up
    expect(sink.received).toHaveLength(1);
    expect(await server.store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0 });
    // No personal data in what was logged about the failures.
    expect(JSON.stringify(server.logs.events)).not.toMatch(/Jordan|jordan@example\.com|consultation/);
  });
});
