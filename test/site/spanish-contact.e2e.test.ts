import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as EN from '../../src/texts/contact.js';
import { signIn, type SignedIn } from '../helpers/accounts.js';
import { axeAudit, collectErrors, DESKTOP, launchBrowser, PHONE } from '../helpers/browser.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { ROOT } from '../helpers/site.js';
import { openAdmin } from '../admin/browser.js';

/**
 * Issue 40 in Chromium against a real `clinic-gen serve` of Tampa (`languages: [en, es]`, a real
 * SQLite file in its data folder): the Spanish contact page `/es/contacto/` speaks Spanish in every
 * error, with and without JavaScript; a message sent from it is confirmed in Spanish, stored with
 * its language, and shown in the admin's inbox as "Wrote in Spanish", found by the Language filter
 * set to Spanish and not by English. axe-core finds nothing wrong with the Spanish home, TRT and
 * contact pages (errors shown) on a phone and a desktop.
 */

/** What each required field says, on a Spanish page, when the form is sent empty. */
const SPANISH_ERRORS: Record<string, string> = {
  firstName: 'El nombre es obligatorio',
  lastName: 'El apellido es obligatorio',
  email: 'El correo electrónico no es válido',
  message: 'El mensaje debe tener al menos 10 caracteres',
};
/** The English catalogue's field errors and notices: none may show on a Spanish page. */
const ENGLISH_ERRORS = [
  EN.firstNameRequired, EN.lastNameRequired, EN.emailInvalid, EN.messageTooShort, EN.phoneNotText, EN.serviceUnknown,
  EN.contactFailed, EN.contactInvalid, EN.contactNotSaved, EN.contactSent, EN.contactSendAnother, EN.goToForm, EN.backToContact,
].flatMap((m) => [m.title, 'message' in m ? m.message : undefined]).filter((s): s is string => Boolean(s));
/** The English form's own words: none may show in the Spanish form. */
const ENGLISH_FORM_WORDS = [EN.fieldFirstName.title, EN.fieldLastName.title, EN.fieldService.title, EN.fieldServiceNone.title, EN.contactSend.title, EN.contactSend.message!];

/** Sent with JavaScript: a real Spanish message, TRT chosen by its Spanish label. */
const MATEO = {
  firstName: 'Mateo',
  lastName: 'Fernández',
  email: 'mateo.fernandez@example.com',
  phone: '(813) 555-0188',
  serviceLabel: 'Terapia TRT',
  service: 'TRT Therapy',
  message: 'Hola, quisiera agendar una consulta sobre la terapia de testosterona. ¿Atienden los sábados por la mañana?',
};
/** Sent without JavaScript. */
const LUCIA = {
  firstName: 'Lucía',
  lastName: 'Ramírez',
  email: 'lucia.ramirez@example.com',
  serviceLabel: 'Terapia con NAD+',
  service: 'NAD+ Therapy',
  message: 'Buenas tardes, me gustaría saber cuánto cuesta la primera visita para la terapia con NAD+.',
};
/** Sent from the English page (through the API, as the inbox tests do): the English filter's one. */
const WALTER = { firstName: 'Walter', lastName: 'Reed', email: 'walter@example.com', service: 'TRT Therapy', message: 'Can someone call me after 5 pm about TRT?', site: 'tampa', page: 'contact/' };

let serve: ServeProcess;
let browser: Browser;
let session: SignedIn;
/** Set once the JavaScript test has sent its message: the admin's test reads it. */
let mateoSent = false;
let luciaSent = false;

