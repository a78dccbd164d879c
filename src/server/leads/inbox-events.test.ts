import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Actor, AppEnv } from '../http/app-env.js';
import { createInboxEvents, type InboxRelay } from './inbox-events.js';

/**
 * The live inbox's server side (issue 37 item 4) through its routes with app.request: a stream
 * hears the changes of its reader's cities only, presence names the others, never oneself, a
 * relay's notices (another server's) reach the streams once, and close() ends every stream.
 */
const desk = (id: string, cities: string[] | null): Actor => ({ kind: 'session', id, label: `${id}@example.com`, role: cities ? 'frontdesk' : 'owner', cities, accountId: id });
const NAMES: Record<string, string> = { dee: 'Dee Frontdesk', tom: 'Tom Desk', own: 'Olive Owner' };

function world(relay?: InboxRelay) {
  const events = createInboxEvents({ nameOf: async (a) => NAMES[a.accountId] ?? a.label, relay, pingMs: 60_000 });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const who = c.req.header('x-who')!;
    c.set('actor', desk(who, who === 'own' ? null : ['tampa']));
    c.set('path', new URL(c.req.url).pathname);
    await next();
  });
  app.route('/', events.routes(async (a) => a.cities));
  return { events, app };
}

/** An open stream as `who`: its events as they come, and its id. */
async function open(app: Hono<AppEnv>, who: string) {
  const res = await app.request('/api/inbox/events', { headers: { 'x-who': who } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const seen: Record<string, unknown>[] = [];
  /** Reads until an event matches `pred` (at most 50 reads); answers it. */
  const next = async (pred: (e: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 50; i++) {
      const found = seen.find(pred);
      if (found) {
        seen.splice(seen.indexOf(found), 1);
        return found;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += decoder.decode(value, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop()!;
      for (const b of blocks) {
        const data = b.split('\n').find((l) => l.startsWith('data: '));
        if (data) seen.push(JSON.parse(data.slice(6)) as Record<string, unknown>);
      }
    }
    throw new Error('no such event');
  };
  const hello = await next((e) => e.type === 'hello');
  return { stream: hello.stream as string, next, reader, seen };
}

const presence = (app: Hono<AppEnv>, who: string, body: unknown) =>
  app.request('/api/inbox/presence', { method: 'PUT', headers: { 'x-who': who, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the inbox event stream', () => {
  it("tells a front desk of its own cities' changes only, with no content", async () => {
    const { events, app } = world();
    const dee = await open(app, 'dee');
    const owner = await open(app, 'own');
    events.publish({ kind: 'new', id: 'm-orl', site: 'orlando', by: '' });
    events.publish({ kind: 'status', id: 'm-tpa', site: 'tampa', by: 'tom' });
    expect(await dee.next((e) => e.type === 'change')).toEqual({ type: 'change', kind: 'status', id: 'm-tpa', site: 'tampa', by: 'tom' });
    expect(dee.seen.filter((e) => e.type === 'change')).toEqual([]);
    expect(await owner.next((e) => e.type === 'change')).toEqual({ type: 'change', kind: 'new', id: 'm-orl', site: 'orlando', by: '' });
    expect(await owner.next((e) => e.type === 'change')).toEqual({ type: 'change', kind: 'status', id: 'm-tpa', site: 'tampa', by: 'tom' });
    events.close();
  });

  it('shows who else views a message, never oneself, and refuses a city out of scope', async () => {
    const { events, app } = world();
    const dee = await open(app, 'dee');
    const tom = await open(app, 'tom');
    expect((await presence(app, 'dee', { stream: dee.stream, id: 'm1', site: 'tampa' })).status).toBe(200);
    expect(await dee.next((e) => e.type === 'presence')).toEqual({ type: 'presence', id: 'm1', site: 'tampa', viewers: [] });
    expect((await presence(app, 'tom', { stream: tom.stream, id: 'm1', site: 'tampa' })).status).toBe(200);
    expect(await dee.next((e) => e.type === 'presence' && (e.viewers as unknown[]).length > 0)).toEqual({ type: 'presence', id: 'm1', site: 'tampa', viewers: [{ name: 'Tom Desk' }] });
    expect(await tom.next((e) => e.type === 'presence' && (e.viewers as unknown[]).length > 0)).toEqual({ type: 'presence', id: 'm1', site: 'tampa', viewers: [{ name: 'Dee Frontdesk' }] });
    // Tom's stream goes (the tab closed): Dee views alone again.
    await tom.reader.cancel();
    expect(await dee.next((e) => e.type === 'presence' && (e.viewers as unknown[]).length === 0)).toMatchObject({ id: 'm1', viewers: [] });
    // Orlando is not Dee's; someone else's stream is not hers to move.
    expect((await presence(app, 'dee', { stream: dee.stream, id: 'm2', site: 'orlando' })).status).toBe(403);
    events.close();
  });

  it("hears another server's notices once, through the relay, and not its own twice", async () => {
    const listeners: ((e: Parameters<Parameters<InboxRelay['subscribe']>[0]>[0]) => void)[] = [];
    const sent: unknown[] = [];
    const relay: InboxRelay = {
      publish: async (n) => {
        sent.push(n);
        for (const l of listeners) l(n);
      },
      subscribe: (l) => {
        listeners.push(l);
        return () => undefined;
      },
    };
    const { events, app } = world(relay);
    const dee = await open(app, 'dee');
    events.publish({ kind: 'note', id: 'mine', site: 'tampa', by: 'dee' });
    for (const l of listeners) l({ kind: 'assign', id: 'theirs', site: 'tampa', by: 'tom', from: 'another-server' });
    expect(await dee.next((e) => e.type === 'change')).toMatchObject({ kind: 'note', id: 'mine' });
    expect(await dee.next((e) => e.type === 'change')).toMatchObject({ kind: 'assign', id: 'theirs' });
    expect(dee.seen.filter((e) => e.type === 'change')).toEqual([]);
    expect(sent).toHaveLength(1);
    for (const l of listeners) l({ kind: 'resync' });
    expect(await dee.next((e) => e.type === 'resync')).toEqual({ type: 'resync' });
    events.close();
  });

  it('ends every stream on close (shutdown) and takes no new one', async () => {
    const { events, app } = world();
    const dee = await open(app, 'dee');
    expect(events.open()).toBe(1);
    events.close();
    let ended = false;
    for (let i = 0; i < 50 && !ended; i++) ended = (await dee.reader.read()).done;
    expect(ended).toBe(true);
    expect(events.open()).toBe(0);
    expect((await app.request('/api/inbox/events', { headers: { 'x-who': 'dee' } })).status).toBe(503);
  });
});
