import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.js';
import type { Role } from '../../src/server/auth/store.js';
import { totpCode } from '../../src/server/auth/totp.js';
import { staffSession, storedTestApp, TEST_HOST, validMessage } from '../helpers/server-app.js';

/**
 * Least privilege for patients' messages (issue 37 item 2, NOTES.md decision 17), through the real
 * apps on a real SQLite store: a front desk's and a front-desk token's cities are chosen, never all
 * by default; a password an owner sets works once; every account that can read messages uses
 * two-step sign-in; a message filed under no known city is the owners' alone.
 */
const made: ReturnType<typeof storedTestApp>[] = [];
afterEach(async () => {
  for (const t of made.splice(0)) await t.close();
});

const ORIGIN = `http://${TEST_HOST}`;
const PASSWORD = 'a long and unusual passphrase 7';
const NEW_PASSWORD = 'my very own passphrase, 2026 edition';

function setup() {
  const t = storedTestApp();
  made.push(t);
  const accounts = t.db.accounts;
  /** An account straight in the store with a full session: as one signed in long ago. */
  const person = async (role: Role, cities: string[] | null = null) =>
    (await staffSession(accounts, { role, name: `A ${role}`, email: `${role}-${randomUUID().slice(0, 6)}@clinic.example`, cities })).headers;
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
  /** Signs in with email and password as a browser would: answers the cookie and the stage. */
  const signIn = async (email: string, password: string) => {
    const res = await call({ Authorization: '' })('POST', '/api/session', { email, password });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('clinic_session='));
    return { status: res.status, stage: ((await res.json()) as { stage?: string }).stage, cookie: set?.split(';')[0] };
  };
  return { t, accounts, person, call, post, signIn };
}

const fieldError = async (res: Response) => ((await res.json()) as { errors?: Record<string, string> }).errors ?? {};

describe('a front desk’s cities', () => {
  it('are chosen when the account is made: none given, or an empty list, is refused with the field’s message', async () => {
    const { person, call } = setup();
    const owner = call(await person('owner'));
    const who = { name: 'Sam Desk', email: 'sam@clinic.example', role: 'frontdesk', password: PASSWORD };
    for (const body of [who, { ...who, cities: [] }]) {
      const res = await owner('POST', '/api/accounts', body);
      expect(res.status).toBe(400);
      expect((await fieldError(res)).cities).toBe('Choose the cities whose messages this person reads: tick them, or choose All cities.');
    }
    const made = await owner('POST', '/api/accounts', { ...who, cities: ['tampa'] });
    expect(made.status).toBe(201);
    expect(((await made.json()) as { account: { cities: string[]; passwordChange: boolean } }).account).toMatchObject({ cities: ['tampa'], passwordChange: true });
    // An editor made a front desk chooses them too.
    const editor = (await (await owner('POST', '/api/accounts', { name: 'Eve', email: 'eve@clinic.example', role: 'editor', password: PASSWORD })).json()) as { account: { id: string } };
    const demoted = await owner('PATCH', `/api/accounts/${editor.account.id}`, { role: 'frontdesk' });
    expect(demoted.status).toBe(400);
    expect((await fieldError(demoted)).cities).toContain('Choose the cities');
  });

  it('of a front-desk API token are chosen too, and such a token limited to Tampa reads nothing of Orlando on any message route', async () => {
    const { person, call, post } = setup();
    const tampa = await post('tampa', { lastName: 'Ortiz' });
    const orlando = await post('orlando', { lastName: 'Lee' });
    const owner = call(await person('owner'));
    const unlimited = await owner('POST', '/api/tokens', { name: 'desk script', role: 'frontdesk' });
    expect(unlimited.status).toBe(400);
    expect((await fieldError(unlimited)).cities).toBe('Choose the cities whose messages this token reads: tick them, or choose All cities.');
    const madeToken = await owner('POST', '/api/tokens', { name: 'desk script', role: 'frontdesk', cities: ['tampa'] });
    expect(madeToken.status).toBe(201);
    const { secret, token } = (await madeToken.json()) as { secret: string; token: { cities: string[] } };
    expect(token.cities).toEqual(['tampa']);
    const bot = call({ Authorization: `Bearer ${secret}`, Origin: '' });

    const list = (await (await bot('GET', '/api/inbox')).json()) as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).toEqual([tampa]);
    expect((await bot('GET', '/api/inbox?site=orlando')).status).toBe(403);
    const search = (await (await bot('POST', '/api/inbox/search', { q: 'lee@example.com' })).json()) as { items?: { id: string }[] };
    expect((search.items ?? []).map((i) => i.id)).not.toContain(orlando);
    expect((await bot('GET', `/api/inbox/${orlando}`)).status).toBe(404);
    expect((await bot('PUT', `/api/inbox/${orlando}/status`, { status: 'contacted' })).status).toBe(404);
    expect((await bot('PUT', `/api/inbox/${orlando}/assignee`, { assigneeId: null })).status).toBe(404);
    expect((await bot('POST', `/api/inbox/${orlando}/notes`, { text: 'called back' })).status).toBe(404);
    expect((await bot('DELETE', `/api/inbox/${orlando}`)).status).toBe(403);
    expect((await bot('GET', '/api/messages?site=orlando')).status).toBe(403);
    expect((await bot('GET', '/api/messages')).status).toBe(403);
    expect((await bot('GET', '/api/messages.csv?site=orlando')).status).toBe(403);
    // Its own city's message it works.
    expect((await bot('GET', `/api/inbox/${tampa}`)).status).toBe(200);
  });
});

