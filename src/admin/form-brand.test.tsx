import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse as parseHtml } from 'node-html-parser';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { clinicConfigSchema, FONT_CHOICES, type ClinicConfigInput } from '../config/schema.js';
import { initialValues } from './initial-values.js';
import { ROOT, sampleConfig } from '../../test/helpers/site.js';
import { DEFAULT_FONT, FONT_LABELS } from './font-choices.js';
import { formFieldOf, formFromConfig, initialForm, mergeConfig, sameForm, toConfig, type AdminForm } from './form.js';
import { Brand, BrandLegal } from './sections/brand.js';
import { BRAND_LEGAL_LABELS, brandOf, brandSchema } from '../config/brand.js';
import { LogoUpload } from './sections/logo-upload.js';
import { photoErrors } from './sections/photos-field.js';
import { PreviewCard } from './sections/preview-card.js';

/** Photos, the logo's two flags and the typeface on the admin form (docs/decisions/013, 014), to and from a config. */
const sample = (name: string) => parse(readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8')) as ClinicConfigInput;
const served = () => initialForm(JSON.parse(JSON.stringify(initialValues(sampleConfig()))) as Record<string, unknown>);

describe('an opened city', () => {
  it('shows its photos, logo flag and typeface, and saves them back with its team photos untouched', () => {
    const opened = { ...sample('orlando'), font: 'source-sans-3' as const, logoLightUrl: '/uploads/logo-0123456789abcdef0123456789abcdef.png' };
    const form = formFromConfig(opened);
    expect(form.photos.hero).toEqual({ src: '/images/orlando/hero.jpg', alt: expect.stringMatching(/^Illustration of a bright clinic lounge/), es: { alt: expect.stringMatching(/^Ilustración de una sala de espera/) } });
    expect(form.photos.gallery.map((p) => p.src)).toEqual(['/images/orlando/reception.jpg', '/images/orlando/consultation.jpg', '/images/orlando/lab.jpg']);
    expect(form).toMatchObject({ logoUrl: '/images/orlando/wordmark.png', logoIncludesName: true, logoLightUrl: opened.logoLightUrl, font: 'source-sans-3' });

    form.photos.hero!.alt = '  Waiting room with a teal sofa  ';
    const saved = mergeConfig(opened, form);
    // Its Spanish alt text, which the form has no input for, is kept (issue 40).
    expect(saved.photos?.hero).toEqual({ src: '/images/orlando/hero.jpg', alt: 'Waiting room with a teal sofa', es: opened.photos?.hero?.es });
    expect(saved.photos?.gallery).toEqual(opened.photos?.gallery);
    expect(saved.localContent).toEqual(opened.localContent);
    expect(saved.localContent?.team?.[0]?.photo?.src).toBe('/images/orlando/team-dr-michelle-grant.jpg');
    expect(saved).toMatchObject({ logoIncludesName: true, font: 'source-sans-3', logoLightUrl: opened.logoLightUrl });
    expect(clinicConfigSchema.safeParse(saved).success).toBe(true);
  });

  it('drops what the operator removed, and adds no keys to a config that had none', () => {
    const opened = sample('orlando');
    const form = formFromConfig(opened);
    form.photos = { gallery: [] };
    form.logoIncludesName = false;
    const saved = mergeConfig(opened, form);
    expect(saved).not.toHaveProperty('photos');
    expect(saved).not.toHaveProperty('logoIncludesName');
    const tampa = formFromConfig(sample('tampa'));
    // JSON, which Save and Generate send, drops undefined.
    expect(JSON.parse(JSON.stringify(toConfig(tampa)))).not.toHaveProperty('photos');
    expect(toConfig(tampa)).toMatchObject({ photos: undefined, logoLightUrl: undefined, logoIncludesName: undefined });
    expect(sameForm(tampa, formFromConfig(sample('tampa')))).toBe(true);
  });

  it('sends an empty description as it is, for the schema to name the field', () => {
    const form = formFromConfig(sample('tampa'));
    form.photos = { hero: { src: '/uploads/photo-0123456789abcdef0123456789abcdef.jpg', alt: ' ' }, gallery: [] };
    const result = clinicConfigSchema.safeParse(toConfig(form));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['photos.hero.alt']);
  });
});

