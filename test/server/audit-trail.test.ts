import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { messageRef } from '../../src/config/message-ref.js';
import type { auditPageRoute } from '../../src/contract/audit.js';
import type { ResponseOf } from '../../src/contract/route.js';
import type { Role } from '../../src/server/auth/store.js';
import { newSecretToken, tokenHash } from '../../src/server/auth/tokens.js';
import { adminFormConfig, settledRun, storedTestApp, TEST_HOST, validMessage } from '../helpers/server-app.js';

/**
 * An audit trail people can read (issue 37 item 8), through the real apps on a real SQLite store:
 * every record of a change to a city names the city (an import's too), so the trail filtered to
 * Tampa finds each; the answer gives the account's name, the city's name, the message's short
 * reference and the action in words; the CSV keeps the codes and adds the words.
 */
type Page = ResponseOf<typeof auditPageRoute>;

const made: ReturnType<typeof storedTestApp>[] = [];
afterEach(async () => {
  for (const t of made.splice(0)) await t.close();
});

async function setup() {
  const t = storedTestApp();
  made.push(t);
  const person = async (role: Role, name: string) => {
    const id = randomUUID();
    await t.db.accounts.create({ id, email: `${name.split(' ')[0]!.toLowerCase()}@clinic.example`, name, role, cities: null, passwordHash: 'scrypt$17$8$1$none$none', createdAt: new Date().toISOString() });
    const token = newSecretToken('cgs');
    await t.db.accounts.createSession({ tokenHash: tokenHash(token), accountId: id, stage: 'full', createdAt: Date.now(), lastSeenAt: Date.now(), address: '127.0.0.1' });
    // No Authorization: the test app would otherwise act as its owner's token.
    const headers = { Authorization: '', Cookie: `clinic_session=${token}`, Origin: `http://${TEST_HOST}`, Host: TEST_HOST };
    return (method: string, path: string, body?: unknown) =>
      t.request(`http://${TEST_HOST}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
  };
  const owner = await person('owner', 'Olivia Owner');
  const trail = async (query: string) => {
    const res = await owner('GET', `/api/audit${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };
  return { t, person, owner, trail };
}

const tampaYaml = (over: Record<string, unknown> = {}) => stringify(adminFormConfig(over));

describe('the audit trail, as people read it', () => {
  it('names Tampa in every record of a change to it (import, save, deploy, delete), and the trail filtered to Tampa finds them, in words and names', async () => {
    const { person, trail } = await setup();
    const editor = await person('editor', 'Dana Editor');

    const imported = await editor('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: tampaYaml() }] });
    expect(imported.status).toBe(200);
    const saved = await editor('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199' }), baseVersion: 1 });
    expect(saved.status).toBe(200);
    const deployed = await editor('POST', '/api/cities/tampa/deploy');
    expect(deployed.status).toBe(200);
    const deleted = await editor('DELETE', '/api/cities/tampa');
    expect(deleted.status).toBe(200);

    const page = await trail('?city=tampa');
    const byAction = (a: string) => page.records.filter((r) => r.action === a);
    for (const [action, words] of [
      ['city.import', 'imported Tampa'],
      ['city.save', 'saved Tampa'],
      ['city.deploy', 'deployed Tampa'],
      ['city.delete', 'deleted Tampa'],
    ] as const) {
      expect(byAction(action), action).toHaveLength(1);
      expect(byAction(action)[0]).toMatchObject({ city: 'tampa', cityName: 'Tampa', person: 'Dana Editor', actorName: 'dana@clinic.example', words, outcome: action === 'city.import' ? 201 : 200 });
    }
    expect(page.records.every((r) => r.city === 'tampa')).toBe(true);
    // The filters offer Tampa by name, and each action by what it is.
    expect(page.cities).toEqual([{ slug: 'tampa', name: 'Tampa' }]);
    expect(page.actionNames['city.import']).toBe('Import cities');
    expect(page.actors.find((a) => a.label === 'dana@clinic.example')?.name).toBe('Dana Editor');
  });

  it('writes one record a city for an import of several files, each findable by its city', async () => {
    const { person, trail } = await setup();
    const editor = await person('editor', 'Dana Editor');
    const res = await editor('POST', '/api/cities/import', {
      files: [
        { name: 'tampa.yaml', text: tampaYaml() },
        { name: 'orlando.yaml', text: tampaYaml({ city: 'Orlando', website: 'https://orlando.example.com', email: 'orlando@example.com' }) },
        { name: 'broken.yaml', text: 'businessName: [' },
      ],
    });
    expect(res.status).toBe(400);
    const imports = (await trail('?action=city.import')).records;
    expect(imports.map((r) => [r.city, r.words, r.outcome]).sort()).toEqual([
      ['', 'tried to import cities', 400],
      ['orlando', 'imported Orlando', 201],
      ['tampa', 'imported Tampa', 201],
    ]);
    expect((await trail('?city=orlando')).records.map((r) => r.words)).toEqual(['imported Orlando']);
  });

  it('names the city a redeploy of every city takes, and none it leaves alone', async () => {
    const { t, person, trail } = await setup();
    const editor = await person('editor', 'Dana Editor');
    const orlando = tampaYaml({ city: 'Orlando', website: 'https://orlando.example.com', email: 'orlando@example.com' });
    expect((await editor('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: tampaYaml() }, { name: 'orlando.yaml', text: orlando }] })).status).toBe(200);
    for (const slug of ['tampa', 'orlando']) expect((await editor('POST', `/api/cities/${slug}/deploy`, { confirmDoorway: true })).status).toBe(200);
    // Tampa changed since its deploy; Orlando's live site is what it would be built from now.
    expect((await editor('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0199' }) })).status).toBe(200);
    const res = await editor('POST', '/api/cities/redeploy-all');
    expect(res.status).toBe(202);
    await settledRun(t, ((await res.json()) as { run: { id: string } }).run.id);
    const records = (await trail('?action=city.redeploy_all')).records;
    expect(records.map((r) => [r.city, r.words, r.person])).toEqual([['tampa', 'redeployed Tampa with every city', 'Dana Editor']]);
  });

  it('shows a message by its short reference and the reads of it in words, with no patient data', async () => {
    const { t, owner, trail } = await setup();
    const post = await t.json('POST', '/api/contact', { ...validMessage({ lastName: 'Ortiz' }), site: 'tampa', page: 'contact/' });
    expect(post.status).toBe(201);
    const id = ((await post.json()) as { id: string }).id;
    expect((await owner('GET', `/api/inbox/${id}`)).status).toBe(200);
    expect((await owner('PUT', `/api/inbox/${id}/status`, { status: 'contacted' })).status).toBe(200);

    const page = await trail('?city=tampa');
    const read = page.records.find((r) => r.action === 'message.read')!;
    expect(read).toMatchObject({ person: 'Olivia Owner', words: 'read a message', messages: [messageRef(id)], city: 'tampa' });
    expect(messageRef(id)).toMatch(/^[0-9A-F]{8}$/);
    expect(page.records.find((r) => r.action === 'message.status')).toMatchObject({ words: 'marked a message contacted', messages: [messageRef(id)] });
    expect(JSON.stringify(page)).not.toMatch(/Ortiz|Jordan|jordan@example\.com|555-0100/);
  });

  it('exports the CSV with the codes as written and the same in words', async () => {
    const { person, owner } = await setup();
    const editor = await person('editor', 'Dana Editor');
    expect((await editor('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: tampaYaml() }] })).status).toBe(200);
    const csv = await owner('GET', '/api/audit.csv?city=tampa');
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"seq","at","actor","address","action","object","city","outcome","mac","person","words","city_name","messages","verified"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"dana@clinic.example","127.0.0.1","city.import","/api/cities/import version=1 new","tampa","201",');
    expect(lines[1]).toMatch(/,"Dana Editor","imported Tampa","Tampa","","yes"$/);
  });
});
