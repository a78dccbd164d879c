import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../log/logger.js';
import type { ServerStore } from '../store/server-store.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import { validMessage } from '../../../test/helpers/server-app.js';
import { buildNotification, type Notification } from './notification.js';
import { createMailWorker } from './worker.js';

const settings = { from: 'Website <site@example.com>', to: 'desk@example.com', publicUrl: 'https://clinic.example.com/', businessName: 'Summit' };
let store: ServerStore;
let dir: string;
afterEach(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function setup(failures: number, markSentFailures = 0) {
  dir = mkdtempSync(path.join(tmpdir(), 'clinic-mail-'));
  store = openSqliteStore(dir, { notify: true });
  const added = await store.messages.add({ ...validMessage(), site: 'tampa', city: 'Tampa', page: 'contact/', origin: 'https://tampa.example.com', referer: '', registered: true, language: 'en', receivedAt: '2025-01-01T00:00:00.000Z' });
  const id = 'id' in added ? added.id : '';
  const sent: Notification[] = [];
  let left = failures;
  let t = Date.now() + 1;
  const logger = memoryLogger();
  // The real outbox, with a markSent that fails its first `markSentFailures` calls.
  const calls = { markSent: 0, markFailed: 0 };
  let markSentLeft = markSentFailures;
  const outbox: typeof store.outbox = {
    ...store.outbox,
    markSent: async (outboxId, nowMs) => {
      calls.markSent++;
      if (markSentLeft-- > 0) throw new Error('SQLITE_IOERR: disk I/O error');
      return store.outbox.markSent(outboxId, nowMs);
    },
    markFailed: async (...args) => {
      calls.markFailed++;
      return store.outbox.markFailed(...args);
    },
  };
  const worker = createMailWorker({
    outbox,
    mailer: {
      async send(mail) {
        if (left-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
        sent.push(mail);
      },
      close: () => undefined,
    },
    settings,
    logger,
    now: () => t,
    baseDelayMs: 1000,
    maxAttempts: 3,
    markSentRetryMs: 1,
  });
  return { id, sent, worker, logger, calls, advance: (ms: number) => (t += ms), failMarkSent: (n: number) => (markSentLeft = n) };
}

describe('mail worker', () => {
  it('sends once and marks the row sent', async () => {
    const { id, sent, worker } = await setup(0);
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.messageId).toBe(`<contact-${id}@example.com>`);
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0 });
  });

  it('backs off exponentially after a failure and does not retry early', async () => {
    const { sent, worker, advance } = await setup(2);
    expect(await worker.runOnce()).toBe(0); // attempt 1 fails: next in ~1 s
    advance(500);
    expect(await worker.runOnce()).toBe(0); // too early: nothing due
    advance(800);
    expect(await worker.runOnce()).toBe(0); // attempt 2 fails: next in ~2 s
    advance(1500);
    expect(await worker.runOnce()).toBe(0); // still too early
    advance(1000);
    expect(await worker.runOnce()).toBe(1); // attempt 3 succeeds
    expect(sent).toHaveLength(1);
  });

  it('gives up after maxAttempts and logs it without message data', async () => {
    const { worker, advance, logger } = await setup(10);
    for (let i = 0; i < 5; i++) {
      await worker.runOnce();
      advance(10_000);
    }
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 0, failed: 1 });
    expect(logger.events.map((e) => e.event)).toEqual(['mail.retry', 'mail.retry', 'mail.gave_up']);
    expect(JSON.stringify(logger.events)).not.toMatch(/Jordan|jordan@|consultation/);
  });
});

