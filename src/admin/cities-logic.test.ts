import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicConfigInput } from '../config/schema.js';
import { clinicConfigSchema } from '../config/schema.js';
import { ROOT } from '../../test/helpers/site.js';
import { importConfirmed, readChosen } from './cities/import-yaml.js';
import { formFromConfig, mergeConfig, sameForm, shownLogo } from './form.js';
import { sentence } from './notice.js';
import { hashOf, viewOf } from './route.js';

/** The admin client's pure parts for saved cities: opening, saving, addresses, import limits. */
const tampa = () => parse(readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8')) as ClinicConfigInput;

describe('a saved city on the form', () => {
  it('opens with its own handles, profile links and logo', () => {
    const form = formFromConfig({ ...tampa(), logoUrl: '/uploads/logo-1a2b.png' });
    expect(form).toMatchObject({ city: 'Tampa', phone: '(813) 555-0142', zipCode: '33607', logoUrl: '/uploads/logo-1a2b.png' });
    expect(form.socialMedia).toEqual({ instagram: '@northstartampa', facebook: 'northstartampa', youtube: '@northstarmenshealth', tiktok: '@northstartampa', pinterest: '' });
    expect(form.businessProfiles).toEqual([{ url: 'https://www.example.com/profiles/northstar-tampa' }]);
    expect(form.services.vitaminInjections).toBe(true);
  });

  it('saves the form over the opened config: fields without an input are kept, emptied ones dropped', () => {
    const opened = tampa();
    const form = formFromConfig(opened);
    form.phone = '(813) 555-0199';
    form.socialMedia.instagram = '';
    form.businessProfiles = [];
    const saved = mergeConfig(opened, form);
    expect(saved).toMatchObject({ phone: '(813) 555-0199', domainName: 'tampa.example.com', primaryColor: '#1e40af', geo: { latitude: 27.9592, longitude: -82.5226 } });
    expect(saved.localContent).toEqual(opened.localContent);
    expect(saved.socialMedia).toEqual({ facebook: 'northstartampa', youtube: '@northstarmenshealth', tiktok: '@northstartampa' });
    expect(saved.businessProfiles).toEqual([]);
    expect(Object.values(saved)).not.toContain(undefined); // JSON and the YAML store see no empty keys
    expect(clinicConfigSchema.safeParse(saved).success).toBe(true);
    // The opened config itself is untouched.
    expect(opened.phone).toBe('(813) 555-0142');
  });

  it('drops an optional field the operator emptied, even when the opened config had it', () => {
    const opened = { ...tampa(), description: 'Physician-supervised TRT in Westshore.' };
    const form = formFromConfig(opened);
    form.description = '  ';
    expect(mergeConfig(opened, form)).not.toHaveProperty('description');
  });

  it('tells unsaved changes from none', () => {
    const a = formFromConfig(tampa());
    const b = formFromConfig(tampa());
    expect(sameForm(a, b)).toBe(true);
    b.phone = ' (813) 555-0142 '; // trimmed on save: the same config
    expect(sameForm(a, b)).toBe(true);
    b.services.trt = false;
    expect(sameForm(a, b)).toBe(false);
  });
});

describe('the logo on the admin page', () => {
  it('is shown for an upload or an absolute URL, and as a path for a file beside a config', () => {
    expect(shownLogo('/uploads/logo-1a2b.png')).toBe('/uploads/logo-1a2b.png');
    expect(shownLogo('https://cdn.example.com/logo.svg')).toBe('https://cdn.example.com/logo.svg');
    // A picture a config names by its site path: read through the admin API, its path encoded.
    expect(shownLogo('/images/tampa/logo.svg')).toBe('/api/site-picture?path=%2Fimages%2Ftampa%2Flogo.svg');
    expect(shownLogo('/images/tampa/notes.txt')).toBeUndefined();
    expect(shownLogo('//evil.example/logo.svg')).toBeUndefined();
    expect(shownLogo('')).toBeUndefined();
    expect(shownLogo(undefined)).toBeUndefined();
  });
});

describe('addresses of the views', () => {
  it.each([
    ['', { name: 'list' }],
    ['#new', { name: 'new' }],
    ['#city/wesley-chapel', { name: 'city', slug: 'wesley-chapel' }],
    ['#city/../etc', { name: 'list' }],
    ['#city/Tampa', { name: 'list' }],
    ['#city/', { name: 'list' }],
    ['#whatever', { name: 'list' }],
  ])('%s is %j', (hash, view) => {
    expect(viewOf(hash)).toEqual(view);
  });

  it('round-trips', () => {
    expect(hashOf({ name: 'city', slug: 'tampa' })).toBe('#city/tampa');
    expect(viewOf(hashOf({ name: 'city', slug: 'tampa' }))).toEqual({ name: 'city', slug: 'tampa' });
    expect(hashOf({ name: 'new', base: tampa() })).toBe('#new');
    expect(hashOf({ name: 'list' })).toBe('');
  });
});

describe('notice sentences', () => {
  it('are the title alone, or title, message and hint as sentences', () => {
    expect(sentence({ title: 'Version 2 saved' })).toBe('Version 2 saved');
    expect(sentence({ title: 'Not saved: x', hint: 'Open it again.' })).toBe('Not saved: x. Open it again.');
    expect(sentence({ title: 'A.', message: 'B', hint: 'C?' })).toBe('A. B. C?');
  });
});

describe('import', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = (name: string, text: string, size = text.length) => ({ name, size, text: async () => text }) as unknown as File;

  it('posts the files confirmed as JSON, each with the version it was shown replacing', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, imported: [{ file: 'a.yaml', slug: 'tampa', version: 1, created: true }] })));
    vi.stubGlobal('fetch', fetch);
    const out = await importConfirmed([{ name: 'a.yaml', text: 'city: Tampa\n' }], { tampa: null });
    expect(out).toEqual({ imported: [{ file: 'a.yaml', slug: 'tampa', version: 1, created: true }], failed: [] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cities/import');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ files: [{ name: 'a.yaml', text: 'city: Tampa\n' }], expect: { tampa: null } });
  });

  it('refuses a file over 256 KB without reading it, and reads the others', async () => {
    const big = file('big.yaml', '', 5 * 1024 * 1024);
    big.text = () => Promise.reject(new Error('read'));
    const out = await readChosen([big, file('ok.yaml', 'x: 1\n')]);
    expect(out.failed).toEqual([{ file: 'big.yaml', errors: ['big.yaml: larger than 256 KB; not sent'] }]);
    expect(out.files).toEqual([{ name: 'ok.yaml', text: 'x: 1\n' }]);
  });

  it('keeps the server’s per-file errors and the files it saved', async () => {
    const body = { success: false, error: 'x', imported: [{ file: 'good.yaml', slug: 'tampa', version: 1, created: true }], failed: [{ file: 'bad.yaml', errors: ['bad.yaml:3:8 phone: expected a phone number', 'bad.yaml:9:1 zipCode: missing'] }] };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })));
    const out = await importConfirmed([{ name: 'good.yaml', text: 'a' }, { name: 'bad.yaml', text: 'b' }], { tampa: null });
    expect(out).toEqual({ imported: body.imported, failed: body.failed, error: undefined });
  });

  it('says why when the whole request failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    const out = await importConfirmed([{ name: 'a.yaml', text: 'a' }], { tampa: null });
    expect(out.error).toBe('502: <html>Bad gateway</html>');
    expect(out.imported).toEqual([]);
  });
});
