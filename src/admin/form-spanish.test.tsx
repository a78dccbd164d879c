import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse as parseHtml } from 'node-html-parser';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { brandSchema } from '../config/brand.js';
import { clinicConfigSchema, type ClinicConfigInput } from '../config/schema.js';
import { ROOT } from '../../test/helpers/site.js';
import { fieldLabel } from './field-labels.js';
import { brandLanguagesOf } from './form-spanish.js';
import { formFieldOf, formFromConfig, mergeConfig, sameForm, toConfig, type AdminForm } from './form.js';
import { BrandLanguages } from './sections/brand-languages.js';
import { Services } from './sections/services.js';
import { SpanishWords } from './sections/spanish-words.js';

/** A city's own words in Spanish (issue 40 item 3) and the brand's languages (item 5) on the admin: to and from a config. */
const orlando = () => parse(readFileSync(join(ROOT, 'configs', 'orlando.yaml'), 'utf8')) as ClinicConfigInput;

/** Orlando with every Spanish word the schema has given (its sample gives no description and no treatment texts). */
function full(): ClinicConfigInput {
  const c = orlando();
  return {
    ...c,
    description: c.description ?? 'Men’s health in Orlando.',
    localContent: { ...c.localContent, treatmentText: { trt: 'Dr. Grant sees every TRT patient.', semaglutide: 'Weekly check-ins.' } },
    specialHours: [{ label: 'Thanksgiving', es: { label: 'Acción de Gracias' }, date: '2026-11-26', closed: true }],
    es: {
      ...c.es,
      description: 'Salud masculina en Orlando.',
      localContent: { ...c.es?.localContent, treatmentText: { trt: 'La Dra. Grant atiende a cada paciente de TRT.', semaglutide: 'Controles semanales.' } },
    },
  };
}

