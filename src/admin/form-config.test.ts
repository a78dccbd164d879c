import { describe, expect, it } from 'vitest';
import { clinicConfigSchema, type ClinicConfigInput } from '../config/schema.js';
import { fieldLabel } from './field-labels.js';
import { colorCheck } from './sections/brand.js';
import { formFieldOf, formFromConfig, initialForm, mergeConfig, sameForm, toConfig } from './form.js';
import { fieldId } from './sections/fields.js';

/**
 * The city form and the clinic config (issue 23 item 1): every field of the schema has a place on
 * the form, and a config read into the form and saved back is the config it was.
 */

/** A config with every field of the schema set, none at its default. */
const FULL: ClinicConfigInput = {
  businessName: 'Northstar Men’s Health',
  city: 'St. Petersburg',
  state: 'FL',
  address: '200 Central Avenue',
  zipCode: '33701',
  phone: '(727) 555-0120',
  email: 'stpete@example.com',
  website: 'https://stpete.example.com',
  domainName: 'stpete.example.com',
  canonical: 'own',
  deploymentType: 'static',
  services: { trt: true, semaglutide: false, nadTherapy: true, peptideTherapy: true, vitaminInjections: false, hormone_optimization: true },
  socialMedia: { instagram: 'northstarstpete', facebook: 'northstarstpete', youtube: 'northstar', tiktok: 'northstar', pinterest: 'northstar' },
  businessProfiles: ['https://www.yelp.com/biz/northstar-st-petersburg'],
  logoUrl: '/uploads/logo-1a2b.png',
  logoIncludesName: true,
  logoLightUrl: '/uploads/logo-light-1a2b.png',
  description: 'Men’s health in downtown St. Petersburg.',
  primaryColor: '#0f5132',
  font: 'source-sans-3',
  languages: ['en', 'es'],
  hours: [
    { days: ['Monday', 'Wednesday', 'Friday'], opens: '08:00', closes: '17:00' },
    { days: ['Tuesday', 'Thursday'], opens: '10:00', closes: '19:00' },
  ],
  specialHours: [
    { label: 'Thanksgiving', es: { label: 'Acción de Gracias' }, date: '2026-11-26', through: '2026-11-27', closed: true },
    { label: 'Christmas Eve', date: '2026-12-24', opens: '09:00', closes: '12:00' },
  ],
  timeZone: 'America/New_York',
  bookingUrl: 'https://booking.example.com/northstar-stpete',
  isAcceptingNewPatients: true,
  telehealth: false,
  geo: { latitude: 27.7709, longitude: -82.6393 },
  photos: {
    hero: { src: '/uploads/photo-hero.jpg', alt: 'The clinic on Central Avenue', es: { alt: 'La clínica en Central Avenue' } },
    gallery: [{ src: '/uploads/photo-room.jpg', alt: 'An exam room' }],
  },
  localContent: {
    team: [
      {
        name: 'Dr. Ana Ruiz',
        credentials: 'MD, internal medicine',
        role: 'Medical Director',
        bio: 'Twenty years in Pinellas County.',
        photo: { src: '/uploads/photo-ana.jpg', alt: 'Dr. Ana Ruiz', es: { alt: 'La Dra. Ana Ruiz' } },
        es: { role: 'Directora médica', bio: 'Veinte años en el condado de Pinellas.' },
      },
      { name: 'Sam Lee', credentials: 'PA-C' },
    ],
    areasServed: ['Downtown', 'Old Northeast', 'Kenwood'],
    faq: [{ question: 'Is there parking?', answer: 'Yes, behind the building on 2nd Street.' }],
    whyCity: 'Downtown St. Petersburg has no other men’s clinic within walking distance of the Pier.',
    treatmentText: {
      trt: 'Dr. Ruiz sees every TRT patient herself.\n\nLabs are drawn here, on the first visit.',
      peptideTherapy: 'Peptide plans are reviewed every six weeks.',
    },
  },
  legal: { governingLaw: 'Florida', courts: 'Pinellas County', effectiveDate: '2025-03-01' },
  costs: { firstVisit: 'Pricing is given at your consultation.', payment: ['cash', 'hsa-fsa'], insurance: 'We do not bill insurance.' },
  // The city's own words in Spanish (issue 40): the Spanish words card (form-spanish.test.tsx).
  es: { description: 'Salud masculina en el centro de St. Petersburg.', localContent: { whyCity: 'La única clínica de salud masculina a poca distancia del muelle.' } },
  contactEndpoint: 'https://clinic.example.com/api/contact',
};