describe('mail worker, when marking an email sent fails', () => {
  it('tries markSent again and does not send the email twice when it then works', async () => {
    const { sent, worker, logger, calls, advance } = await setup(0, 1);
    expect(await worker.runOnce()).toBe(1);
    expect(calls).toEqual({ markSent: 2, markFailed: 0 });
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0 });
    advance(60 * 60_000);
    expect(await worker.runOnce()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(logger.events).toEqual([]);
  });

  it('never reschedules a sent email when markSent keeps failing: logs it, ends the pass, leaves the row leased', async () => {
    const { id, sent, worker, logger, calls, advance, failMarkSent } = await setup(0, Infinity);
    await store.messages.add({ ...validMessage(), site: 'tampa', city: 'Tampa', page: 'contact/', origin: 'https://tampa.example.com', referer: '', registered: true, language: 'en', receivedAt: '2025-01-01T00:00:01.000Z' });
    expect(await worker.runOnce()).toBe(1);
    expect(sent.map((m) => m.messageId)).toEqual([`<contact-${id}@example.com>`]);
    expect(calls).toEqual({ markSent: 3, markFailed: 0 });
    expect(logger.events).toEqual([{ level: 'error', event: 'mail.mark_sent_failed', fields: { outboxId: expect.any(Number), error: 'Error', reason: 'SQLITE_IOERR: disk I/O error' } }]);
    expect(JSON.stringify(logger.events)).not.toMatch(/Jordan|jordan@|consultation/);
    expect(await store.outbox.counts()).toEqual({ pending: 2, sent: 0, failed: 0 });

    // Within its lease the sent one waits; the next pass claims (one at a time) and sends the other.
    advance(60_000);
    expect(await worker.runOnce()).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.messageId).filter((m) => m === `<contact-${id}@example.com>`)).toHaveLength(1);

    // Once the leases ran out both go again, each under its own Message-ID, and are recorded.
    failMarkSent(0);
    advance(5 * 60_000);
    expect(await worker.runOnce()).toBe(2);
    expect(sent.map((m) => m.messageId).filter((m) => m === `<contact-${id}@example.com>`)).toHaveLength(2);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(2);
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    expect(calls.markFailed).toBe(0);
  });
});

describe('notification', () => {
  it('names the city, links to the admin and carries no personal data', () => {
    const n = buildNotification({ id: 1, messageId: 'abc', site: 'wesley-chapel', city: 'Wesley Chapel', receivedAt: '2025-01-01T00:00:00.000Z', attempts: 0, language: 'en' }, settings);
    expect(n.text).toContain('https://clinic.example.com/admin#messages');
    expect(n.text).toContain('City: Wesley Chapel\nSite: wesley-chapel\n');
    expect(n.subject).toBe('New contact message for Summit in Wesley Chapel');
    expect(n.messageId).toBe('<contact-abc@example.com>');
    expect(`${n.subject}\n${n.text}`).not.toMatch(/Spanish|English/);
  });

  it('says a message from a Spanish page was written in Spanish, still without any of its text (issue 40)', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'clinic-mail-'));
    store = openSqliteStore(dir, { notify: true });
    const words = { firstName: 'Lucía', lastName: 'Fernández', email: 'lucia@example.com', phone: '(813) 555-0142', service: 'TRT Therapy', message: 'Quisiera una consulta el próximo martes.' };
    await store.messages.add({ ...words, site: 'tampa', city: 'Tampa', page: 'es/contacto/', origin: 'https://tampa.example.com', referer: '', registered: true, language: 'es', receivedAt: '2025-01-01T00:00:00.000Z' });
    const [item] = await store.outbox.claimDue(Date.now() + 1000, 10, 60_000);
    expect(item).toMatchObject({ city: 'Tampa', language: 'es' });
    const n = buildNotification(item!, settings);
    expect(n.subject).toBe('New contact message for Summit in Tampa (written in Spanish)');
    expect(n.text).toContain('Written in Spanish');
    const mail = `${n.subject}\n${n.text}`;
    for (const typed of [...Object.values(words), 'Lucía', 'Fernández', 'lucia', '555', 'TRT', 'consulta', 'es/contacto']) expect(mail).not.toContain(typed);
  });

  it('says so when the city is not known to the server, without the slug the form claimed (anyone posting chooses it)', () => {
    const base = { id: 1, messageId: 'abc', receivedAt: '2025-01-01T00:00:00.000Z', attempts: 0, language: 'en' as const };
    const claimed = buildNotification({ ...base, site: 'john-smith-hiv-positive', city: '' }, settings);
    expect(claimed.subject).toBe('New contact message for Summit in a city not known to the server');
    expect(claimed.text).toContain('City: a city not known to the server\nReceived:');
    expect(`${claimed.subject}\n${claimed.text}`).not.toContain('john-smith');
    expect(buildNotification({ ...base, site: '', city: '' }, settings).text).toContain('City: a city not known to the server\nReceived:');
  });
});