describe('the city’s Spanish words and the config', () => {
  it('reads each into the form at its own path, and saves an untouched city back unchanged', () => {
    const opened = full();
    expect(clinicConfigSchema.safeParse(opened).success).toBe(true);
    const form = formFromConfig(opened);
    expect(form.es.description).toBe('Salud masculina en Orlando.');
    expect(form.es.localContent.whyCity).toMatch(/^Quienes trabajan en la hostelería/);
    expect(form.es.localContent.areasServed.split('\n')).toEqual(opened.es!.localContent!.areasServed);
    expect(form.es.localContent.faq).toEqual([{ question: '¿Ofrecen citas temprano en Orlando?', answer: expect.stringMatching(/^Sí\. La clínica de Orlando abre/) }]);
    expect(form.es.localContent.treatmentText).toMatchObject({ trt: 'La Dra. Grant atiende a cada paciente de TRT.', semaglutide: 'Controles semanales.', nadTherapy: '' });
    expect(form.es.costs.firstVisit).toMatch(/^El precio se le informa/);
    expect(form.team[0]!.es).toEqual({ role: 'Directora médica', bio: expect.stringMatching(/^La Dra\. Grant se dedica/) });
    // Saved: the config it was (with the two defaults a save always writes).
    const defaults = { deploymentType: 'static', font: form.font };
    expect(mergeConfig(opened, form)).toEqual({ ...opened, ...defaults });
    expect(JSON.parse(JSON.stringify(toConfig(form))).es).toEqual(opened.es);
    // The sample as it is, too.
    expect(mergeConfig(orlando(), formFromConfig(orlando()))).toEqual({ ...orlando(), ...defaults });
  });

  it('saves an edit at its path, trimmed, and leaves an emptied field (and an emptied entry `es`) out', () => {
    const opened = full();
    const form = formFromConfig(opened);
    form.es.description = '  Salud masculina en el centro de Orlando.  ';
    form.es.localContent.whyCity = ' ';
    form.es.localContent.areasServed = 'Centro de Orlando\n\n Winter Park \n';
    form.es.localContent.treatmentText.semaglutide = '';
    form.es.costs.insurance = '';
    form.team[0]!.es = { role: ' ', bio: 'Nueva biografía.' };
    form.team[0]!.photo!.es = { alt: '' };
    form.specialHours[0]!.es = { label: '' };
    form.photos.hero!.es = { alt: '  Sala de espera  ' };
    const saved = mergeConfig(opened, form);
    expect(saved.es).toEqual({
      description: 'Salud masculina en el centro de Orlando.',
      localContent: { areasServed: ['Centro de Orlando', 'Winter Park'], faq: opened.es!.localContent!.faq, treatmentText: { trt: 'La Dra. Grant atiende a cada paciente de TRT.' } },
      costs: { firstVisit: opened.es!.costs!.firstVisit },
    });
    expect(saved.localContent!.team![0]!.es).toEqual({ bio: 'Nueva biografía.' });
    expect(saved.localContent!.team![0]!.photo).not.toHaveProperty('es');
    expect(saved.specialHours![0]).not.toHaveProperty('es');
    expect(saved.photos!.hero!.es).toEqual({ alt: 'Sala de espera' });
    expect(clinicConfigSchema.safeParse(saved).success).toBe(true);
    // Every field emptied: no `es` at all (never `{}`), and the config is still valid.
    const none = formFromConfig(opened);
    none.es = formFromConfig({} as ClinicConfigInput).es;
    const bare = mergeConfig(opened, none);
    expect(bare).not.toHaveProperty('es');
    // A field left empty on an entry that had no Spanish words (its input registered as '') adds no `es`.
    const typed = formFromConfig(opened);
    typed.team[0]!.es = { role: '', bio: '' };
    typed.photos.gallery[0]!.es = { alt: '' };
    expect(toConfig(typed).localContent!.team![0]).not.toHaveProperty('es');
    expect(toConfig(typed).photos!.gallery![0]).not.toHaveProperty('es');
  });

  it('keeps the words with Spanish switched off, and a draft of an earlier release (no `es` on its form) keeps the opened ones', () => {
    const opened = full();
    const off = formFromConfig(opened);
    off.spanish = false;
    const saved = mergeConfig(opened, off);
    expect(saved).not.toHaveProperty('languages');
    expect(saved.es).toEqual(opened.es);
    const old = formFromConfig(opened) as Partial<AdminForm>;
    delete old.es;
    expect(mergeConfig(opened, old as AdminForm).es).toEqual(opened.es);
  });

  it('saves a treatment’s Spanish text for the services switched on, as the English one, and counts an edit as a change', () => {
    const opened = full();
    const form = formFromConfig(opened);
    form.services.semaglutide = false;
    expect(mergeConfig(opened, form).es?.localContent?.treatmentText).toEqual({ trt: 'La Dra. Grant atiende a cada paciente de TRT.' });
    const edited = formFromConfig(opened);
    edited.es.costs.firstVisit = 'Otro texto.';
    expect(sameForm(edited, formFromConfig(opened))).toBe(false);
  });

  it('puts the server’s messages on the Spanish inputs, named by their labels', () => {
    const form = formFromConfig(full());
    form.es.description = 'x'.repeat(401);
    form.es.localContent.areasServed = 'x'.repeat(61);
    const issues = clinicConfigSchema.safeParse(toConfig(form)).error!.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(expect.arrayContaining(['es.description', 'es.localContent.areasServed.0']));
    expect(formFieldOf('es.description')).toBe('es.description');
    expect(formFieldOf('es.localContent.whyCity')).toBe('es.localContent.whyCity');
    expect(formFieldOf('es.localContent.areasServed[0]')).toBe('es.localContent.areasServed');
    expect(formFieldOf('es.localContent.faq[1].answer')).toBe('es.localContent.faq.1.answer');
    expect(formFieldOf('es.localContent.treatmentText.trt')).toBe('es.localContent.treatmentText.trt');
    expect(formFieldOf('es.costs.firstVisit')).toBe('es.costs.firstVisit');
    expect(formFieldOf('localContent.team[0].es.bio')).toBe('team.0.es.bio');
    expect(formFieldOf('localContent.team[0].photo.es.alt')).toBe('team.0.photo.es.alt');
    expect(formFieldOf('specialHours[2].es.label')).toBe('specialHours.2.es.label');
    expect(formFieldOf('photos.gallery[1].es.alt')).toBe('photos.gallery.1.es.alt');
    expect(formFieldOf('languages')).toBe('spanish');
    expect(fieldLabel('es.description')).toEqual({ label: 'Description (Spanish)', id: 'field-es-description' });
    expect(fieldLabel('es.localContent.areasServed[0]')).toEqual({ label: 'Areas served (Spanish), line 1', id: 'field-es-localContent-areasServed' });
    expect(fieldLabel('es.localContent.faq[1].answer')).toEqual({ label: 'Answer 2 (Spanish)', id: 'field-es-localContent-faq-1-answer' });
    expect(fieldLabel('es.localContent.treatmentText.trt')).toEqual({ label: 'In your own words: TRT Therapy (Spanish)', id: 'field-es-localContent-treatmentText-trt' });
    expect(fieldLabel('es.costs.insurance')).toEqual({ label: 'Insurance (Spanish)', id: 'field-es-costs-insurance' });
    expect(fieldLabel('localContent.team[0].es.bio')).toEqual({ label: 'Biography (Spanish, team member 1)', id: 'field-team-0-es-bio' });
    expect(fieldLabel('localContent.team[1].photo.es.alt')).toEqual({ label: 'Description of the photo (alt text in Spanish, team member 2)', id: 'field-team-1-photo-es-alt' });
    expect(fieldLabel('specialHours[0].es.label')).toEqual({ label: 'Label (Spanish, special hours 1)', id: 'field-specialHours-0-es-label' });
    expect(fieldLabel('photos.hero.es.alt')).toEqual({ label: 'Description of the hero photo (alt text in Spanish)', id: 'field-photos-hero-es-alt' });
    expect(fieldLabel('photos.gallery[2].es.alt')).toEqual({ label: 'Description of clinic photo 3 (alt text in Spanish)', id: 'field-photos-gallery-2-es-alt' });
    expect(fieldLabel('languages')).toEqual({ label: 'Spanish pages (Español)', id: 'field-spanish' });
  });
});

