import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'node-html-parser';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { ClinicConfigInput } from '../../config/schema.js';
import { Details } from '../cities/city-details.js';
import { formFromConfig, type AdminForm } from '../form.js';
import { LocalContent } from './local-content.js';
import { TreatmentTexts } from './treatment-text.js';

/** The treatments in the clinic's own words on the city editor's Local content card and in the read-only city view. */
const CONFIG = {
  businessName: 'Northstar Men’s Health',
  city: 'Tampa',
  state: 'FL',
  address: '1 A St',
  zipCode: '33602',
  phone: '(813) 555-0101',
  email: 'tampa@example.com',
  services: { trt: true, semaglutide: true, nadTherapy: false, hormone_optimization: false, peptideTherapy: false, vitaminInjections: false },
  localContent: { treatmentText: { trt: 'Dr. Ruiz sees every TRT patient.\n\nLabs are drawn here.', nadTherapy: 'NAD+ drips in a quiet room.' } },
} as ClinicConfigInput;

function view(values: AdminForm, section: 'texts' | 'card' = 'texts') {
  function Harness() {
    const form = useForm<AdminForm>({ defaultValues: values });
    return section === 'texts' ? <TreatmentTexts form={form} /> : <LocalContent form={form} />;
  }
  return parse(renderToStaticMarkup(<Harness />));
}

describe('the treatments in your own words', () => {
  it('has a labelled text area, with its hint, for each service the city offers and none for the others', () => {
    const html = view(formFromConfig(CONFIG));
    const areas = html.querySelectorAll('textarea');
    expect(areas.map((t) => t.id)).toEqual(['field-treatmentText-trt', 'field-treatmentText-semaglutide']);
    for (const t of areas) {
      const label = html.querySelector(`label[for="${t.id}"]`);
      expect(label?.text).toMatch(/^In your own words: (TRT Therapy|Semaglutide Weight Loss)$/);
      const hint = html.querySelector(`#${t.getAttribute('aria-describedby')}`);
      expect(hint?.text).toMatch(/On the brand site it gives this location its own .+ page; left empty, patients see the brand’s .+ page only\./);
    }
  });

  it('says that the text of a service switched off is kept while editing but not saved', () => {
    const kept = view(formFromConfig(CONFIG)).querySelector('[data-testid="treatment-text-kept"]')!;
    expect(kept.getAttribute('role')).toBe('status');
    expect(kept.text).toBe('Your text on NAD+ Therapy is kept while you edit, but not saved while that service is switched off under Services Offered.');
    const none = formFromConfig({ ...CONFIG, localContent: {} } as ClinicConfigInput);
    expect(view(none).querySelector('[data-testid="treatment-text-kept"]')!.text).toBe('');
    const off = { ...none, services: { ...none.services, trt: false, semaglutide: false } };
    const html = view(off);
    expect(html.querySelectorAll('textarea')).toHaveLength(0);
    expect(html.text).toContain('No services switched on');
  });

  it('is on the Local content card', () => {
    const html = view(formFromConfig(CONFIG), 'card');
    expect(html.querySelector('#local')).not.toBeNull();
    expect(html.querySelector('#field-treatmentText-trt')).not.toBeNull();
    expect(html.querySelector('label[for="field-whyCity"]')?.text).toBe('Why this city');
  });

  it('shows in the read-only city view, for the services the city offers', () => {
    const html = parse(renderToStaticMarkup(<Details form={formFromConfig(CONFIG)} />));
    const terms = html.querySelectorAll('#local dt').map((d) => d.text);
    expect(terms).toContain('In your own words: TRT Therapy');
    expect(terms).not.toContain('In your own words: NAD+ Therapy');
    expect(html.querySelector('#local')!.text).toContain('Labs are drawn here.');
    const bare = parse(renderToStaticMarkup(<Details form={formFromConfig({ ...CONFIG, localContent: {} } as ClinicConfigInput)} />));
    expect(bare.querySelectorAll('#local dt').map((d) => d.text)).toContain('Treatments in your own words');
  });
});
