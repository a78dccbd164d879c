import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/server/auth/store.js';
import { staffSession, storedTestApp, TEST_HOST, validMessage } from '../helpers/server-app.js';

/**
 * POST /api/inbox/bulk (issue 37 item 7): the messages selected in the inbox assigned or moved to a
 * status in one request, each id kept to the actor's cities as one message is, the change recorded
 * once with the messages it changed, and a live notice per message.
 */
const made: ReturnType<typeof storedTestApp>[] = [];
afterEach(async () => {
  for (const t of made.splice(0)) await t.close();
});

async function setup() {
  const t = storedTestApp();
  made.push(t);
  const person = (role: Role, name: string, cities: string[] | null = null) =>
    staffSession(t.db.accounts, { role, name, email: `${name.split(' ')[0]!.toLowerCase()}@clinic.example`, cities });
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
  const trail = () => t.rows<{ action: string; actor_label: string; city: string; object: string; outcome: number }>('SELECT action, actor_label, city, object, outcome FROM audit_log WHERE action = ? ORDER BY seq', 'message.bulk');
  return { t, person, as, post, trail };
}

type Bulk = { results?: { id: string; result: string }[]; changed?: number; errors?: Record<string, string> };

describe('POST /api/inbox/bulk', () => {
  it('lets a Tampa front desk assign Tampa’s messages; Orlando’s answer not found and stay as they were', async () => {
    const { t, person, as, post, trail } = await setup();
    const tampa1 = await post('tampa', { firstName: 'Jordan' });
    const tampa2 = await post('tampa', { firstName: 'Kim' });
    const orlando = await post('orlando', { firstName: 'Sam' });
    const dana = await person('frontdesk', 'Dana Desk', ['tampa']);
    const devon = await person('frontdesk', 'Devon Desk', ['tampa', 'orlando']);
    const desk = as(dana);

    // A stream of Dana's hears each message changed.
    const events = await desk('GET', '/api/inbox/events');
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();

    const res = await desk('POST', '/api/inbox/bulk', { ids: [tampa1, orlando, tampa2], assigneeId: devon.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Bulk;
    expect(body.results).toEqual([
      { id: tampa1, result: 'ok' },
      { id: orlando, result: 'notFound' },
      { id: tampa2, result: 'ok' },
    ]);
    expect(body.changed).toBe(2);

    const owner = as(await person('owner', 'Olivia Owner'));
    const read = async (id: string) => ((await (await owner('GET', `/api/inbox/${id}`)).json()) as { message: { assigneeId: string | null; status: string } }).message;
    expect((await read(tampa1)).assigneeId).toBe(devon.id);
    expect((await read(tampa2)).assigneeId).toBe(devon.id);
    expect(await read(orlando)).toMatchObject({ assigneeId: null, status: 'new' });

    // The trail names the messages changed and the change, and only those.
    const [rec] = trail();
    expect(rec).toMatchObject({ actor_label: 'dana@clinic.example', city: 'tampa', outcome: 200 });
    expect(rec!.object).toContain(`messages=${tampa1},${tampa2}`);
    expect(rec!.object).toContain(`assignee=${devon.id}`);
    expect(rec!.object).not.toContain(orlando);
    expect(rec!.object).not.toMatch(/Jordan|Kim|Sam|Rivera/);

    // A notice for each, none for Orlando's.
    const decoder = new TextDecoder();
    let text = '';
    const changes = () => [...text.matchAll(/data: (\{.*\})/g)].map((m) => JSON.parse(m[1]!) as { type: string; kind?: string; id?: string }).filter((e) => e.type === 'change');
    while (changes().length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(changes().map((e) => [e.kind, e.id])).toEqual([
      ['assign', tampa1],
      ['assign', tampa2],
    ]);
    await reader.cancel();

    // Someone who may not read a chosen message's city is refused for all, and nothing changes.
    const tess = await person('frontdesk', 'Tess Orlando', ['orlando']);
    const refused = await desk('POST', '/api/inbox/bulk', { ids: [tampa1], assigneeId: tess.id });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Bulk).errors?.assigneeId).toMatch(/Assign the message/);
    expect((await read(tampa1)).assigneeId).toBe(devon.id);
    void t;
  });

  it('closes 3 messages with one reason, and asks for the reason', async () => {
    const { as, person, post, trail } = await setup();
    const ids = [await post('tampa'), await post('tampa'), await post('orlando')];
    const owner = as(await person('owner', 'Olivia Owner'));

    const without = await owner('POST', '/api/inbox/bulk', { ids, status: 'closed' });
    expect(without.status).toBe(400);
    expect(((await without.json()) as Bulk).errors?.closeReason).toMatch(/Choose why/);

    const res = await owner('POST', '/api/inbox/bulk', { ids, status: 'closed', closeReason: 'duplicate' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Bulk).results?.every((r) => r.result === 'ok')).toBe(true);
    for (const id of ids) {
      const m = ((await (await owner('GET', `/api/inbox/${id}`)).json()) as { message: { status: string; closeReason: string } }).message;
      expect(m).toMatchObject({ status: 'closed', closeReason: 'duplicate' });
    }
    const recs = trail().filter((r) => r.outcome === 200);
    expect(recs).toHaveLength(1);
    expect(recs[0]!.object).toContain(`count=3 messages=${ids.join(',')} status=closed reason=duplicate`);
    // Two cities: the record names none of them alone.
    expect(recs[0]!.city).toBe('');

    // A reason without Closed is refused; so is a request that changes nothing.
    expect((await owner('POST', '/api/inbox/bulk', { ids, status: 'contacted', closeReason: 'duplicate' })).status).toBe(400);
    const nothing = await owner('POST', '/api/inbox/bulk', { ids });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as Bulk).errors?.status).toBeDefined();
  });

  it('refuses more than 200 ids, naming the field', async () => {
    const { as, person, trail } = await setup();
    const owner = as(await person('owner', 'Olivia Owner'));
    const ids = Array.from({ length: 201 }, () => randomUUID());
    const res = await owner('POST', '/api/inbox/bulk', { ids, status: 'contacted' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Bulk).errors?.ids).toMatch(/at most 200/);
    // 200 unknown ids: each answers not found, nothing changed.
    const ok = await owner('POST', '/api/inbox/bulk', { ids: ids.slice(0, 200), status: 'contacted' });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Bulk;
    expect(body.changed).toBe(0);
    expect(body.results?.every((r) => r.result === 'notFound')).toBe(true);
    expect(trail().at(-1)?.object).toContain('count=0');
  });

  it('lists and exports "My open": open=true leaves out the closed, in the list, its counts, a search and the export', async () => {
    const { as, person, post } = await setup();
    const owner = await person('owner', 'Olivia Owner');
    const call = as(owner);
    const [a, b, c] = [await post('tampa', { firstName: 'Jordan' }), await post('tampa', { firstName: 'Kim', lastName: 'Ortiz' }), await post('orlando', { firstName: 'Sam', lastName: 'Ortiz' })];
    expect((await call('POST', '/api/inbox/bulk', { ids: [a, b, c], assigneeId: owner.id })).status).toBe(200);
    expect((await call('POST', '/api/inbox/bulk', { ids: [b], status: 'closed', closeReason: 'no_answer' })).status).toBe(200);
    const list = (await (await call('GET', `/api/inbox?assignee=${owner.id}&open=true`)).json()) as { items: { id: string }[]; total: number; byStatus: Record<string, number> };
    expect(list.items.map((i) => i.id).sort()).toEqual([a, c].sort());
    expect(list.total).toBe(2);
    expect(list.byStatus.closed).toBe(0);
    const found = (await (await call('POST', '/api/inbox/search', { q: 'Ortiz', open: true })).json()) as { items: { id: string }[] };
    expect(found.items.map((i) => i.id)).toEqual([c]);
    const csv = await (await call('GET', `/api/inbox.csv?assignee=${owner.id}&open=true`)).text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect((await call('GET', '/api/inbox?open=maybe')).status).toBe(400);
  });

  it('is not an editor’s', async () => {
    const { as, person, post } = await setup();
    const id = await post('tampa');
    const editor = as(await person('editor', 'Eddie Editor'));
    expect((await editor('POST', '/api/inbox/bulk', { ids: [id], status: 'contacted' })).status).toBe(403);
  });
});