/** Renders a part of the form holding `values`. */
function view(values: AdminForm, part: (form: UseFormReturn<AdminForm>) => ReactNode) {
  function Harness() {
    const form = useForm<AdminForm>({ defaultValues: values });
    return <>{part(form)}</>;
  }
  return parseHtml(renderToStaticMarkup(<Harness />));
}

describe('the Spanish words card', () => {
  it('is there only while Spanish pages are switched on', () => {
    const form = formFromConfig(full());
    expect(view(form, (f) => <SpanishWords form={f} />).querySelector('#spanish-words')).not.toBeNull();
    expect(view({ ...form, spanish: false }, (f) => <SpanishWords form={f} />).querySelector('#spanish-words')).toBeNull();
  });

  // The inputs are bound to the form's values by their name (react-hook-form's register sets a value
  // in the browser: cities.e2e); the values read into the form are the first describe's.
  it('has a labelled Spanish input bound to each word, with the English it translates as its hint', () => {
    const html = view(formFromConfig(full()), (f) => <SpanishWords form={f} />);
    const text = (id: string) => html.querySelector(`#${id}`);
    const labelOf = (id: string) => html.querySelector(`label[for="${id}"]`)?.text;
    expect(labelOf('field-es-description')).toBe('Description (Spanish)');
    expect(text('field-es-description')?.getAttribute('name')).toBe('es.description');
    expect(labelOf('field-es-localContent-whyCity')).toBe('Why this city (Spanish)');
    expect(text('field-es-localContent-whyCity')?.getAttribute('name')).toBe('es.localContent.whyCity');
    expect(text('field-es-localContent-areasServed')?.getAttribute('name')).toBe('es.localContent.areasServed');
    expect(labelOf('field-es-costs-firstVisit')).toBe('First visit (Spanish)');
    expect(labelOf('field-es-costs-insurance')).toBe('Insurance (Spanish)');
    expect(text('field-es-costs-insurance')?.getAttribute('name')).toBe('es.costs.insurance');
    // One per service the city offers.
    const offered = Object.entries(full().services ?? {}).filter(([, on]) => on).map(([k]) => `field-es-localContent-treatmentText-${k}`);
    expect(html.querySelectorAll('textarea').map((t) => t.id).filter((id) => id.includes('treatmentText')).sort()).toEqual(offered.sort());
    expect(labelOf('field-es-localContent-treatmentText-trt')).toBe('In your own words: TRT Therapy (Spanish)');
    // The Spanish pages' own question: one row, as the config has.
    expect(text('field-es-localContent-faq-0-question')?.getAttribute('name')).toBe('es.localContent.faq.0.question');
    expect(text('field-es-localContent-faq-1-question')).toBeNull();
    expect(labelOf('field-team-0-es-role')).toBe('Role (Spanish, team member 1)');
    expect(text('field-team-0-es-role')?.getAttribute('name')).toBe('team.0.es.role');
    expect(text('field-team-0-es-bio')?.getAttribute('name')).toBe('team.0.es.bio');
    expect(text('field-team-0-photo-es-alt')?.getAttribute('name')).toBe('team.0.photo.es.alt');
    expect(text('field-specialHours-0-es-label')?.getAttribute('name')).toBe('specialHours.0.es.label');
    expect(text('field-photos-hero-es-alt')?.getAttribute('name')).toBe('photos.hero.es.alt');
    expect(text('field-photos-gallery-2-es-alt')?.getAttribute('name')).toBe('photos.gallery.2.es.alt');
    expect(labelOf('field-photos-gallery-0-es-alt')).toBe('Description of clinic photo 1 (alt text in Spanish)');
    // Every input of the card is in Spanish, labelled, and its hint (the English) is linked.
    const inputs = html.querySelectorAll('input, textarea');
    expect(inputs.length).toBeGreaterThan(12);
    for (const i of inputs) {
      expect(i.getAttribute('lang'), i.id).toBe('es');
      expect(labelOf(i.id), i.id).toBeTruthy();
    }
    expect(html.querySelector(`#${text('field-es-description')!.getAttribute('aria-describedby')}`)?.text).toMatch(/^In English: “.+”$/);
    expect(html.querySelector('#field-team-0-es-role-hint')?.text).toBe('In English: “Medical Director”');
  });
});

