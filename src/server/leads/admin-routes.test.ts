import { describe, expect, it } from 'vitest';
import { anonymous, memoryStore, testApp, testApps, validMessage } from '../../../test/helpers/server-app.js';
import { csvCell, messagesCsv, messagesCsvStream } from './csv.js';

// The test owner's API token (testApps adds it to every request that names no Authorization).
const auth = {};
const noAuth = { headers: anonymous };

async function seeded(n: number) {
  const store = memoryStore();
  for (let i = 1; i <= n; i++) {
    const [site, city] = i % 2 ? ['tampa', 'Tampa'] : ['orlando', 'Orlando'];
    await store.add({ ...validMessage({ email: `p${i}@example.com` }), phone: '', service: '', site, city, page: 'contact/', origin: `https://${site}.example.com`, referer: '', registered: true, language: 'en' as const, receivedAt: `2025-01-2${i}T00:00:00.000Z` });
  }
  const app = testApp({ messages: store, now: () => new Date('2025-02-03T10:00:00Z'), });
  return { app, store };
}

describe('GET /api/messages', () => {
  it('lists newest first with paging', async () => {
    const { app } = await seeded(3);
    const res = await app.request('/api/messages?page=1&pageSize=2', auth);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; messages: { email: string }[]; page: number; pageSize: number; total: number };
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 2, total: 3 });
    expect(body.messages.map((m) => m.email)).toEqual(['p3@example.com', 'p2@example.com']);
    const second = (await (await app.request('/api/messages?page=2&pageSize=2', auth)).json()) as { messages: unknown[] };
    expect(second.messages).toHaveLength(1);
  });

  it('filters by city slug and names the city of each message', async () => {
    const { app } = await seeded(3);
    const body = (await (await app.request('/api/messages?site=tampa', auth)).json()) as { total: number; messages: { email: string; city: string; site: string }[] };
    expect(body.total).toBe(2);
    expect(body.messages).toEqual([
      expect.objectContaining({ email: 'p3@example.com', city: 'Tampa', site: 'tampa' }),
      expect.objectContaining({ email: 'p1@example.com', city: 'Tampa', site: 'tampa' }),
    ]);
    expect((await app.request('/api/messages?site=Tampa%20FL', auth)).status).toBe(400);
  });

  it('counts messages per city over the last 7 and 30 days', async () => {
    const { app } = await seeded(3);
    const res = await app.request('/api/messages/by-city', auth);
    expect(await res.json()).toEqual({
      success: true,
      cities: [
        { site: 'tampa', city: 'Tampa', last7Days: 0, last30Days: 2, total: 2 },
        { site: 'orlando', city: 'Orlando', last7Days: 0, last30Days: 1, total: 1 },
      ],
    });
    expect((await app.request('/api/messages/by-city', noAuth)).status).toBe(401);
  });

  it('refuses a bad page or pageSize with 400, and anonymous callers with 401', async () => {
    const { app } = await seeded(1);
    expect((await app.request('/api/messages?page=0', auth)).status).toBe(400);
    expect((await app.request('/api/messages?pageSize=1000', auth)).status).toBe(400);
    expect((await app.request('/api/messages?page=abc', auth)).status).toBe(400);
    expect((await app.request('/api/messages', noAuth)).status).toBe(401);
    expect((await app.request('/api/messages.csv', noAuth)).status).toBe(401);
  });
});

describe('the audit trail of message reads', () => {
  it('records every list and export with who, what and the outcome; counts are no read of a message', async () => {
    const t = testApps();
    expect((await t.admin.request('/api/messages?site=tampa&page=1')).status).toBe(200);
    expect((await t.admin.request('/api/messages.csv?site=orlando')).status).toBe(200);
    expect((await t.admin.request('/api/messages/by-city')).status).toBe(200);
    expect((await t.admin.request('/api/messages', noAuth)).status).toBe(401);
    const { records } = await t.stores.audit.page({}, 1, 50);
    expect(records.map((r) => [r.action, r.actorId, r.object, r.city, r.outcome])).toEqual([
      ['message.export', 'token:test-owner-token', '/api/messages.csv?site=orlando', 'orlando', 200],
      // The list names the messages it showed: none here.
      ['message.list', 'token:test-owner-token', '/api/messages?site=tampa&page=1 count=0', 'tampa', 200],
    ]);
  });
});

describe('GET /api/messages.csv', () => {
  it('downloads every message as CSV', async () => {
    const { app } = await seeded(2);
    const res = await app.request('/api/messages.csv', auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="messages-2025-02-03.csv"');
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"id","receivedAt","city","site","page","origin","referer","registered","firstName","lastName","email","phone","service","message"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"[^"]+","2025-01-21T00:00:00.000Z","Tampa","tampa","contact\/","https:\/\/tampa.example.com","","yes","Jordan"/);
  });

  it('downloads one city only, named in the file name', async () => {
    const { app } = await seeded(3);
    const res = await app.request('/api/messages.csv?site=orlando', auth);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="messages-orlando-2025-02-03.csv"');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['"Orlando"']);
  });
});

describe('CSV cells', () => {
  it('quotes, doubles quotes, keeps newlines inside the cell', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a,b\r\nc')).toBe('"a,b\r\nc"');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('guards %j against formula injection', (value) => {
    expect(csvCell(value).startsWith(`"'`)).toBe(true);
  });

  it('keeps unicode and emoji', async () => {
    const csv = await messagesCsv([{ ...validMessage({ firstName: 'Zoë 💪' }), phone: '', service: '', id: 'x', site: 's', city: 'São Paulo', page: '', origin: 'o', referer: '', registered: true, language: 'en' as const, receivedAt: 't' }]);
    expect(csv).toContain('"Zoë 💪"');
    expect(csv).toContain('"São Paulo"');
  });

  it('gives other work a turn between chunks, so a fast reader of a big export holds up no other request', async () => {
    function* many() {
      for (let i = 0; i < 20_000; i++) yield { ...validMessage(), phone: '', service: '', id: String(i), site: 'tampa', city: 'Tampa', page: '', origin: 'o', referer: '', registered: true, language: 'en' as const, receivedAt: 't' };
    }
    // Other requests are callbacks of the event loop's later phases: one runs between any two chunks.
    let turns = 0;
    let chunks = 0;
    const reader = messagesCsvStream(many()).getReader();
    for (;;) {
      let ran = false;
      setImmediate(() => void (ran = true));
      const { done } = await reader.read();
      if (done) break;
      chunks++;
      if (ran) turns++;
    }
    expect(chunks).toBeGreaterThan(50);
    // Every chunk after the first waited for a turn of the loop (the first is the read's own).
    expect(turns).toBeGreaterThanOrEqual(chunks - 1);
  });

  it('streams rows as they are read: the first chunk comes before the source is exhausted', async () => {
    let produced = 0;
    function* many() {
      for (let i = 0; i < 40_000; i++) {
        produced++;
        yield { ...validMessage(), phone: '', service: '', id: String(i), site: 'tampa', city: 'Tampa', page: '', origin: 'o', referer: '', registered: true, language: 'en' as const, receivedAt: 't' };
      }
    }
    const reader = messagesCsvStream(many()).getReader();
    const first = await reader.read();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(first.value).startsWith('\uFEFF"id"')).toBe(true);
    expect(produced).toBeLessThan(1000);
    await reader.cancel();
  });
});
