import { describe, expect, it } from 'vitest';
import { validMessage } from '../../../test/helpers/server-app.js';
import { contactTestApp, HOME_ORIGIN, type ContactTestOptions } from '../../../test/helpers/contact-app.js';

const setup = (o: ContactTestOptions = {}) => contactTestApp(o);

describe('POST /api/contact', () => {
  it('stores a valid message with its site and received time and answers 201 with the id', async () => {
    const { store, post } = setup();
    const res = await post(validMessage(), { Origin: HOME_ORIGIN });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; id: string };
    expect(body).toEqual({ success: true, id: expect.any(String) });
    expect(store.rows).toEqual([
      expect.objectContaining({
        id: body.id,
        firstName: 'Jordan',
        site: 'wesley-chapel',
        city: 'Wesley Chapel',
        page: '',
        origin: HOME_ORIGIN,
        receivedAt: '2025-05-01T12:00:00.000Z',
      }),
    ]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('files a post without Origin (curl) under the home clinic, with this server as its origin', async () => {
    const { store, post } = setup();
    await post(validMessage());
    expect(store.rows[0]).toMatchObject({ site: 'wesley-chapel', city: 'Wesley Chapel', origin: 'http://clinic.example.com' });
  });

  it('answers 400 with the spec messages per field and stores nothing', async () => {
    const { store, post } = setup();
    const res = await post({ firstName: '', lastName: 5, email: 'nope', message: 'short' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error: 'firstName: First name is required; lastName: Last name is required; email: Invalid email address; message: Message must be at least 10 characters',
      message: 'Please correct the fields named in errors and send the request again.',
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email address',
        message: 'Message must be at least 10 characters',
      },
    });
    expect(store.rows).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', '{"firstName": "Jo",'],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
    ['10,000-character fields', JSON.stringify(validMessage({ firstName: 'x'.repeat(10_000), message: 'y'.repeat(10_000) }))],
    ['__proto__ key', '{"__proto__":{"polluted":1},"firstName":"A","lastName":"B","email":"a@example.com","message":"long enough message"}'],
    ['constructor key', JSON.stringify({ ...validMessage(), constructor: { prototype: { polluted: 1 } } })],
    ['a wrong service', JSON.stringify(validMessage({ service: 'Brain surgery' }))],
  ])('%s -> 400, nothing stored, nothing polluted', async (_name, body) => {
    const { store, post } = setup();
    const res = await post(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { success: boolean; errors: Record<string, string> };
    expect(json.success).toBe(false);
    expect(Object.keys(json.errors).length).toBeGreaterThan(0);
    expect(store.rows).toHaveLength(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('takes a name or a message of nothing visible (zero-width spaces, joiners) as missing, and keeps a joiner inside a word', async () => {
    const { store, post } = setup();
    const nothing = '\u200b\u200c\u200d\u2060\ufeff';
    const res = await post(validMessage({ firstName: nothing, lastName: ` ${nothing} `, message: nothing.repeat(4) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      message: 'Message must be at least 10 characters',
    });
    expect(store.rows).toHaveLength(0);
    // An emoji's joiner inside a value is part of it; only the ends lose what shows nothing.
    expect((await post(validMessage({ firstName: '\u200bZoë 👨\u200d⚕️\u200b' }))).status).toBe(201);
    expect(store.rows[0]).toMatchObject({ firstName: 'Zoë 👨\u200d⚕️' });
  });

  it('names __proto__ in the errors', async () => {
    const { post } = setup();
    const res = await post('{"__proto__":{"x":1},"firstName":"A","lastName":"B","email":"a@example.com","message":"long enough message"}');
    expect(await res.text()).toContain('"__proto__":"Unknown field"');
  });

  it('refuses other content types with 415, a body over the limit with 413, Content-Length: abc with 400', async () => {
    const { store, post } = setup();
    expect((await post('firstName=a', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post(JSON.stringify(validMessage({ message: 'z'.repeat(40_000) })))).status).toBe(413);
    expect((await post(JSON.stringify(validMessage()), { 'Content-Length': 'abc' })).status).toBe(400);
    expect(store.rows).toHaveLength(0);
  });

  it('stores unicode and emoji intact', async () => {
    const { store, post } = setup();
    const text = 'Olá, 我想预约 — 💪🏽 testosterone? ñ "quotes" <b>';
    await post(validMessage({ firstName: 'Zoë 🌴', message: text }));
    expect(store.rows[0]).toMatchObject({ firstName: 'Zoë 🌴', message: text });
  });

  it('drops NUL characters, which no store keeps alike (PostgreSQL refuses them in text)', async () => {
    const { store, post } = setup();
    const res = await post(validMessage({ lastName: 'Ri\u0000vera', message: 'Please call me\u0000 back tomorrow.' }));
    expect(res.status).toBe(201);
    expect(store.rows[0]).toMatchObject({ lastName: 'Rivera', message: 'Please call me back tomorrow.' });
  });

  it('answers a filled honeypot exactly like success and stores nothing', async () => {
    const { store, post } = setup();
    const res = await post({ ...validMessage(), website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, id: expect.any(String) });
    expect(store.rows).toHaveLength(0);
    expect((await post({ ...validMessage(), website: '' })).status).toBe(201);
    expect(store.rows).toHaveLength(1);
  });

  it('stores a message once per Idempotency-Key and returns the same id', async () => {
    const { store, post } = setup();
    const a = await (await post(validMessage(), { 'Idempotency-Key': 'retry-key-0001' })).json();
    const b = await (await post(validMessage(), { 'Idempotency-Key': 'retry-key-0001' })).json();
    expect(b).toEqual(a);
    expect(store.rows).toHaveLength(1);
    expect((await post(validMessage(), { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
  });

  it('answers 422 naming the header when a used Idempotency-Key comes with another message, and stores nothing', async () => {
    const { store, post } = setup();
    expect((await post(validMessage(), { 'Idempotency-Key': 'retry-key-0002' })).status).toBe(201);
    const res = await post(validMessage({ message: 'A different question about my appointment.' }), { 'Idempotency-Key': 'retry-key-0002' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { success: boolean; error: string; errors: Record<string, string> };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Idempotency-Key: This Idempotency-Key was already used for a different message\. Send a new key with each new message/);
    expect(Object.keys(body.errors)).toEqual(['Idempotency-Key']);
    expect(store.rows.map((r) => r.message)).toEqual([validMessage().message]);
  });
});

describe('rate limit', () => {
  it('allows 5 a minute per address, then 429 with Retry-After; other addresses are unaffected', async () => {
    const { post, tick } = setup({ rateLimit: 5 });
    for (let i = 0; i < 5; i++) expect((await post(validMessage())).status).toBe(201);
    const limited = await post(validMessage());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await post(validMessage(), {}, '198.51.100.8')).status).toBe(201);
    tick(60_001);
    expect((await post(validMessage())).status).toBe(201);
  });

  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    const { post } = setup({ rateLimit: 1 });
    expect((await post(validMessage(), { 'X-Forwarded-For': '1.1.1.1' })).status).toBe(201);
    expect((await post(validMessage(), { 'X-Forwarded-For': '2.2.2.2' })).status).toBe(429);

    const proxied = setup({ rateLimit: 1, trustProxy: ['10.0.0.1'] });
    expect((await proxied.post(validMessage(), { 'X-Forwarded-For': '1.1.1.1' }, '10.0.0.1')).status).toBe(201);
    expect((await proxied.post(validMessage(), { 'X-Forwarded-For': '2.2.2.2' }, '10.0.0.1')).status).toBe(201);
    // A forged left-most entry does not help: the proxy's own right-most entry counts.
    expect((await proxied.post(validMessage(), { 'X-Forwarded-For': '9.9.9.9, 2.2.2.2' }, '10.0.0.1')).status).toBe(429);
  });
});

describe('failed posts have a cap of their own', () => {
  it('stores the good message after four rejected attempts from the same address, even with a limit of 2 a minute', async () => {
    const { store, post } = setup({ rateLimit: 2 });
    for (const bad of [{ message: 'short' }, { email: 'nope' }, { email: 'still@nope' }, { firstName: '' }]) {
      expect((await post({ ...validMessage(bad), site: 'tampa' })).status).toBe(400);
    }
    expect((await post({ ...validMessage(), site: 'tampa' })).status).toBe(201);
    expect(store.rows).toHaveLength(1);
  });

  it('refuses a client after four times the limit of failures, then lets it try again a minute later', async () => {
    const { store, post, tick } = setup({ rateLimit: 1 });
    for (let i = 0; i < 4; i++) expect((await post({ ...validMessage({ email: 'nope' }), site: 'tampa' })).status).toBe(400);
    const limited = await post({ ...validMessage(), site: 'tampa' });
    expect(limited.status).toBe(429);
    // In the city's own words, with its number to call.
    expect(((await limited.json()) as { error: string }).error).toBe('Too many messages in a short time. Please wait a minute, or call us at (813) 555-0101.');
    tick(60_001);
    expect((await post({ ...validMessage(), site: 'tampa' })).status).toBe(201);
    expect(store.rows).toHaveLength(1);
  });

  it('answers a no-JavaScript post over the limit with the city’s own page, its number and a tap-to-call link', async () => {
    const { formPost } = setup({ rateLimit: 1 });
    const fields = { ...validMessage(), website: '', site: 'tampa', page: 'contact/' };
    expect((await formPost(fields, { Origin: 'https://tampa.example.com' })).status).toBe(303);
    const res = await formPost(fields, { Origin: 'https://tampa.example.com' });
    expect(res.status).toBe(429);
    const html = await res.text();
    expect(html).toContain('Northstar Men’s Health');
    expect(html).toContain('Please wait a minute, or call us at (813) 555-0101.');
    expect(html).toMatch(/<a [^>]*href="tel:\+18135550101"/);
  });
});

describe('the no-JavaScript reply page', () => {
  it('lists the city’s special hours ahead as of its day now, as its contact page does', async () => {
    const { formPost, deployments, directory, tick } = setup();
    // Tampa with an Easter closure already over and a Memorial Day closure ahead (the clock: 1 May 2025).
    const specialHours = [
      { label: 'Easter Sunday', date: '2025-04-20', closed: true },
      { label: 'Memorial Day', date: '2025-05-26', closed: true },
    ];
    deployments[0] = { ...deployments[0]!, release: { ...deployments[0]!.release, config: { ...(deployments[0]!.release.config as object), specialHours } } };
    directory.invalidate();
    const fields = { ...validMessage({ firstName: '' }), website: '', site: 'tampa', page: 'contact/' };
    const res = await formPost(fields, { Origin: 'https://tampa.example.com' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Northstar Men’s Health');
    expect(html).toContain('Memorial Day');
    expect(html).not.toContain('Easter Sunday');
    // After Memorial Day, in Tampa's time zone: none left.
    tick(Date.UTC(2025, 4, 27, 4, 0) - Date.UTC(2025, 4, 1, 12, 0));
    const later = await (await formPost(fields, { Origin: 'https://tampa.example.com' })).text();
    expect(later).toContain('Northstar Men’s Health');
    expect(later).not.toContain('Memorial Day');
  });
});

describe('a Spanish page’s post (issue 40)', () => {
  /** Tampa deployed with its Spanish pages: `languages: [en, es]`. */
  const spanishTampa = (t: ReturnType<typeof setup>) => {
    t.deployments[0] = { ...t.deployments[0]!, release: { ...t.deployments[0]!.release, config: { ...(t.deployments[0]!.release.config as object), languages: ['en', 'es'] } } };
    t.directory.invalidate();
  };
  const EMPTY = { firstName: '', lastName: '', email: '', phone: '', service: '', message: '', website: '', site: 'tampa', page: 'es/contacto/', language: 'es' };
  const FROM_TAMPA = { Origin: 'https://tampa.example.com', Referer: 'https://tampa.example.com/es/contacto/' };

  it('stores a JSON post and a form post with their language, and answers the island in Spanish', async () => {
    const t = setup();
    spanishTampa(t);
    expect((await t.post({ ...validMessage(), site: 'tampa', page: 'es/contacto/', language: 'es' }, FROM_TAMPA)).status).toBe(201);
    expect((await t.formPost({ ...validMessage({ firstName: 'Lucía' }), website: '', site: 'tampa', page: 'es/contacto/', language: 'es' }, FROM_TAMPA)).status).toBe(303);
    expect((await t.post({ ...validMessage({ firstName: 'Ann' }), site: 'tampa' }, { Origin: 'https://tampa.example.com' })).status).toBe(201);
    expect(t.store.rows.map((r) => [r.firstName, r.page, r.language])).toEqual([
      ['Jordan', 'es/contacto/', 'es'],
      ['Lucía', 'es/contacto/', 'es'],
      ['Ann', '', 'en'],
    ]);
    const bad = await t.post({ firstName: '', lastName: '', email: 'nope', message: 'corto', site: 'tampa', page: 'es/contacto/', language: 'es' }, FROM_TAMPA);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      firstName: 'El nombre es obligatorio',
      lastName: 'El apellido es obligatorio',
      email: 'El correo electrónico no es válido',
      message: 'El mensaje debe tener al menos 10 caracteres',
    });
    expect(t.store.rows).toHaveLength(3);
  });

  it('answers an empty form post with the Spanish contact page, each field’s error in Spanish (400)', async () => {
    const t = setup();
    spanishTampa(t);
    const res = await t.formPost(EMPTY, FROM_TAMPA);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/<html[^>]* lang="es/);
    for (const text of ['El nombre es obligatorio', 'El apellido es obligatorio', 'El correo electrónico no es válido', 'El mensaje debe tener al menos 10 caracteres', 'No se pudo enviar el mensaje']) {
      expect(html).toContain(text);
    }
    for (const english of ['First name is required', 'Last name is required', 'Invalid email address', 'Message must be at least 10 characters', 'Error sending message']) expect(html).not.toContain(english);
    // The form again, posting as the Spanish one did.
    expect(html).toContain('name="language" value="es"');
    expect(html).toContain('https://tampa.example.com/es/contacto/');
    expect(t.store.rows).toEqual([]);
  });

  it('redirects a stored form post to the Spanish confirmation beside the form (303), or to this server’s own in Spanish', async () => {
    const t = setup();
    spanishTampa(t);
    const fields = { ...validMessage(), website: '', site: 'tampa', page: 'es/contacto/', language: 'es' };
    const res = await t.formPost(fields, FROM_TAMPA);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://tampa.example.com/es/contacto/enviado/');
    // From an address Tampa is not known by: this server's confirmation, in the page's language, naming no patient.
    const elsewhere = await t.formPost(fields, { Origin: 'https://elsewhere.example.net' });
    expect(elsewhere.status).toBe(303);
    const location = elsewhere.headers.get('location')!;
    expect(location).toBe('/api/contact/sent/tampa?lang=es');
    const page = await t.app.request(location, { headers: { Host: 'clinic.example.com' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html[^>]* lang="es/);
    expect(html).toContain('¡Mensaje enviado!');
    expect(html).not.toContain('Message sent successfully');
    // No patient data in any address.
    for (const where of [res.headers.get('location')!, location]) for (const value of ['Jordan', 'Rivera', 'jordan', '555', 'consultation']) expect(where).not.toContain(value);
  });

  it('answers a form of a location’s Spanish folder on a brand site beside that form (`contacto/enviado/` there), and its errors in Spanish', async () => {
    const t = setup();
    spanishTampa(t);
    // The brand site's Spanish pages of Tampa sit in /es/ubicaciones/fl/tampa/, their form naming its page `contacto/`.
    const from = { Origin: 'https://tampa.example.com', Referer: 'https://tampa.example.com/es/ubicaciones/fl/tampa/contacto/' };
    const res = await t.formPost({ ...validMessage(), website: '', site: 'tampa', page: 'contacto/', language: 'es' }, from);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://tampa.example.com/es/ubicaciones/fl/tampa/contacto/enviado/');
    const bad = await t.formPost({ ...EMPTY, page: 'contacto/' }, from);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toMatch(/<html[^>]* lang="es/);
    expect(html).toContain('El nombre es obligatorio');
    expect(html).toContain('https://tampa.example.com/es/ubicaciones/fl/tampa/contacto/');
    expect(html).not.toContain('/es/ubicaciones/fl/tampa/es/');
  });

  it('answers in English a script that says Spanish to a city without Spanish pages', async () => {
    const t = setup();
    const res = await t.formPost({ ...validMessage(), website: '', site: 'tampa', page: 'contact/', language: 'es' }, { Origin: 'https://tampa.example.com' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://tampa.example.com/contact/sent/');
    // Its message still says where it came from.
    expect(t.store.rows[0]!.language).toBe('es');
  });
});

describe('every refusal leaves a trace', () => {
  it('counts each refused post by reason and origin, and logs one line without any field of the message', async () => {
    const { post, formPost, refusals, refusalStore, logs } = setup({ rateLimit: 1 });
    const from = { Origin: 'https://misconfigured.example.net' };
    const secret = 'my testosterone level is 212 ng/dL';
    await post({ ...validMessage({ email: 'jo@nope', message: secret }), site: 'tampa' }, from);
    await post({ ...validMessage({ message: secret }), site: 'tampa', website: 'http://spam.example' }, from);
    await post('x'.repeat(40 * 1024), from);
    await formPost({ ...validMessage({ message: secret }), site: 'tampa' }, { ...from, 'Content-Type': 'text/plain' });
    await refusals.flush();
    const counts = Object.fromEntries(refusalStore.rows.map((r) => [r.reason, r.count]));
    expect(counts).toEqual({ validation: 1, honeypot: 1, size: 1, malformed: 1 });
    expect(new Set(refusalStore.rows.map((r) => r.origin))).toEqual(new Set(['https://misconfigured.example.net']));
    const lines = logs.filter((l) => l.event === 'contact.refused');
    expect(lines.map((l) => l.fields.reason).sort()).toEqual(['honeypot', 'malformed', 'size', 'validation']);
    const text = JSON.stringify(lines);
    for (const field of [secret, 'jo@nope', 'Jordan', 'Rivera', '555-0100', '198.51.100.7']) expect(text).not.toContain(field);
  });

  it('combines the lines of one client and reason into one a minute', async () => {
    const { post, refusals, logs, tick } = setup({ rateLimit: 100 });
    for (let i = 0; i < 5; i++) await post({ ...validMessage({ email: 'nope' }), site: 'tampa' });
    expect(logs.filter((l) => l.event === 'contact.refused')).toHaveLength(1);
    tick(61_000);
    await refusals.flush();
    const lines = logs.filter((l) => l.event === 'contact.refused');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.fields).toMatchObject({ reason: 'validation', repeated: 4 });
  });
});