describe('the brand settings’ languages (issue 40 item 5)', () => {
  const brand = { businessName: 'Northstar', description: 'Men’s health.', languages: ['en', 'es'], es: { description: 'Salud masculina.' } } as const;
  const formOf = (b: object) => formFromConfig({ ...b, city: '', state: '', address: '', zipCode: '', phone: '', email: '' } as unknown as ClinicConfigInput);

  it('shows them on its Languages card, and saves them back; off and empty, they are left out', () => {
    const form = formOf(brand);
    const html = view(form, (f) => <BrandLanguages form={f} />);
    expect(html.querySelector('#brand-languages-title')?.text).toBe('Languages');
    const box = html.querySelector('#field-spanish')!;
    expect(box.getAttribute('type')).toBe('checkbox');
    expect(box.getAttribute('role')).toBe('switch');
    expect(box.getAttribute('name')).toBe('spanish');
    expect(form.spanish).toBe(true);
    expect(html.querySelectorAll('label').find((l) => l.querySelector('#field-spanish'))?.text).toContain('Spanish pages (Español)');
    const area = html.querySelector('#field-es-description')!;
    expect(html.querySelector('label[for="field-es-description"]')?.text).toBe('Description in Spanish');
    expect(area.getAttribute('lang')).toBe('es');
    expect(area.getAttribute('name')).toBe('es.description');
    expect(form.es.description).toBe('Salud masculina.');
    // Saved untouched: the same fields.
    expect(brandLanguagesOf(form)).toEqual({ languages: ['en', 'es'], es: { description: 'Salud masculina.' } });
    expect(brandSchema.safeParse({ businessName: 'Northstar', ...brandLanguagesOf(form) }).success).toBe(true);
    // Edited: switched off, the text emptied.
    expect(brandLanguagesOf({ ...form, spanish: false, es: { ...form.es, description: '  ' } })).toEqual({});
    expect(brandLanguagesOf({ ...form, es: { ...form.es, description: ' Nueva. ' } })).toEqual({ languages: ['en', 'es'], es: { description: 'Nueva.' } });
    // A brand without them: off and empty.
    const plain = formOf({ businessName: 'Northstar' });
    expect(plain.spanish).toBe(false);
    expect(brandLanguagesOf(plain)).toEqual({});
  });

  it('has one Spanish switch on the page (the Services card leaves its own out there), and the server’s messages land by their inputs', () => {
    const form = formOf(brand);
    expect(view(form, (f) => <Services form={f} languages={false} />).querySelector('#field-spanish')).toBeNull();
    expect(view(form, (f) => <Services form={f} />).querySelector('#field-spanish')).not.toBeNull();
    function WithErrors() {
      const f = useForm<AdminForm>({ defaultValues: form, errors: { spanish: { type: 'server', message: 'expected en in the list' }, es: { description: { type: 'server', message: 'expected at most 400 characters' } } } as never });
      return <BrandLanguages form={f} />;
    }
    const html = parseHtml(renderToStaticMarkup(<WithErrors />));
    expect(html.querySelector('#field-spanish')!.getAttribute('aria-describedby')).toBe('field-spanish-hint field-spanish-error');
    expect(html.querySelector('#field-spanish-error')?.text).toBe('expected en in the list');
    expect(html.querySelector('#field-es-description')!.getAttribute('aria-invalid')).toBe('true');
    expect(html.querySelector('#field-es-description-error')?.text).toBe('expected at most 400 characters');
    expect(formFieldOf('languages')).toBe('spanish');
    expect(fieldLabel('brandEsDescription')).toEqual({ label: 'Description in Spanish', id: 'field-es-description' });
  });
});