describe('the city form and the config', () => {
  it('has a value for every field of the schema (a new schema field fails here until the form knows it)', () => {
    expect(Object.keys(FULL).sort()).toEqual(Object.keys(clinicConfigSchema.shape).sort());
    expect(clinicConfigSchema.safeParse(FULL).success).toBe(true);
  });

  it('reads every field into the form and writes it back unchanged', () => {
    const form = formFromConfig(FULL);
    expect(form).toMatchObject({
      primaryColor: '#0f5132',
      bookingUrl: 'https://booking.example.com/northstar-stpete',
      isAcceptingNewPatients: 'yes',
      telehealth: 'no',
      timeZone: 'America/New_York',
      areasServed: 'Downtown\nOld Northeast\nKenwood',
      governingLaw: 'Florida',
      courts: 'Pinellas County',
      effectiveDate: '2025-03-01',
      firstVisitCost: 'Pricing is given at your consultation.',
      payment: ['cash', 'hsa-fsa'],
      insurance: 'We do not bill insurance.',
      latitude: '27.7709',
      specialHours: [
        { label: 'Thanksgiving', es: { label: 'Acción de Gracias' }, date: '2026-11-26', through: '2026-11-27', kind: 'closed', opens: '', closes: '' },
        { label: 'Christmas Eve', date: '2026-12-24', through: '', kind: 'hours', opens: '09:00', closes: '12:00' },
      ],
    });
    // Opened and saved: the same config, key for key.
    expect(mergeConfig(FULL, form)).toEqual(FULL);
    // From the form alone, all but the domain name (it is the Website's host, kept from the opened config).
    const { domainName: _, ...rest } = FULL;
    expect(toConfigClean(form)).toEqual(rest);
  });

  it('fills in nothing a config did not give (no hours, legal facts or costs), and keeps a field from a later schema', () => {
    const minimal = { businessName: 'B', city: 'Tampa', state: 'FL', address: '1 A St', zipCode: '33602', phone: '(813) 555-0101', email: 'a@example.com', domainName: 'tampa.example.com' } as ClinicConfigInput;
    const saved = mergeConfig(minimal, formFromConfig(minimal));
    expect(saved).not.toHaveProperty('hours');
    expect(saved).not.toHaveProperty('localContent');
    expect(saved).not.toHaveProperty('legal');
    expect(saved).not.toHaveProperty('costs');
    expect(saved.domainName).toBe('tampa.example.com');
    const later = { ...minimal, futureField: 'kept', localContent: { whyCity: 'x', futureLocal: 1 } } as unknown as ClinicConfigInput;
    expect(mergeConfig(later, formFromConfig(later))).toMatchObject({ futureField: 'kept', localContent: { whyCity: 'x', futureLocal: 1 } });
  });

  it('drops what the operator removed: a team member, the special hours, the booking link', () => {
    const form = formFromConfig(FULL);
    form.team.splice(0, 1);
    form.specialHours = [];
    form.bookingUrl = ' ';
    form.isAcceptingNewPatients = '';
    const saved = mergeConfig(FULL, form);
    expect(saved.localContent?.team).toEqual([{ name: 'Sam Lee', credentials: 'PA-C' }]);
    expect(saved).not.toHaveProperty('specialHours');
    expect(saved).not.toHaveProperty('bookingUrl');
    expect(saved).not.toHaveProperty('isAcceptingNewPatients');
  });

  it('puts the schema’s messages on the fields that caused them, named by their labels', () => {
    const form = formFromConfig(FULL);
    form.primaryColor = 'blue';
    form.specialHours[1]!.closes = '08:00';
    form.team[0]!.name = '';
    form.bookingUrl = 'http://booking.example.com';
    const parsed = clinicConfigSchema.safeParse(toConfig(form));
    expect(parsed.success).toBe(false);
    const byKey = new Map(parsed.error!.issues.map((i) => [i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '').replace(/\.\[/g, '['), i.message]));
    const keys = [...byKey.keys()];
    expect(keys).toEqual(expect.arrayContaining(['primaryColor', 'specialHours[1].closes', 'localContent.team[0].name', 'bookingUrl']));
    expect(formFieldOf('specialHours[1].closes')).toBe('specialHours.1.closes');
    expect(formFieldOf('localContent.team[0].name')).toBe('team.0.name');
    expect(formFieldOf('localContent.whyCity')).toBe('whyCity');
    expect(formFieldOf('legal.courts')).toBe('courts');
    expect(formFieldOf('legal.effectiveDate')).toBe('effectiveDate');
    expect(formFieldOf('costs.payment[1]')).toBe('payment');
    expect(formFieldOf('costs.firstVisit')).toBe('firstVisitCost');
    expect(formFieldOf('geo.latitude')).toBe('latitude');
    expect(formFieldOf('specialHours[0].closed')).toBe('specialHours.0.kind');
    expect(fieldLabel('primaryColor')).toEqual({ label: 'Brand colour', id: 'field-primaryColor' });
    expect(fieldLabel('specialHours[1].closes')).toEqual({ label: 'Closes (special hours 2)', id: 'field-specialHours-1-closes' });
    expect(fieldLabel('localContent.team[0].name')).toEqual({ label: 'Name (team member 1)', id: 'field-team-0-name' });
    expect(fieldLabel('localContent.team[1].photo.alt')).toEqual({ label: 'Description of the photo (alt text, team member 2)', id: 'field-team-1-photo-alt' });
    expect(fieldLabel('localContent.faq[0].answer')).toEqual({ label: 'Answer 1', id: 'field-faq-0-answer' });
    expect(fieldLabel('hours[0].days')).toEqual({ label: 'Days of row 1', id: 'field-hours-0-days' });
    expect(fieldLabel('bookingUrl')).toEqual({ label: 'Online booking URL', id: 'field-bookingUrl' });
    expect(fieldLabel('legal.courts')).toEqual({ label: 'Courts', id: 'field-courts' });
    expect(fieldLabel('localContent.whyCity')).toEqual({ label: 'Why this city', id: 'field-whyCity' });
  });
});