beforeAll(async () => {
  // Tampa (the served sample, `languages: [en, es]`), no contact rate limit: several messages come from one address in one minute.
  serve = await startServeProcess({ config: join(ROOT, 'configs/tampa.yaml'), args: ['--rate-limit', '0'] });
  const sent = await fetch(`${serve.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(WALTER) });
  expect(sent.status).toBe(201);
  session = await signIn(serve.url);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

/** What the server stored in its SQLite file (language and page are kept in clear), read through a connection of its own. */
function storedRows(): { language: string; page: string; site: string }[] {
  const db = new Database(join(serve.dataDir, 'clinic.db'), { readonly: true });
  try {
    return db.prepare('SELECT language, page, site FROM messages ORDER BY received_at').all() as { language: string; page: string; site: string }[];
  } finally {
    db.close();
  }
}

/** Each required field's error, reached as assistive technology reaches it: the field's aria-describedby. */
async function fieldErrors(page: Page): Promise<Record<string, { text: string; invalid: string | null; beside: boolean }>> {
  const out: Record<string, { text: string; invalid: string | null; beside: boolean }> = {};
  for (const id of Object.keys(SPANISH_ERRORS)) {
    const field = page.locator(`#contact-form #${id}`);
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const error = describedBy ? page.locator(`[id="${describedBy}"]`) : undefined;
    out[id] = {
      text: error ? ((await error.textContent()) ?? '').trim() : '(no aria-describedby)',
      invalid: await field.getAttribute('aria-invalid'),
      // Beside its field: in the same field block as the input.
      beside: describedBy ? (await field.locator('xpath=..').locator(`[id="${describedBy}"]`).count()) === 1 : false,
    };
  }
  return out;
}
const expectedErrors = () => Object.fromEntries(Object.entries(SPANISH_ERRORS).map(([id, text]) => [id, { text, invalid: 'true', beside: true }]));

/** English texts found in `text` (named, so a failure says which). */
const englishIn = (text: string, strings: readonly string[]) => strings.filter((s) => text.includes(s));

/** Opens the Spanish contact page and lets the island take the form over (focus in a field starts it; its Spanish notifications region says it is there). */
async function spanishFormWithIsland(page: Page): Promise<void> {
  await page.goto(`${serve.url}/es/contacto/`, { waitUntil: 'load' });
  await page.getByLabel('Nombre', { exact: true }).focus();
  await page.getByRole('region', { name: /Notificaciones/ }).waitFor({ state: 'attached' });
}
const sendButton = (page: Page): Locator => page.locator('#contact-form').getByRole('button', { name: /Enviar mensaje|Enviando/ });

describe('the Spanish contact page of Tampa, with JavaScript', () => {
  it('shows each required field’s Spanish error beside it when sent empty, and no English; then sends a Spanish message and confirms in Spanish', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await spanishFormWithIsland(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      // The island speaks Spanish: no English notifications region.
      expect(await page.getByRole('region', { name: /Notifications/ }).count()).toBe(0);

      // 1. Sent empty: each required field says why, in Spanish, beside it.
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(r.url());
      });
      await sendButton(page).click();
      await page.locator('#firstName-error').waitFor();
      expect(await fieldErrors(page)).toEqual(expectedErrors());
      expect(await page.locator('#phone').getAttribute('aria-invalid')).toBe('false');
      expect(posts, 'an empty form is not posted').toEqual([]);
      expect(page.url()).toBe(`${serve.url}/es/contacto/`);
      expect(englishIn(await page.locator('body').innerText(), ENGLISH_ERRORS), 'English error text on the Spanish page').toEqual([]);
      expect(englishIn(await page.locator('#contact-form').innerText(), ENGLISH_FORM_WORDS), 'English words in the Spanish form').toEqual([]);

      // 2. Filled in and sent: "Enviando..." while it is on its way, then the Spanish confirmation.
      await page.getByLabel('Nombre', { exact: true }).fill(MATEO.firstName);
      await page.getByLabel('Apellido', { exact: true }).fill(MATEO.lastName);
      await page.getByLabel('Correo electrónico', { exact: true }).fill(MATEO.email);
      await page.getByLabel('Teléfono', { exact: true }).fill(MATEO.phone);
      await page.getByLabel('Servicio de interés', { exact: true }).selectOption({ label: MATEO.serviceLabel });
      await page.getByLabel('Mensaje', { exact: true }).fill(MATEO.message);
      // Errors go as the fields are corrected.
      await page.locator('#contact-form [id$="-error"]').first().waitFor({ state: 'detached' });

      // The post is held until "Enviando..." has been seen, then let through to the server.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let body = '';
      await page.route('**/api/contact', async (route) => {
        body = route.request().postData() ?? '';
        await held;
        await route.continue();
      });
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact' && r.request().method() === 'POST');
      await sendButton(page).click();
      await expect.poll(() => sendButton(page).textContent(), { timeout: 15_000 }).toBe('Enviando...');
      release();
      expect((await answered).status()).toBe(201);
      await page.unroute('**/api/contact');
      // The same English value as the English form posts, and the page's language.
      expect(JSON.parse(body)).toMatchObject({ firstName: MATEO.firstName, service: MATEO.service, message: MATEO.message, site: 'tampa', page: 'es/contacto/', language: 'es' });

      const sent = page.locator('#contact-sent');
      await sent.getByRole('heading', { name: '¡Mensaje enviado!', exact: true }).waitFor();
      mateoSent = true;
      const said = await sent.innerText();
      expect(said).toContain('Nos comunicaremos con usted en un plazo de 24 horas.');
      expect(await sent.getByRole('button', { name: 'Enviar otro mensaje' }).count()).toBe(1);
      expect(englishIn(await page.locator('body').innerText(), ENGLISH_ERRORS), 'English text on the Spanish confirmation').toEqual([]);
      expect(storedRows().filter((r) => r.language === 'es')).toEqual([{ language: 'es', page: 'es/contacto/', site: 'tampa' }]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the Spanish contact page of Tampa, without JavaScript', () => {
  it('answers an empty post with the Spanish page and Spanish field errors (400), and a filled one with the Spanish confirmation page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    try {
      await page.goto(`${serve.url}/es/contacto/`);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');

      // 4a. Sent empty: the answer is the Spanish page, each field with its Spanish error.
      const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact' && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      expect((await refused).status()).toBe(400);
      await page.locator('#firstName-error').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.getByRole('alert').first().textContent()).toContain('No se pudo enviar el mensaje');
      expect(await fieldErrors(page)).toEqual(expectedErrors());
      expect(englishIn(await page.locator('body').innerText(), ENGLISH_ERRORS), 'English error text on the Spanish no-JavaScript answer').toEqual([]);
      expect(englishIn(await page.locator('#contact-form').innerText(), ENGLISH_FORM_WORDS), 'English words in the Spanish no-JavaScript form').toEqual([]);
      // The answer's form still posts the page's language.
      expect(await page.locator('#contact-form input[name="language"]').getAttribute('value')).toBe('es');

      // 4b. Filled in and sent: post, redirect, get to the Spanish confirmation page.
      await page.getByLabel('Nombre', { exact: true }).fill(LUCIA.firstName);
      await page.getByLabel('Apellido', { exact: true }).fill(LUCIA.lastName);
      await page.getByLabel('Correo electrónico', { exact: true }).fill(LUCIA.email);
      await page.getByLabel('Servicio de interés', { exact: true }).selectOption({ label: LUCIA.serviceLabel });
      await page.getByLabel('Mensaje', { exact: true }).fill(LUCIA.message);
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await page.waitForURL(`${serve.url}/es/contacto/enviado/`);
      luciaSent = true;
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('¡Mensaje enviado!');
      expect(englishIn(await page.locator('body').innerText(), ENGLISH_ERRORS), 'English text on the Spanish confirmation page').toEqual([]);
      expect(storedRows().filter((r) => r.language === 'es')).toHaveLength(2);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the inbox', () => {
  it('lists the Spanish messages marked “Wrote in Spanish”; the Language filter finds them under Spanish and not under English', async () => {
    expect(mateoSent && luciaSent, 'the Spanish messages were sent by the tests above').toBe(true);
    // What the server stored: the English message in English, both Spanish ones in Spanish.
    expect(storedRows()).toEqual([
      { language: 'en', page: 'contact/', site: 'tampa' },
      { language: 'es', page: 'es/contacto/', site: 'tampa' },
      { language: 'es', page: 'es/contacto/', site: 'tampa' },
    ]);
    const admin = await openAdmin({ url: serve.url, browser, session });
    const { page, context } = admin;
    try {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
      await page.getByRole('heading', { name: 'Messages', level: 2, exact: true }).waitFor();
      const rows = page.getByRole('table').locator('tbody tr');
      // A row names the patient by first name only (inbox-table.tsx).
      const row = (name: string) => rows.filter({ hasText: name });
      await row(MATEO.firstName).waitFor();
      await row(LUCIA.firstName).waitFor();
      await row(WALTER.firstName).waitFor();
      // Marked as written in Spanish; the English one carries no mark.
      for (const name of [MATEO.firstName, LUCIA.firstName]) expect(await row(name).textContent(), name).toContain('Wrote in Spanish');
      expect(await row(WALTER.firstName).textContent()).not.toContain('Wrote in');

      const language = page.getByRole('combobox', { name: 'Language' });
      const listedIn = (lang: string) =>
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/inbox' && new URL(r.url()).searchParams.get('language') === lang && r.request().method() === 'GET');

      // Spanish: the two Spanish messages, not the English one.
      const spanish = listedIn('es');
      await language.selectOption({ label: 'Spanish' });
      expect((await spanish).status()).toBe(200);
      await row(WALTER.firstName).waitFor({ state: 'detached' });
      await row(MATEO.firstName).waitFor();
      await row(LUCIA.firstName).waitFor();
      expect(await rows.count()).toBe(2);

      // English: the English message only.
      const english = listedIn('en');
      await language.selectOption({ label: 'English' });
      expect((await english).status()).toBe(200);
      await row(WALTER.firstName).waitFor();
      await row(MATEO.firstName).waitFor({ state: 'detached' });
      expect(await row(LUCIA.firstName).count()).toBe(0);
      expect(await rows.count()).toBe(1);
      expect(admin.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('axe-core on the Spanish pages', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`finds no violations on /es/, /es/terapia-de-testosterona/ and /es/contacto/ (errors shown) on a ${size}`, async () => {
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      try {
        const found: Record<string, string[]> = {};
        for (const path of ['/es/', '/es/terapia-de-testosterona/']) {
          const res = await page.goto(`${serve.url}${path}`, { waitUntil: 'networkidle' });
          expect(res?.status(), path).toBe(200);
          expect(await page.locator('html').getAttribute('lang'), path).toBe('es');
          const r = await axeAudit(page);
          expect(r.passes, path).toBeGreaterThan(10);
          found[path] = r.violations;
        }
        // The contact page with the island's errors shown.
        await spanishFormWithIsland(page);
        await sendButton(page).click();
        await page.locator('#message-error').waitFor();
        const r = await axeAudit(page);
        expect(r.passes).toBeGreaterThan(10);
        found['/es/contacto/ (errors shown)'] = r.violations;
        expect(found).toEqual({ '/es/': [], '/es/terapia-de-testosterona/': [], '/es/contacto/ (errors shown)': [] });
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