describe('a message filed under no known city', () => {
  it('is read by owners only: a front desk of every city does not see it', async () => {
    const { person, call, post } = setup();
    // The server's own clinic is a city it knows; nobody registered the other.
    const known = await post('wesley-chapel');
    const stray = await post('nowhere-we-know', { lastName: 'Stray' });
    const everyCity = call(await person('frontdesk', null));
    const owner = call(await person('owner'));
    const deskList = (await (await everyCity('GET', '/api/inbox')).json()) as { items: { id: string }[] };
    expect(deskList.items.map((i) => i.id)).toEqual([known]);
    expect((await everyCity('GET', `/api/inbox/${stray}`)).status).toBe(404);
    const ownerList = (await (await owner('GET', '/api/inbox')).json()) as { items: { id: string }[] };
    expect(ownerList.items.map((i) => i.id).sort()).toEqual([known, stray].sort());
    expect((await owner('GET', `/api/inbox/${stray}`)).status).toBe(200);
  });
});

describe('assigning a message', () => {
  it('offers everyone who may read its city, owners included, and refuses anyone else', async () => {
    const { accounts, person, call, post } = setup();
    const id = await post('wesley-chapel');
    const owner = call(await person('owner'));
    const make = (role: Role, cities: string[] | null) => accounts.create({ id: randomUUID(), email: `${role}-${randomUUID().slice(0, 4)}@clinic.example`, name: `Named ${role}`, role, cities, passwordHash: 'x', createdAt: new Date().toISOString() });
    const otherOwner = await make('owner', null);
    const editor = await make('editor', null);
    const elsewhere = await make('frontdesk', ['tampa']);
    const here = await make('frontdesk', ['wesley-chapel']);
    const listed = (await (await owner('GET', '/api/inbox/assignees')).json()) as { assignees: { id: string; cities: string[] | null }[] };
    const ids = listed.assignees.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([otherOwner.id, elsewhere.id, here.id]));
    expect(ids).not.toContain(editor.id);
    expect(listed.assignees.find((a) => a.id === otherOwner.id)!.cities).toBeNull();
    for (const ok of [otherOwner.id, here.id]) expect((await owner('PUT', `/api/inbox/${id}/assignee`, { assigneeId: ok })).status, ok).toBe(200);
    for (const no of [editor.id, elsewhere.id]) expect((await owner('PUT', `/api/inbox/${id}/assignee`, { assigneeId: no })).status, no).toBe(400);
  });
});

