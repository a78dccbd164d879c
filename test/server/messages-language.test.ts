import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataKey } from '../../src/server/crypto/data-key.js';
import type { InboxStore } from '../../src/server/leads/inbox.js';
import { createPgInboxStore } from '../../src/server/leads/inbox-pg.js';
import { createPgMessageStore } from '../../src/server/leads/pg-store.js';
import { createSealer } from '../../src/server/leads/sealing.js';
import type { MessageStore } from '../../src/server/leads/store.js';
import { openSqliteStore } from '../../src/server/store/sqlite-server-store.js';
import { contactTestApp } from '../helpers/contact-app.js';
import { migratedDatabase } from '../helpers/pg.js';
import { staffSession, storedTestApp, TEST_HOST, validMessage } from '../helpers/server-app.js';

/**
 * Issue 40 item 6 on real stores: a message sent from a Spanish page (the island's JSON with
 * `"language":"es"`, the no-JavaScript form's hidden `language=es`) is stored with its language on
 * a SQLite file and on PostgreSQL, listed and opened with it, and the inbox's language filter
 * returns only those; through the whole app, GET /api/inbox?language=es does the same.
 */
interface Opened {
  messages: MessageStore & { flush?(): unknown };
  inbox: InboxStore;
  close(): Promise<void>;
}

const factories: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'clinic-language-'));
      const store = openSqliteStore(dir);
      return {
        messages: store.messages,
        inbox: store.inbox,
        async close() {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const db = await migratedDatabase();
      const messages = createPgMessageStore(db.pool, { notify: true });
      return {
        messages,
        inbox: createPgInboxStore(db.pool),
        async close() {
          await messages.flush();
          await db.drop();
        },
      };
    },
  },
];

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

const FROM_TAMPA = { Origin: 'https://tampa.example.com', Referer: 'https://tampa.example.com/es/contacto/' };

describe.each(factories)('messages from Spanish pages ($name)', ({ open }) => {
  it('are stored with language es from a JSON post and a form post, listed with it, and the filter returns only them', async () => {
    const o = await open();
    opened.push(o);
    const sealer = createSealer({ current: dataKey(randomBytes(32)) }, randomBytes(32));
    o.messages.useSealer!(sealer);
    o.inbox.useSealer(sealer);
    const t = contactTestApp({ store: o.messages });
    // Tampa deployed with its Spanish pages.
    t.deployments[0] = { ...t.deployments[0]!, release: { ...t.deployments[0]!.release, config: { ...(t.deployments[0]!.release.config as object), languages: ['en', 'es'] } } };
    t.directory.invalidate();

    const english = await t.post({ ...validMessage({ firstName: 'Ann' }), site: 'tampa', page: 'contact/' }, { Origin: 'https://tampa.example.com' });
    expect(english.status).toBe(201);
    const island = await t.post({ ...validMessage({ firstName: 'Lucía' }), site: 'tampa', page: 'es/contacto/', language: 'es' }, FROM_TAMPA);
    expect(island.status).toBe(201);
    const form = await t.formPost({ ...validMessage({ firstName: 'Mateo' }), website: '', site: 'tampa', page: 'es/contacto/terapia-de-testosterona/', language: 'es' }, FROM_TAMPA);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('https://tampa.example.com/es/contacto/enviado/');
    // A Spanish form sent empty: the Spanish page with Spanish errors, nothing stored.
    const empty = await t.formPost({ firstName: '', lastName: '', email: '', message: '', website: '', site: 'tampa', page: 'es/contacto/', language: 'es' }, FROM_TAMPA);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('El nombre es obligatorio');

    const all = await o.inbox.page({ scope: null }, 1, 50);
    expect(all.items.map((i) => [i.firstName, i.language])).toEqual([
      ['Mateo', 'es'],
      ['Lucía', 'es'],
      ['Ann', 'en'],
    ]);
    const spanish = await o.inbox.page({ scope: null, language: 'es' }, 1, 50);
    expect(spanish.items.map((i) => i.firstName)).toEqual(['Mateo', 'Lucía']);
    expect(spanish.total).toBe(2);
    expect(spanish.byStatus.new).toBe(2);
    expect((await o.inbox.page({ scope: null, language: 'en' }, 1, 50)).items.map((i) => i.firstName)).toEqual(['Ann']);
    const mateo = await o.inbox.get(spanish.items[0]!.id);
    expect(mateo).toMatchObject({ firstName: 'Mateo', language: 'es', page: 'es/contacto/terapia-de-testosterona/', message: validMessage().message });
    // The listed and stored messages are the same ones the store keeps.
    expect((await o.messages.list(1, 10)).messages.map((m) => m.language)).toEqual(['es', 'es', 'en']);
  });
});

describe('the inbox of the whole app on its SQLite file', () => {
  const made: ReturnType<typeof storedTestApp>[] = [];
  afterEach(async () => {
    for (const t of made.splice(0)) await t.close();
  });

  it('lists with the language, filters by it (GET /api/inbox?language=es) and opens a message with it', async () => {
    const t = storedTestApp();
    made.push(t);
    const post = async (overrides: Record<string, unknown>) => {
      const res = await t.json('POST', '/api/contact', { ...validMessage(overrides), site: 'tampa', page: overrides.language === 'es' ? 'es/contacto/' : 'contact/' });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const en = await post({ firstName: 'Ann' });
    const es = await post({ firstName: 'Lucía', language: 'es' });
    expect(t.rows<{ public_id: string; language: string }>('SELECT public_id, language FROM messages ORDER BY id')).toEqual([
      { public_id: en, language: 'en' },
      { public_id: es, language: 'es' },
    ]);
    const owner = await staffSession(t.db.accounts, { role: 'owner', name: 'Olivia', email: `owner-${randomUUID().slice(0, 6)}@clinic.example`, cities: null });
    const ORIGIN = `http://${TEST_HOST}`;
    const get = (p: string) => t.request(`${ORIGIN}${p}`, { headers: { Host: TEST_HOST, Origin: ORIGIN, ...owner.headers } });

    const listed = (await (await get('/api/inbox')).json()) as { items: { id: string; language: string }[] };
    expect(listed.items.map((i) => [i.id, i.language])).toEqual([
      [es, 'es'],
      [en, 'en'],
    ]);
    const filtered = await get('/api/inbox?language=es');
    expect(filtered.status).toBe(200);
    const body = (await filtered.json()) as { items: { id: string }[]; total: number; byStatus: { new: number } };
    expect(body.items.map((i) => i.id)).toEqual([es]);
    expect(body.total).toBe(1);
    expect(body.byStatus.new).toBe(1);
    expect(((await (await get('/api/inbox?language=en')).json()) as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([en]);
    expect((await get('/api/inbox?language=fr')).status).toBe(400);
    const one = (await (await get(`/api/inbox/${es}`)).json()) as { message: { language: string; firstName: string } };
    expect(one.message).toMatchObject({ language: 'es', firstName: 'Lucía' });
  });
});