describe('a new city', () => {
  it('brings no photos and no logo flags from the served clinic, and the schema\'s typeface', () => {
    const form = served();
    expect(form).toMatchObject({ photos: { gallery: [] }, logoIncludesName: false, logoLightUrl: '', font: DEFAULT_FONT });
    expect(initialForm({ font: 'system' }).font).toBe('system');
    expect(initialForm({ font: 'comic-sans' }).font).toBe(DEFAULT_FONT);
  });

  it('offers exactly the schema\'s typefaces, the schema\'s default first chosen', () => {
    expect(Object.keys(FONT_LABELS).sort()).toEqual([...FONT_CHOICES].sort());
    const minimal = { ...toConfig({ ...served(), hours: [{ days: ['Monday'], opens: '09:00', closes: '17:00' }], governingLaw: 'Florida', courts: 'Polk County', effectiveDate: '2026-12-01' }) } as Record<string, unknown>;
    delete minimal.font;
    expect(clinicConfigSchema.parse(minimal).font).toBe(DEFAULT_FONT);
  });
});

describe('server errors about photos', () => {
  it('land on the form and come back under the key the Photos card reads', () => {
    expect(formFieldOf('photos.gallery[2].alt')).toBe('photos.gallery.2.alt');
    expect(formFieldOf('photos.hero.src')).toBe('photos.hero.src');
    expect(formFieldOf('businessProfiles[1]')).toBe('businessProfiles.1.url');
    const errors = { photos: { hero: { alt: { type: 'server', message: 'missing; expected alt text' } }, gallery: [undefined, { src: { type: 'server', message: 'not found' } }] } };
    const photos = { hero: { src: '/a.jpg', alt: '' }, gallery: [{ src: '/b.jpg', alt: 'B' }, { src: '/c.jpg', alt: 'C' }] };
    expect(photoErrors(errors as never, photos)).toEqual({ 'photos.hero.alt': 'missing; expected alt text', 'photos.gallery[1].src': 'not found' });
  });
});

/** Renders a section with a form holding `values` (over a new city's). */
function view(values: Partial<AdminForm>, section: (form: UseFormReturn<AdminForm>) => ReactNode) {
  function Harness() {
    const form = useForm<AdminForm>({ defaultValues: { ...served(), ...values } });
    return <>{section(form)}</>;
  }
  return parseHtml(renderToStaticMarkup(<Harness />));
}

describe('the Preview card', () => {
  const LONG = 'Northstar Men’s Health and Hormone Optimization Center of Greater Wesley Chapel';
  const UPLOAD = '/uploads/logo-0123456789abcdef0123456789abcdef.png';

  it('prints a long name whole (wrapping, never cut) beside a logo sized to fit', () => {
    const html = view({ businessName: LONG, logoUrl: UPLOAD }, (f) => <PreviewCard form={f} />);
    const name = html.querySelectorAll('span').find((s) => s.text === LONG)!;
    expect(name).toBeDefined();
    expect(name.classList.contains('truncate')).toBe(false);
    expect(name.classList.value).toEqual(expect.arrayContaining(['min-w-0', 'break-words']));
    expect(html.querySelector('img')!.classList.value).toEqual(expect.arrayContaining(['h-8', 'w-auto', 'max-w-[10rem]', 'object-contain']));
  });

  it('leaves the name out when the logo shows it, and keeps it without a logo', () => {
    const wordmark = view({ businessName: LONG, logoUrl: UPLOAD, logoIncludesName: true }, (f) => <PreviewCard form={f} />);
    expect(wordmark.text).not.toContain(LONG);
    expect(wordmark.querySelector('img')!.getAttribute('alt')).toBe(LONG);
    expect(view({ businessName: LONG, logoIncludesName: true }, (f) => <PreviewCard form={f} />).text).toContain(LONG);
    // A logo a config names by its site path: the picture, read through the admin API (issue 39 item 3).
    const beside = view({ logoUrl: '/images/orlando/wordmark.png', logoIncludesName: true }, (f) => <PreviewCard form={f} />);
    expect(beside.querySelector('img')!.getAttribute('src')).toBe('/api/site-picture?path=%2Fimages%2Forlando%2Fwordmark.png');
    expect(beside.text).not.toContain('/images/orlando/wordmark.png');
  });
});

