import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, startAdminWorld, type AdminWorld } from './browser.js';
import { axeAudit } from '../helpers/browser.js';
import { adminFormConfig } from '../helpers/server-app.js';

/**
 * Issue 39 item 9 in Chromium: "Thanksgiving closures for 20 clinics are 20 edits". Twenty saved
 * and deployed cities in Georgia are ticked by their state, one closure is written, the preview
 * says each city's sentence and that its site is redeployed, one button saves and redeploys them
 * all, and each city's live home and contact pages then show the closure, in their text and in
 * their JSON-LD. axe finds nothing on the view with the preview shown, at 1440 and 1024 px.
 */
const CITIES = ['Atlanta', 'Savannah', 'Augusta', 'Macon', 'Athens', 'Columbus', 'Albany', 'Valdosta', 'Rome', 'Marietta', 'Roswell', 'Alpharetta', 'Dalton', 'Gainesville', 'Warner Robins', 'Smyrna', 'Kennesaw', 'Duluth', 'Statesboro', 'Brunswick'];
const slugOf = (city: string) => city.toLowerCase().replace(/ /g, '-');
/** Next year's Thanksgiving (the fourth Thursday of November): ahead of the build day, so the pages show it. */
const YEAR = new Date().getUTCFullYear() + 1;
const DATE = 1 + ((4 - new Date(Date.UTC(YEAR, 10, 1)).getUTCDay() + 7) % 7) + 21;
const DAY = `${YEAR}-11-${DATE}`;
const WHEN = `Thursday, November\u00a0${DATE},\u00a0${YEAR}`;

let world: AdminWorld;
const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${world.url}${path}`, { method, headers: { Authorization: world.owner, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  world = await startAdminWorld();
  for (const [i, city] of CITIES.entries()) {
    const slug = slugOf(city);
    const phone = `(404) 555-01${String(i).padStart(2, '0')}`;
    await api('POST', '/api/cities', {
      config: adminFormConfig({ city, state: 'GA', zipCode: '30303', phone, email: `${slug}@example.com`, website: `https://${slug}.example.com`, legal: { governingLaw: 'Georgia', courts: 'Fulton County', effectiveDate: '2025-06-01' } }),
    });
    // Bare test cities say nothing of their own (the doorway check fails them): the operator confirms.
    await api('POST', `/api/cities/${slug}/deploy`, { confirmDoorway: true });
  }
}, 240_000);
afterAll(() => world?.close());

/** The JSON-LD blocks of a page. */
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
/** Every specialOpeningHoursSpecification anywhere in a JSON-LD value. */
function specials(v: unknown): Record<string, unknown>[] {
  if (Array.isArray(v)) return v.flatMap(specials);
  if (v === null || typeof v !== 'object') return [];
  const o = v as Record<string, unknown>;
  return [...(Array.isArray(o.specialOpeningHoursSpecification) ? (o.specialOpeningHoursSpecification as Record<string, unknown>[]) : []), ...Object.values(o).flatMap(specials)];
}

describe('special hours for several cities in one step', () => {
  it('ticks 20 cities by state, previews each city’s sentence, saves and redeploys them, and every live page says it', async () => {
    const { page, context, errors } = await openAdmin(world, { width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Special hours for several cities' }).click();
    const title = page.getByRole('heading', { name: 'Special hours for several cities', level: 2 });
    await title.waitFor();
    expect(page.url()).toMatch(/#special-hours$/);

    await page.getByLabel('Every city in a state').selectOption('GA');
    await page.getByRole('button', { name: 'Tick every city in Georgia' }).click();
    await page.getByTestId('ticked-count').getByText('20 cities ticked').waitFor();
    const boxes = page.getByRole('list', { name: 'Cities to change' }).getByRole('checkbox', { checked: true });
    expect(await boxes.count()).toBe(20);

    // Preview with no label: the field is named, and the focus goes to what to fix.
    await page.getByLabel('Date', { exact: true }).fill(DAY);
    await page.getByRole('button', { name: 'Preview' }).click();
    const problems = page.getByTestId('special-hours-errors');
    await problems.getByRole('link', { name: 'Label' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('special-hours-errors');
    await problems.getByRole('link', { name: 'Label' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('special-hours-label');

    await page.getByLabel('Label', { exact: true }).fill('Thanksgiving');
    await page.getByLabel('Closed all day').check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('heading', { name: '3. Preview: nothing is saved yet' });
    await preview.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('special-hours-preview');
    expect(await page.getByTestId('preview-sentence').textContent()).toBe(`Thanksgiving: ${WHEN}, Closed`);
    const rows = page.getByTestId('special-hours-plan').locator('tbody tr');
    expect(await rows.count()).toBe(20);
    for (const city of CITIES) {
      const cells = await page.getByTestId('special-hours-plan').locator(`tr[data-slug="${slugOf(city)}"] td`).allTextContents();
      expect(cells).toEqual([`Thanksgiving: ${WHEN}, Closed`, 'Saved as version 2 and its live site redeployed']);
    }

    expect((await axeAudit(page)).violations).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 900 });
    expect((await axeAudit(page)).violations).toEqual([]);

    await page.getByRole('button', { name: 'Save 20 cities and redeploy 20' }).click();
    const done = page.getByRole('heading', { name: 'Saved 20 of 20 cities, redeployed 20' });
    await done.waitFor({ timeout: 180_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('special-hours-result');
    const results = await page.getByTestId('special-hours-results').locator('li').allTextContents();
    expect(results).toHaveLength(20);
    for (const line of results) expect(line).toMatch(/: saved as version 2, redeployed \(release \S+\)$/);
    expect((await axeAudit(page)).violations).toEqual([]);

    // Each city's live pages, over HTTP: the closure in the text and in the JSON-LD.
    for (const city of CITIES) {
      for (const path of ['', 'contact/']) {
        const res = await fetch(`${world.sitesUrl}/sites/${slugOf(city)}/${path}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html, `${city} /${path}`).toContain('Thanksgiving');
        expect(html, `${city} /${path}`).toContain(`<time dateTime="${DAY}">${WHEN}</time>`);
        expect(specials(jsonLd(html)), `${city} /${path}`).toContainEqual({ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: DAY, validThrough: DAY });
      }
    }

    // One audit record a city, naming it.
    const trail = (await (await fetch(`${world.url}/api/audit?action=city.special_hours&pageSize=50`, { headers: { Authorization: world.owner } })).json()) as { records: { city: string; outcome: number }[] };
    expect(trail.records.map((r) => r.city).sort()).toEqual(CITIES.map(slugOf).sort());
    expect(trail.records.every((r) => r.outcome === 200)).toBe(true);
    // The one refusal the test asked for: the preview without a label.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  }, 300_000);
});
