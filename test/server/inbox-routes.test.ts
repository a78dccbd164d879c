import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/server/auth/store.js';
import { staffSession, storedTestApp, TEST_HOST, validMessage } from '../helpers/server-app.js';

/**
 * The inbox's API (issue 22) on a real SQLite store with sealing on: the list, search, one
 * message, status, assignee, notes, deletion and retention, each as the roles may call it, and each
 * read and change in the audit trail by name.
 */
const made: ReturnType<typeof storedTestApp>[] = [];
afterEach(async () => {
  for (const t of made.splice(0)) await t.close();
});

async function setup() {
  const t = storedTestApp();
  made.push(t);
  const accounts = t.db.accounts;
  const person = (role: Role, name: string, cities: string[] | null = null) =>
    staffSession(accounts, { role, name, email: `${name.split(' ')[0]!.toLowerCase()}@clinic.example`, cities });
  const as = (who: { headers: Record<string, string> }) => (method: string, path: string, body?: unknown) =>
    t.request(`http://${TEST_HOST}${path}`, {
      method,
      headers: { ...who.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const post = async (site: string, overrides: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/api/contact', { ...validMessage(overrides), site, page: 'contact/' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  return { t, person, as, post };
}

describe('the inbox API', () => {
  it('lets a front desk of Tampa work Tampa’s messages, and nothing of Orlando', async () => {
    const { t, person, as, post } = await setup();
    const tampa = await post('tampa', { firstName: 'Jordan', message: 'My testosterone level is 212 ng/dL' });
    const orlando = await post('orlando', { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '(407) 555-0111' });
    const dana = await person('frontdesk', 'Dana Desk', ['tampa']);
    const dana2 = await person('frontdesk', 'Devon Desk', ['tampa', 'orlando']);
    const desk = as(dana);

    const list = (await (await desk('GET', '/api/inbox')).json()) as { items: { id: string; firstName: string; site: string }[]; total: number; byStatus: Record<string, number>; byCity: { site: string; count: number }[] };
    expect(list.items.map((i) => [i.id, i.firstName, i.site])).toEqual([[tampa, 'Jordan', 'tampa']]);
    expect(list.total).toBe(1);
    expect(list.byStatus).toEqual({ new: 1, contacted: 0, booked: 0, closed: 0 });
    expect(list.byCity.map((c) => [c.site, c.count])).toEqual([['tampa', 1]]);
    expect((await desk('GET', '/api/inbox?site=orlando')).status).toBe(403);
    // Another city's message is as good as absent.
    expect((await desk('GET', `/api/inbox/${orlando}`)).status).toBe(404);
    expect((await desk('PUT', `/api/inbox/${orlando}/status`, { status: 'contacted' })).status).toBe(404);

    const opened = (await (await desk('GET', `/api/inbox/${tampa}`)).json()) as { message: Record<string, unknown> };
    expect(opened.message).toMatchObject({ id: tampa, firstName: 'Jordan', lastName: 'Rivera', email: 'jordan@example.com', message: 'My testosterone level is 212 ng/dL', status: 'new' });
    expect((await desk('PUT', `/api/inbox/${tampa}/status`, { status: 'contacted' })).status).toBe(200);
    const closedWithout = await desk('PUT', `/api/inbox/${tampa}/status`, { status: 'closed' });
    expect(closedWithout.status).toBe(400);
    expect(((await closedWithout.json()) as { errors: Record<string, string> }).errors.closeReason).toMatch(/Choose why/);
    const note = await desk('POST', `/api/inbox/${tampa}/notes`, { text: 'Left a voicemail about his 212 ng/dL result' });
    expect(note.status).toBe(201);
    expect(((await note.json()) as { note: { authorLabel: string } }).note.authorLabel).toBe('Dana Desk');
    expect((await desk('PUT', `/api/inbox/${tampa}/assignee`, { assigneeId: dana2.id })).status).toBe(200);
    // Only someone who reads the city can have it (an owner, or a front desk of Tampa): not Orlando's desk.
    const orlandoDesk = await person('frontdesk', 'Oscar Desk', ['orlando']);
    expect((await desk('PUT', `/api/inbox/${tampa}/assignee`, { assigneeId: orlandoDesk.id })).status).toBe(400);
    expect((await desk('PUT', `/api/inbox/${tampa}/status`, { status: 'booked' })).status).toBe(200);
    const after = (await (await desk('GET', `/api/inbox/${tampa}`)).json()) as { message: { status: string; assigneeId: string; notes: { text: string; authorLabel: string }[] } };
    expect(after.message).toMatchObject({ status: 'booked', assigneeId: dana2.id });
    expect(after.message.notes.map((n) => [n.authorLabel, n.text])).toEqual([['Dana Desk', 'Left a voicemail about his 212 ng/dL result']]);
    const counts = (await (await desk('GET', '/api/inbox')).json()) as { byStatus: Record<string, number> };
    expect(counts.byStatus).toEqual({ new: 0, contacted: 0, booked: 1, closed: 0 });

    // The trail names each step, with who and which city; never what was written.
    const trail = t.rows<{ action: string; actor_label: string; city: string; object: string; outcome: number }>('SELECT action, actor_label, city, object, outcome FROM audit_log WHERE action LIKE ? ORDER BY seq', 'message.%');
    const dana1 = trail.filter((r) => r.actor_label === 'dana@clinic.example' && r.outcome < 300).map((r) => [r.action, r.city]);
    expect(dana1).toEqual([
      ['message.list', ''],
      ['message.read', 'tampa'],
      ['message.status', 'tampa'],
      ['message.note', 'tampa'],
      ['message.assign', 'tampa'],
      ['message.status', 'tampa'],
      ['message.read', 'tampa'],
      ['message.list', ''],
    ]);
    expect(trail.find((r) => r.action === 'message.status' && r.object.includes('booked'))).toBeDefined();
    // Message ids (random hex, which may hold any digits) are what the trail names: left out of the check.
    expect(JSON.stringify(trail).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'id')).not.toMatch(/212|voicemail|Jordan|Rivera/);
  });

  it('searches by a last name, a first name, 4 digits or more of a phone, or an email, through a body; the trail never holds what was searched', async () => {
    const { t, person, as, post } = await setup();
    const a = await post('tampa', { firstName: 'José', lastName: 'Álvarez', email: 'Jose.Alvarez@Example.com', phone: '(813) 555-0142' });
    const b = await post('tampa', { firstName: 'Kim', lastName: 'Ng', email: 'kim@example.com', phone: '813-555-0199' });
    const c = await post('orlando', { firstName: 'Ana', lastName: 'Alvarez', email: 'ana@example.com', phone: '(407) 555-0142' });
    const desk = as(await person('frontdesk', 'Dana Desk', ['tampa']));
    const search = async (q: unknown, more: Record<string, unknown> = {}) => {
      const res = await desk('POST', '/api/inbox/search', { q, ...more });
      return { status: res.status, body: (await res.json()) as { items?: { id: string }[]; total?: number; capped?: boolean; errors?: Record<string, string> } };
    };
    const ids = async (q: string) => (await search(q)).body.items?.map((i) => i.id);
    for (const q of ['jose.alvarez@example.com', '+1 813 555 0142', '8135550142', 'jose alvarez', 'JOSÉ ÁLVAREZ', 'Alvarez', 'josé', '0142']) expect(await ids(q), q).toEqual([a]);
    // Orlando's Alvarez is not this front desk's.
    expect(await ids('alvarez')).not.toContain(c);
    expect(await ids('555-01')).toEqual([b, a]);
    expect((await search('Alvarez')).body).toMatchObject({ total: 1, capped: false });
    // A miss is an empty answer, not an error.
    expect(await search('Ortiz')).toMatchObject({ status: 200, body: { items: [], total: 0 } });
    expect(await ids('alvarez@example.com')).toEqual([]);
    // Fewer than 4 digits, nothing to search by, or no text: refused, said at the field.
    expect(await search('014')).toMatchObject({ status: 400, body: { errors: { q: 'Type at least 4 digits of the phone number.' } } });
    expect(await search('!!')).toMatchObject({ status: 400, body: { errors: { q: expect.stringMatching(/last name, a first name, an email address, or 4 digits/) } } });
    expect((await search('')).status).toBe(400);
    expect((await search('Alvarez', { page: 0 })).status).toBe(400);
    expect((await search('Alvarez', { site: 'orlando' })).status).toBe(403);
    // Searches are recorded as searches, never with what was searched.
    const trail = t.rows<{ action: string; object: string; city: string }>("SELECT action, object, city FROM audit_log WHERE action = 'message.search'");
    expect(trail.length).toBeGreaterThan(10);
    // The messages a search showed are named by id (random hex, which may hold any digits): left out of the check.
    expect(JSON.stringify(trail).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'id')).not.toMatch(/alvarez|ortiz|0142|555-01|014\b|example\.com/i);
  });

  it('keeps the editor to counts, and deleting and retention to the owner, audited without content', async () => {
    const { t, person, as, post } = await setup();
    const id = await post('tampa');
    const editor = as(await person('editor', 'Eddie Editor'));
    expect((await editor('GET', '/api/inbox')).status).toBe(403);
    expect((await editor('GET', `/api/inbox/${id}`)).status).toBe(403);
    const desk = as(await person('frontdesk', 'Dana Desk'));
    expect((await desk('DELETE', `/api/inbox/${id}`)).status).toBe(403);
    expect((await desk('PUT', '/api/settings/retention', { days: 30 })).status).toBe(403);
    const owner = as(await person('owner', 'Olivia Owner'));
    const bad = await owner('PUT', '/api/settings/retention', { days: 7 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.days).toMatch(/between 30 days and 10 years/);
    expect((await owner('PUT', '/api/settings/retention', { days: 90 })).status).toBe(200);
    expect(((await (await owner('GET', '/api/settings/retention')).json()) as { days: number }).days).toBe(90);
    const del = await owner('DELETE', `/api/inbox/${id}`);
    expect(del.status).toBe(200);
    expect((await owner('GET', `/api/inbox/${id}`)).status).toBe(404);
    expect((await owner('DELETE', `/api/inbox/${id}`)).status).toBe(404);
    const rec = t.rows<{ object: string; city: string; outcome: number }>("SELECT object, city, outcome FROM audit_log WHERE action = 'message.delete' AND outcome = 200 ORDER BY seq");
    expect(rec[0]).toMatchObject({ city: 'tampa', outcome: 200 });
    expect(rec[0]!.object).toContain(`message=${id}`);
    expect(rec[0]!.object).not.toMatch(/Jordan|Rivera|example\.com/);
    // The patient's words are gone from the database file's pages too (secure_delete).
    const bytes = readdirSync(t.dataDir)
      .filter((f) => f.startsWith('clinic.db'))
      .map((f) => readFileSync(join(t.dataDir, f)));
    expect(bytes.some((b) => b.includes(Buffer.from('jordan@example.com')))).toBe(false);
  });
});
