import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/server/auth/store.js';
import { staffSession, storedTestApp, TEST_HOST, validMessage } from '../helpers/server-app.js';

/**
 * Messages are read in the inbox, and only there (issue 37 item 3), through the real apps on a real
 * SQLite store: a list (the inbox's page, its search) carries no patient's words, contact or last
 * name; a city's counts carry none either; the audit trail names the messages a list showed; the
 * full list of GET /api/messages is the owner's.
 */
const made: ReturnType<typeof storedTestApp>[] = [];
afterEach(async () => {
  for (const t of made.splice(0)) await t.close();
});

const ORIGIN = `http://${TEST_HOST}`;
/** A patient's message whose every line would be a leak in a list. */
const PATIENT = {
  firstName: 'Renata',
  lastName: 'Quillfeather',
  email: 'renata.q@example.com',
  phone: '(813) 555-0147',
  message: 'My free testosterone came back at 4.1 pg/mL last month\nand my doctor said to ask about TRT.\nI also take lisinopril daily.',
};
/** What of the patient no list or count may carry: everything but the first name a list shows. */
const SECRETS = ['Quillfeather', 'renata.q@example.com', '555-0147', '5550147', 'testosterone', 'lisinopril', '4.1 pg/mL'];

function setup() {
  const t = storedTestApp();
  made.push(t);
  const person = (role: Role, cities: string[] | null = null) => {
    const id = randomUUID().slice(0, 6);
    return staffSession(t.db.accounts, { role, name: `A ${role}`, email: `${role}-${id}@clinic.example`, cities });
  };
  const call = (headers: Record<string, string>) => (method: string, path: string, body?: unknown) =>
    t.request(`${ORIGIN}${path}`, {
      method,
      headers: { Host: TEST_HOST, Origin: ORIGIN, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const post = async (site: string, overrides: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/api/contact', { ...validMessage(overrides), site, page: 'contact/' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const records = async (actorId: string) => (await t.db.audit.page({ actorId }, 1, 50)).records;
  return { t, person, call, post, records };
}

const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

describe('the inbox’s list and search', () => {
  it('carry no message text, no contact and no last name: only what picks the next call', async () => {
    const { person, call, post } = setup();
    const id = await post('tampa', PATIENT);
    await post('tampa', { firstName: 'Other', message: 'Another message from Tampa.' });
    const owner = await person('owner');
    const asOwner = call(owner.headers);

    const listed = await asOwner('GET', '/api/inbox?site=tampa');
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(leaks(text)).toEqual([]);
    const { items } = JSON.parse(text) as { items: Record<string, unknown>[] };
    expect(items.map((i) => i.id)).toContain(id);
    const allowed = ['id', 'receivedAt', 'site', 'city', 'firstName', 'service', 'language', 'status', 'closeReason', 'assigneeId', 'unreadable'];
    for (const item of items) expect(Object.keys(item).filter((k) => !allowed.includes(k))).toEqual([]);
    // Not even the first line of the message: the list shows the first name, city, service, age and status.
    expect(text).not.toContain(PATIENT.message.split('\n')[0]!.slice(0, 20));

    const found = await asOwner('POST', '/api/inbox/search', { q: 'Quillfeather' });
    expect(found.status).toBe(200);
    const foundText = await found.text();
    expect((JSON.parse(foundText) as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([id]);
    expect(leaks(foundText)).toEqual([]);

    // The whole message only on its own call, one audited read.
    const read = await asOwner('GET', `/api/inbox/${id}`);
    expect(((await read.json()) as { message: { message: string } }).message.message).toBe(PATIENT.message);
  });

  it('are recorded in the audit trail with the messages each showed, never what was searched', async () => {
    const { person, call, post, records } = setup();
    const renata = await post('tampa', PATIENT);
    const other = await post('tampa', { firstName: 'Other', lastName: 'Person', email: 'other@example.com' });
    const orlando = await post('orlando', { firstName: 'Olga' });
    const desk = await person('frontdesk', ['tampa']);
    const asDesk = call(desk.headers);

    expect((await asDesk('GET', '/api/inbox')).status).toBe(200);
    expect((await asDesk('POST', '/api/inbox/search', { q: 'Quillfeather' })).status).toBe(200);
    expect((await asDesk('GET', `/api/inbox/${renata}`)).status).toBe(200);

    const trail = (await records(desk.id)).reverse();
    expect(trail.map((r) => r.action)).toEqual(['message.list', 'message.search', 'message.read']);
    const [list, search, read] = trail;
    // Newest first: the list showed both of Tampa's, not Orlando's.
    expect(list!.object).toBe(`/api/inbox count=2 messages=${other},${renata}`);
    expect(list!.object).not.toContain(orlando);
    expect(search!.object).toBe(`/api/inbox/search search count=1 messages=${renata}`);
    expect(read!.object).toContain(`message=${renata}`);
    for (const r of trail) expect(leaks(JSON.stringify(r))).toEqual([]);
  });
});

describe('a city’s counts by status (GET /api/inbox/counts)', () => {
  it('answer counts alone, scoped as the inbox: a front desk its cities, an editor none', async () => {
    const { person, call, post } = setup();
    const tampa = await post('tampa', PATIENT);
    await post('tampa', { firstName: 'Second' });
    await post('orlando', { firstName: 'Olga' });
    const owner = call((await person('owner')).headers);
    expect((await owner('PUT', `/api/inbox/${tampa}/status`, { status: 'booked' })).status).toBe(200);

    const counted = await owner('GET', '/api/inbox/counts?site=tampa');
    expect(counted.status).toBe(200);
    const text = await counted.text();
    expect(JSON.parse(text)).toEqual({ success: true, byStatus: { new: 1, contacted: 0, booked: 1, closed: 0 } });
    expect(leaks(text)).toEqual([]);
    expect(text).not.toContain(tampa);

    const desk = call((await person('frontdesk', ['tampa'])).headers);
    expect(await (await desk('GET', '/api/inbox/counts?site=tampa')).json()).toEqual({ success: true, byStatus: { new: 1, contacted: 0, booked: 1, closed: 0 } });
    // Without a city, its own cities only; another city is refused.
    expect(await (await desk('GET', '/api/inbox/counts')).json()).toEqual({ success: true, byStatus: { new: 1, contacted: 0, booked: 1, closed: 0 } });
    expect((await desk('GET', '/api/inbox/counts?site=orlando')).status).toBe(403);
    expect(((await (await owner('GET', '/api/inbox/counts')).json()) as { byStatus: { new: number } }).byStatus.new).toBe(2);

    // An editor never learns how messages are being worked; it keeps the per-city totals.
    const editor = call((await person('editor')).headers);
    expect((await editor('GET', '/api/inbox/counts?site=tampa')).status).toBe(403);
    expect((await editor('GET', '/api/messages/by-city')).status).toBe(200);
    expect((await owner('GET', '/api/inbox/counts?site=Not a slug')).status).toBe(400);
  });
});

describe('GET /api/messages, the full list', () => {
  it('is the owner’s, keeps the spec’s shape, and its record names the messages it showed', async () => {
    const { person, call, post, records } = setup();
    const first = await post('tampa', PATIENT);
    const second = await post('tampa', { firstName: 'Second' });
    const desk = call((await person('frontdesk', ['tampa'])).headers);
    expect((await desk('GET', '/api/messages?site=tampa')).status).toBe(403);
    expect((await desk('GET', '/api/messages')).status).toBe(403);

    const owner = await person('owner');
    const res = await call(owner.headers)('GET', '/api/messages?site=tampa&page=1&pageSize=50');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; messages: { id: string }[]; page: number; pageSize: number; total: number };
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 50, total: 2 });
    expect(body.messages.map((m) => m.id).sort()).toEqual([first, second].sort());

    const [record] = await records(owner.id);
    expect(record!.action).toBe('message.list');
    expect(record!.city).toBe('tampa');
    expect(record!.object).toMatch(/^\/api\/messages\?site=tampa&page=1&pageSize=50 count=2 messages=/);
    expect(record!.object.split('messages=')[1]!.split(',').sort()).toEqual([first, second].sort());
    expect(leaks(JSON.stringify(record))).toEqual([]);
  });
});