describe('the treatments in the clinic’s own words (localContent.treatmentText)', () => {
  it('reads each into the form, saves it back trimmed, and leaves an emptied one out', () => {
    const form = formFromConfig(FULL);
    expect(form.treatmentText).toEqual({ trt: FULL.localContent!.treatmentText!.trt, semaglutide: '', nadTherapy: '', hormone_optimization: '', peptideTherapy: 'Peptide plans are reviewed every six weeks.', vitaminInjections: '' });
    form.treatmentText.nadTherapy = '  NAD+ drips take two hours in our quiet room.\n\nBring a book.  \n';
    form.treatmentText.peptideTherapy = '  \n ';
    const saved = mergeConfig(FULL, form);
    expect(saved.localContent?.treatmentText).toEqual({ trt: FULL.localContent!.treatmentText!.trt, nadTherapy: 'NAD+ drips take two hours in our quiet room.\n\nBring a book.' });
    expect(clinicConfigSchema.safeParse(saved).success).toBe(true);
    // Opened again: the same texts, and saved again: the same config.
    expect(mergeConfig(saved, formFromConfig(saved))).toEqual(saved);
  });

  it('leaves treatmentText out when no text is left (never `""` or `{}`), and a new city starts with none', () => {
    const form = formFromConfig(FULL);
    for (const key of Object.keys(form.treatmentText) as (keyof typeof form.treatmentText)[]) form.treatmentText[key] = ' ';
    const saved = mergeConfig(FULL, form);
    expect(saved.localContent).not.toHaveProperty('treatmentText');
    expect(saved.localContent?.whyCity).toBe(FULL.localContent?.whyCity);
    // A config as the server parsed it (the schema's `{}` default) is saved without it.
    const parsed = { ...FULL, localContent: { whyCity: 'x', treatmentText: {} } } as ClinicConfigInput;
    expect(mergeConfig(parsed, formFromConfig(parsed)).localContent).toEqual({ whyCity: 'x' });
    // The served clinic's texts are its own: a new city's form has none.
    expect(Object.values(initialForm(FULL as unknown as Record<string, unknown>).treatmentText)).toEqual(['', '', '', '', '', '']);
  });

  it('keeps the text of a service switched off on the form, but does not save it while the service is off', () => {
    const form = formFromConfig(FULL);
    form.services.trt = false;
    const saved = mergeConfig(FULL, form);
    expect(saved.localContent?.treatmentText).toEqual({ peptideTherapy: 'Peptide plans are reviewed every six weeks.' });
    expect(clinicConfigSchema.safeParse(saved).success).toBe(true);
    // Still on the form: switched on again before the save, the text is saved as it was.
    expect(form.treatmentText.trt).toBe(FULL.localContent!.treatmentText!.trt);
    form.services.trt = true;
    expect(mergeConfig(FULL, form)).toEqual(FULL);
    // A text written for a service that is off makes no change a save would send.
    const off = formFromConfig(FULL);
    off.treatmentText.semaglutide = 'Weekly check-ins.';
    expect(sameForm(off, formFromConfig(FULL))).toBe(true);
    // A config (a YAML) with text for a service it does not offer: read, not saved.
    const yaml = { ...FULL, localContent: { ...FULL.localContent, treatmentText: { vitaminInjections: 'B12 on Fridays.' } } } as ClinicConfigInput;
    expect(formFromConfig(yaml).treatmentText.vitaminInjections).toBe('B12 on Fridays.');
    expect(mergeConfig(yaml, formFromConfig(yaml)).localContent).not.toHaveProperty('treatmentText');
  });

  it('puts the schema’s message on the treatment’s text area, named by its label', () => {
    const form = formFromConfig(FULL);
    form.treatmentText.trt = 'x'.repeat(2001);
    const parsed = clinicConfigSchema.safeParse(toConfig(form));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain('localContent.treatmentText.trt');
    expect(formFieldOf('localContent.treatmentText.trt')).toBe('treatmentText.trt');
    expect(fieldLabel('localContent.treatmentText.trt')).toEqual({ label: 'In your own words: TRT Therapy', id: fieldId('treatmentText.trt') });
    expect(fieldLabel('localContent.treatmentText.hormone_optimization')).toEqual({ label: 'In your own words: Hormone Optimization', id: 'field-treatmentText-hormone_optimization' });
    expect(fieldLabel('localContent.treatmentText').label).toBe('Treatments in your own words');
  });
});

/** toConfig without the keys it leaves undefined (as JSON sends it). */
function toConfigClean(form: ReturnType<typeof formFromConfig>) {
  return JSON.parse(JSON.stringify(toConfig(form))) as ClinicConfigInput;
}

describe('the brand colour’s live contrast check', () => {
  it('passes a colour white text reads on (AA, 4.5:1), fails one it does not, and says what to type', () => {
    expect(colorCheck('#1d4ed8')).toMatchObject({ ok: true, text: expect.stringMatching(/^White text on #1d4ed8: contrast 6\.\d\d:1, passes AA/) });
    expect(colorCheck('#fde047')).toMatchObject({ ok: false, text: expect.stringMatching(/contrast 1\.\d\d:1, fails AA \(needs 4\.5:1\)\. Choose a darker colour\.$/) });
    // Empty: the schema's default, which passes.
    expect(colorCheck('')).toMatchObject({ ok: true, color: '#1d4ed8' });
    expect(colorCheck('blue')).toEqual({ ok: false, text: 'Not a colour yet: write it as # and six hex digits, like #1d4ed8.' });
  });
});
