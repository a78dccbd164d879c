import { describe, expect, it } from 'vitest';
import { basic, memoryStore, testApp, validMessage } from '../testing.js';
import { csvCell, messagesCsv } from './csv.js';

const PASSWORD = 'correct horse battery staple';
const auth = { headers: { Authorization: basic(PASSWORD) } };

async function seeded(n: number) {
  const store = memoryStore();
  for (let i = 1; i <= n; i++) {
    await store.add({ ...validMessage({ email: `p${i}@example.com` }), phone: '', service: '', site: 'https://tampa.example.com', receivedAt: `2025-01-0${i}T00:00:00.000Z` });
  }
  const app = testApp({ store, now: () => new Date('2025-02-03T10:00:00Z'), server: { adminPassword: PASSWORD } });
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

  it('refuses a bad page or pageSize with 400, and anonymous callers with 401', async () => {
    const { app } = await seeded(1);
    expect((await app.request('/api/messages?page=0', auth)).status).toBe(400);
    expect((await app.request('/api/messages?pageSize=1000', auth)).status).toBe(400);
    expect((await app.request('/api/messages?page=abc', auth)).status).toBe(400);
    expect((await app.request('/api/messages')).status).toBe(401);
    expect((await app.request('/api/messages.csv')).status).toBe(401);
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
    expect(lines[0]).toBe('"id","receivedAt","site","firstName","lastName","email","phone","service","message"');
    expect(lines).toHaveLength(3);
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

  it('keeps unicode and emoji', () => {
    const csv = messagesCsv([{ ...validMessage({ firstName: 'Zoë 💪' }), phone: '', service: '', id: 'x', site: 's', receivedAt: 't' }]);
    expect(csv).toContain('"Zoë 💪"');
  });
});