describe('the inbox’s export', () => {
  it('gives owners the current filter as CSV with status, assignee and close reason, recorded with its filter and count; nobody else', async () => {
    const { person, call, post } = setup();
    const a = await post('wesley-chapel', { firstName: 'Ana', lastName: 'Ortiz', email: 'ana@example.com', phone: '(813) 555-0101' });
    await post('wesley-chapel', { firstName: 'Ben', lastName: 'Cole' });
    await post('tampa', { firstName: 'Cy', lastName: 'Dunn' });
    const ownerHeaders = await person('owner');
    const owner = call(ownerHeaders);
    expect((await owner('PUT', `/api/inbox/${a}/status`, { status: 'closed', closeReason: 'chose_elsewhere' })).status).toBe(200);
    const res = await owner('GET', '/api/inbox.csv?site=wesley-chapel&status=closed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"receivedAt","city","firstName","lastName","email","phone","service","language","status","assignee","closeReason"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Ana","Ortiz","ana@example.com","(813) 555-0101"');
    expect(lines[1]).toContain('"closed","","chose_elsewhere"');
    // The language of the page it was sent from (issue 40), in words a spreadsheet reader knows.
    expect(lines[1]).toContain('"English","closed"');
    const trail = (await (await owner('GET', '/api/audit?action=message.export')).json()) as { records: { object: string }[] };
    expect(trail.records[0]!.object).toBe('/api/inbox.csv?site=wesley-chapel&status=closed count=1');
    expect(JSON.stringify(trail)).not.toContain('Ortiz');
    for (const role of ['frontdesk', 'editor'] as const) expect((await call(await person(role, role === 'frontdesk' ? ['wesley-chapel'] : null))('GET', '/api/inbox.csv')).status, role).toBe(403);
  });
});

describe('signing in', () => {
  it('with a password an owner set: two-step sign-in is set up, then nothing answers but the password’s change', async () => {
    const { person, call, signIn } = setup();
    const owner = call(await person('owner'));
    const added = await owner('POST', '/api/accounts', { name: 'Sam Desk', email: 'sam@clinic.example', role: 'frontdesk', cities: ['tampa'], password: PASSWORD });
    expect(added.status).toBe(201);

    // A front desk reads messages: it sets up a second factor before anything else.
    const first = await signIn('sam@clinic.example', PASSWORD);
    expect(first).toMatchObject({ status: 200, stage: 'enrol' });
    const desk = call({ Authorization: '', Cookie: first.cookie! });
    expect((await desk('GET', '/api/inbox')).status).toBe(403);
    const { secret } = (await (await desk('POST', '/api/session/totp/enrol', {})).json()) as { secret: string };
    const confirmed = await desk('POST', '/api/session/totp/confirm', { code: totpCode(secret, Date.now()) });
    expect(confirmed.status).toBe(200);
    const full = call({ Authorization: '', Cookie: confirmed.headers.getSetCookie().find((c) => c.startsWith('clinic_session='))!.split(';')[0]! });

    // Then the given password is changed before anything else answers.
    const session = (await (await full('GET', '/api/session')).json()) as { stage: string; account: { passwordChange: boolean } };
    expect(session).toMatchObject({ stage: 'full', account: { passwordChange: true } });
    for (const [method, path] of [['GET', '/api/inbox'], ['GET', '/api/cities'], ['GET', '/api/messages?site=tampa']] as const) {
      const res = await full(method, path);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: string }).error, path).toBe('Choose your own password first: the one you were given works for this once only.');
    }
    const changed = await full('PUT', '/api/session/password', { current: PASSWORD, password: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    const after = call({ Authorization: '', Cookie: changed.headers.getSetCookie().find((c) => c.startsWith('clinic_session='))!.split(';')[0]! });
    expect((await after('GET', '/api/inbox')).status).toBe(200);
    expect(((await (await after('GET', '/api/session')).json()) as { account: { passwordChange: boolean } }).account.passwordChange).toBe(false);
    // The given password no longer opens the account; the new one asks for the code.
    expect((await signIn('sam@clinic.example', PASSWORD)).status).toBe(401);
    expect(await signIn('sam@clinic.example', NEW_PASSWORD)).toMatchObject({ status: 200, stage: 'totp' });
  });

  it('asks every account that can read messages for two-step sign-in, and an editor when the owner says so', async () => {
    const { accounts, person, call, signIn } = setup();
    const hash = await hashPassword(PASSWORD);
    const make = (role: Role, email: string) => accounts.create({ id: randomUUID(), email, name: email, role, cities: role === 'frontdesk' ? ['tampa'] : null, passwordHash: hash, createdAt: new Date().toISOString() });
    await make('frontdesk', 'desk@clinic.example');
    const editor = await make('editor', 'ed@clinic.example');
    expect((await signIn('desk@clinic.example', PASSWORD)).stage).toBe('enrol');
    expect((await signIn('ed@clinic.example', PASSWORD)).stage).toBe('full');
    const owner = call(await person('owner'));
    const asked = await owner('PATCH', `/api/accounts/${editor.id}`, { twoStepRequired: true });
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { account: { twoStepRequired: boolean } }).account.twoStepRequired).toBe(true);
    expect((await signIn('ed@clinic.example', PASSWORD)).stage).toBe('enrol');
  });
});