describe('the Logo Upload and Brand cards', () => {
  const labels = (html: ReturnType<typeof view>) =>
    html.querySelectorAll('label').map((l) => ({ text: l.text.trim(), control: l.getAttribute('for') ? html.querySelector(`[id="${l.getAttribute('for')}"]`) : l.querySelector('input') }));

  it('offers the name checkbox and a second upload for dark backgrounds, each labelled', () => {
    const html = view({ logoUrl: '/images/orlando/wordmark.png' }, (f) => <LogoUpload form={f} />);
    const found = labels(html);
    expect(found.map((l) => l.text)).toEqual(['Logo file', 'The logo already shows the clinic name', 'Logo for dark backgrounds (optional)']);
    for (const l of found) expect(l.control, l.text).not.toBeNull();
    expect(found[1]!.control!.getAttribute('type')).toBe('checkbox');
    expect(found[2]!.control!.getAttribute('type')).toBe('file');
    // The logo named by its site path is shown as its picture, not as its path.
    expect(html.querySelector('img[alt="Uploaded logo"]')!.getAttribute('src')).toBe('/api/site-picture?path=%2Fimages%2Forlando%2Fwordmark.png');
    expect(html.text).toContain('No logo for dark backgrounds');
  });

  // The chosen values are set by react-hook-form in the browser (cities.e2e and editor-photos.e2e).
  it('has a labelled Typeface select with the schema\'s faces', () => {
    const html = view({}, (f) => <Brand form={f} />);
    const select = html.querySelector('#field-font')!;
    expect(html.querySelector('label[for="field-font"]')!.text).toBe('Typeface');
    expect(select.querySelectorAll('option').map((o) => o.getAttribute('value'))).toEqual(['inter', 'source-sans-3', 'system']);
    expect(select.querySelectorAll('option').map((o) => o.text)).toEqual(['Inter', 'Source Sans 3', 'The device’s own font (nothing to download)']);
  });
});

describe('the brand settings: Legal (issue 36)', () => {
  it("labels each of the brand site's legal facts, and shows the server's message at its field", () => {
    const html = renderToStaticMarkup(
      <BrandLegal
        values={{ governingLaw: 'Florida', effectiveDate: '', email: '' }}
        onChange={() => {}}
        errors={{ effectiveDate: "required: the date the brand site's privacy policy and terms take effect, a date like 2024-01-01" }}
      />,
    );
    const root = parseHtml(html);
    expect(root.querySelector('h2')?.textContent).toBe('Legal');
    for (const [key, label] of Object.entries(BRAND_LEGAL_LABELS)) expect(root.querySelector(`label[for="field-brand-legal-${key}"]`)?.textContent).toBe(label);
    const date = root.querySelector('#field-brand-legal-effectiveDate')!;
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toContain('field-brand-legal-effectiveDate-error');
    expect(root.querySelector('#field-brand-legal-effectiveDate-error')?.textContent).toMatch(/^required: the date the brand site's privacy policy and terms take effect/);
    expect(root.querySelector('#field-brand-legal-governingLaw')?.getAttribute('value')).toBe('Florida');
  });

  it('is checked whole when given, and never copied into a city (a brand site requires it: test/brand-site/one-page-a-treatment.test.ts)', () => {
    // Brand settings without a brand site may leave it out; a legal given is checked whole.
    expect(brandSchema.safeParse({ businessName: 'Northstar' }).success).toBe(true);
    expect(brandSchema.safeParse({ businessName: 'Northstar', legal: { governingLaw: 'Florida' } }).error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['legal.effectiveDate', 'legal.email']);
    // The brand's legal is never copied into a new city.
    expect(brandOf({ businessName: 'N', legal: { governingLaw: 'Florida', effectiveDate: '2024-01-01', email: 'p@example.com' } } as Record<string, unknown>)).not.toHaveProperty('legal');
  });
});
