import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../../../test/helpers/site.js';
import { adminFormConfig, adminTestApp, logoForm, PNG } from '../../../test/helpers/server-app.js';

/** POST /api/generate-clinic-website: the admin form's config through the site pipeline. */
const config = (over: Record<string, unknown> = {}) =>
  adminFormConfig({
    deploymentType: 'static',
    services: { trt: true, semaglutide: false, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: true },
    socialMedia: { instagram: '@northstar' },
    businessProfiles: ['https://www.example.com/p/tampa'],
    ...over,
  });

describe('generate', () => {
  it('answers 200 with the files of renderSite, honouring the toggles', async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/generate-clinic-website', config());
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: Record<string, string> };
    expect(files['index.html']).toContain('Revitalize Your Health in Tampa');
    expect(files['trt-therapy/index.html']).toBeDefined();
    expect(files['semaglutide/index.html']).toBeUndefined();
    expect(files['index.html']).not.toContain('semaglutide/');
    expect(files['index.html']).toContain('href="https://tampa.example.com/"');
  });

  it('answers 400 naming each bad field with dotted paths', async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/generate-clinic-website', config({
      email: 'not-an-email',
      socialMedia: { instagram: 'not a handle!' },
      businessProfiles: ['https://ok.example.com/a', 'javascript:alert(1)'],
      website: undefined,
      color: 'red',
    }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> };
    expect(body.success).toBe(false);
    expect(body.message).toBe('Failed to generate website');
    expect(body.errors.email).toMatch(/email address/);
    expect(body.errors['socialMedia.instagram']).toMatch(/Instagram handle/);
    expect(body.errors['businessProfiles[1]']).toMatch(/http/);
    expect(body.errors.color).toBe('unknown field');
    expect(body.errors.domainName).toMatch(/domain name/);
  });

  it('names a field called like an inherited property (constructor, toString, __proto__) as unknown, not an empty error', async () => {
    const { request } = adminTestApp();
    // Sent as the text a client sends: JSON.parse makes "__proto__" a field of its own.
    const body = JSON.stringify(config()).replace(/^\{/, '{"constructor":1,"toString":"x","__proto__":{"a":1},');
    const res = await request('/api/generate-clinic-website', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(res.status).toBe(400);
    const answer = JSON.parse(await res.text()) as { errors: Record<string, string> };
    expect(Object.entries(answer.errors)).toEqual([
      ['constructor', 'unknown field'],
      ['toString', 'unknown field'],
      ['__proto__', 'unknown field'],
    ]);
  });

  it('refuses a body nested thousands of levels deep with 400, and builds the next site as before', async () => {
    const { request, json } = adminTestApp();
    const body = `{"businessName":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await request('/api/generate-clinic-website', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("the body's JSON is nested more than 64 levels deep");
    expect((await json('POST', '/api/generate-clinic-website', config())).status).toBe(200);
  });

  it("refuses a city without its own hours and legal facts, naming each field, and fills in no other city's (decision 14)", async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/generate-clinic-website', config({ hours: undefined, legal: undefined }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors.hours).toMatch(/^required: this city's own opening hours/);
    expect(body.errors['legal.governingLaw']).toMatch(/^required: /);
    expect(body.errors['legal.courts']).toMatch(/^required: /);
    expect(body.errors['legal.effectiveDate']).toMatch(/^required: /);
  });

  it('publishes only the hours a city gives: Monday to Thursday, and no opening time for Friday anywhere, JSON-LD included', async () => {
    const { json } = adminTestApp();
    const hours = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:30', closes: '17:00' }];
    const res = await json('POST', '/api/generate-clinic-website', config({ hours, legal: { governingLaw: 'Florida', courts: 'Polk County', effectiveDate: '2026-12-01' } }));
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: Record<string, string> };
    const pages = Object.entries(files).filter(([name]) => name.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    for (const [name, html] of pages) {
      // A day with a time beside it: "Friday 9:00 AM", "Friday</dt><dd>9:00", "Monday-Friday", or Friday in the JSON-LD's days.
      expect(html, name).not.toMatch(/Friday(?:[^<]{0,3}<\/[a-z]+>\s*<[a-z]+[^>]*>)?\s*\d{1,2}:\d{2}/);
      expect(html, name).not.toMatch(/-Friday|"Friday"/);
      expect(html, name).not.toContain('Pasco');
    }
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(files['index.html']!)![1]!) as { openingHoursSpecification: { dayOfWeek: string[] }[] };
    expect(ld.openingHoursSpecification.flatMap((h) => h.dayOfWeek)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday']);
    expect(files['index.html']).toMatch(/Friday-Sunday/);
    expect(files['terms/index.html']).toContain('the courts of Polk County, Florida');
  });

  it('refuses a body that is not JSON, or too large', async () => {
    const { request } = adminTestApp();
    const bad = await request('/api/generate-clinic-website', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"city":' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.config).toMatch(/not valid JSON/);
    const big = await request('/api/generate-clinic-website', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(config({ description: 'x'.repeat(300_000) })) });
    expect(big.status).toBe(413);
  });

  it('puts an uploaded logo into the site as logo.png and points the pages at it', async () => {
    const { request, json } = adminTestApp();
    const up = (await (await request('/api/upload-logo', { method: 'POST', body: logoForm(PNG) })).json()) as { logoUrl: string };
    const res = await json('POST', '/api/generate-clinic-website', config({ logoUrl: up.logoUrl }));
    const { files } = (await res.json()) as { files: Record<string, string> };
    expect(Buffer.from(files['logo.png']!, 'base64').equals(PNG)).toBe(true);
    expect(files['index.html']).toContain('src="logo.png"');
    expect(files['about/index.html']).toContain('src="../logo.png"');
    const gone = await json('POST', '/api/generate-clinic-website', config({ logoUrl: '/uploads/logo-00000000000000000000000000000000.png' }));
    expect(gone.status).toBe(400);
    expect(((await gone.json()) as { errors: Record<string, string> }).errors.logoUrl).toMatch(/upload the file again/);
  });

  it('puts an uploaded SVG into the site as logo.svg text, as sanitized as the upload', async () => {
    const { request, json } = adminTestApp();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1e40af"/></svg>';
    const up = (await (await request('/api/upload-logo', { method: 'POST', body: logoForm(svg, 'logo.svg', 'image/svg+xml') })).json()) as { logoUrl: string };
    const served = await (await request(up.logoUrl)).text();
    const { files } = (await (await json('POST', '/api/generate-clinic-website', config({ logoUrl: up.logoUrl }))).json()) as { files: Record<string, string> };
    expect(files['logo.svg']).toBe(served);
    expect(files['logo.svg']).toContain('<rect width="10" height="10" fill="#1e40af"/>');
    expect(files['index.html']).toContain('src="logo.svg"');
    expect(Object.keys(files).filter((f) => f.startsWith('uploads/'))).toEqual([]);
  });

  it('reads the pictures a sample city names from the sample configs\' folder, as its deploy does', async () => {
    const { json } = adminTestApp();
    // Orlando names a wordmark, its light version, a hero, three gallery photos and a portrait under /images/orlando/.
    const res = await json('POST', '/api/generate-clinic-website', sampleConfig('orlando'));
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: Record<string, string> };
    expect(Buffer.from(files['logo.png']!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(files['logo-light.png']).toBeDefined();
    for (const name of ['hero', 'reception', 'consultation', 'lab', 'team-dr-michelle-grant']) {
      const avif = Object.keys(files).filter((f) => f.startsWith(`images/${name}-`) && f.endsWith('.avif'));
      expect(avif.length, name).toBeGreaterThan(0);
      expect(files['index.html']! + files['about/index.html']!, name).toContain(avif[0]);
    }
    const gone = await json('POST', '/api/generate-clinic-website', { ...sampleConfig('orlando'), photos: { hero: { src: '/images/orlando/gone.jpg', alt: 'The lounge' } } });
    expect(gone.status).toBe(400);
    expect(((await gone.json()) as { errors: Record<string, string> }).errors['photos.hero.src']).toBe(
      "no file /images/orlando/gone.jpg in this server's uploads or the sample pictures; upload the file again",
    );
  });

  it('leaves an http(s) logo where it is', async () => {
    const { json } = adminTestApp();
    const { files } = (await (await json('POST', '/api/generate-clinic-website', config({ logoUrl: 'https://cdn.example.com/logo.png' }))).json()) as { files: Record<string, string> };
    expect(files['index.html']).toContain('src="https://cdn.example.com/logo.png"');
    expect(Object.keys(files).filter((f) => f.startsWith('logo.'))).toEqual([]);
  });
});

describe('generate: where the site\'s contact form posts', () => {
  const generate = async (over: Record<string, unknown>, server = {}) => {
    const res = await adminTestApp(server).json('POST', '/api/generate-clinic-website', config(over));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { files: Record<string, string>; contactEndpoint: string };
    const form = /<form id="contact-form"[^>]* action="([^"]*)"/.exec(body.files['contact/index.html']!)![1];
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(body.files['index.html']!)![1]!.replaceAll('&#x27;', "'");
    return { said: body.contactEndpoint, form, connect: /connect-src ([^;]*)/.exec(csp)![1] };
  };

  it('to this server by its absolute URL, so the site works wherever it is hosted', async () => {
    expect(await generate({})).toEqual({ said: 'http://localhost/api/contact', form: 'http://localhost/api/contact', connect: "'self' http://localhost" });
  });

  it('to PUBLIC_URL when the server has one', async () => {
    expect(await generate({}, { publicUrl: 'https://clinic.example.com' })).toEqual({
      said: 'https://clinic.example.com/api/contact',
      form: 'https://clinic.example.com/api/contact',
      connect: "'self' https://clinic.example.com",
    });
  });

  it('to the config\'s own endpoint when it names one; a path is on this server', async () => {
    expect((await generate({ contactEndpoint: 'https://messages.example.com/api/contact' }, { publicUrl: 'https://clinic.example.com' })).form).toBe('https://messages.example.com/api/contact');
    expect((await generate({ contactEndpoint: '/clinic/api/contact' }, { publicUrl: 'https://clinic.example.com' })).form).toBe('https://clinic.example.com/clinic/api/contact');
  });
});
