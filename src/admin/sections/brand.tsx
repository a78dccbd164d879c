import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { BRAND_LEGAL_LABELS } from '../../config/brand.js';
import { AA_TEXT, contrastRatio } from '../../config/contrast.js';
import type { FontChoice } from '../../config/schema.js';
import { FONT_LABELS } from '../font-choices.js';
import type { AdminForm } from '../form.js';
import { Card, describedBy, errorAt, Field, inputClass } from '../ui.js';

const FONT_HINT = 'The site’s text is set in it. The font file is served with the site: no requests to other servers.';
const COLOR_HINT = 'Buttons, links and headings. A hex colour like #1d4ed8; empty: #1d4ed8. White text on it needs a contrast of 4.5:1 (WCAG 2.2 AA).';
export const DEFAULT_COLOR = '#1d4ed8';

/** The live contrast check of a brand colour against the white text of the site's buttons. */
export function colorCheck(value: string): { color?: string; ratio?: number; ok: boolean; text: string } {
  const v = value.trim() === '' ? DEFAULT_COLOR : value.trim();
  if (!/^#[0-9a-fA-F]{6}$/.test(v)) return { ok: false, text: 'Not a colour yet: write it as # and six hex digits, like #1d4ed8.' };
  const ratio = contrastRatio(v.toLowerCase(), '#ffffff');
  const shown = `${ratio.toFixed(2)}:1`;
  return ratio >= AA_TEXT
    ? { color: v, ratio, ok: true, text: `White text on ${v}: contrast ${shown}, passes AA (at least ${AA_TEXT}:1).` }
    : { color: v, ratio, ok: false, text: `White text on ${v}: contrast ${shown}, fails AA (needs ${AA_TEXT}:1). Choose a darker colour.` };
}

/**
 * Brand: the site's colour, with a live check of white text on it (src/config/contrast.ts), and its
 * typeface (docs/decisions/014-brand-typeface-and-logo.md). The logo has its card above.
 */
export function Brand({ form }: { form: UseFormReturn<AdminForm> }) {
  const { errors } = useFormState({ control: form.control, name: ['font', 'primaryColor'] });
  const error = errorAt(errors, 'font');
  const colorError = errorAt(errors, 'primaryColor');
  const color = useWatch({ control: form.control, name: 'primaryColor' }) ?? '';
  const check = colorCheck(color);
  return (
    <Card id="brand" title="Brand" lead="The colour and typeface of the site.">
      <div className="grid gap-4">
        <Field id="field-primaryColor" label="Brand colour" hint={COLOR_HINT} error={colorError}>
          <div className="flex items-center gap-3">
            <input
              id="field-primaryColor"
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder={DEFAULT_COLOR}
              className={`${inputClass} max-w-40 font-mono`}
              {...describedBy('field-primaryColor', { hint: COLOR_HINT, error: colorError })}
              aria-describedby={['field-primaryColor-hint', colorError ? 'field-primaryColor-error' : '', 'brand-contrast'].filter(Boolean).join(' ')}
              {...form.register('primaryColor')}
            />
            <span
              aria-hidden="true"
              className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-white"
              style={{ backgroundColor: check.color ?? '#64748b' }}
            >
              Schedule Consultation
            </span>
          </div>
        </Field>
        <p id="brand-contrast" role="status" data-testid="brand-contrast" className={`text-sm font-medium ${check.ok ? 'text-green-800' : 'text-red-700'}`}>
          {check.text}
        </p>
        <Field id="field-font" label="Typeface" hint={FONT_HINT} error={error}>
          <select id="field-font" className={inputClass} {...describedBy('field-font', { hint: FONT_HINT, error })} {...form.register('font')}>
            {(Object.entries(FONT_LABELS) as [FontChoice, string][]).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </Card>
  );
}

/** The brand site's legal facts as the form holds them: each as typed, '' when empty. */
export type BrandLegalValues = Record<keyof typeof BRAND_LEGAL_LABELS, string>;

const LEGAL_HINTS: Record<keyof typeof BRAND_LEGAL_LABELS, string> = {
  governingLaw: 'The state whose law governs the brand site’s terms, like Florida. Each location’s courts come from its own settings.',
  effectiveDate: 'The day the brand site’s privacy policy and terms take effect, like 2024-01-01.',
  email: 'Where patients write about privacy and the terms, like privacy@northstarhealth.example.com.',
};

/**
 * Legal: the brand site's own Privacy Policy and Terms & Conditions (issue 36): its governing law,
 * their effective date and the email they name. Required for a brand site, never copied into a
 * city, never taken from one (NOTES.md decision 14). `errors` by field (`governingLaw`), as the
 * server words them.
 */
export function BrandLegal({ values, onChange, errors }: { values: BrandLegalValues; onChange: (v: BrandLegalValues) => void; errors: Partial<Record<keyof BrandLegalValues, string>> }) {
  return (
    <Card id="brand-legal" title="Legal" lead="The brand site’s privacy policy and terms. Required for a brand site.">
      <div className="grid gap-4">
        {(Object.keys(BRAND_LEGAL_LABELS) as (keyof BrandLegalValues)[]).map((key) => {
          const id = `field-brand-legal-${key}`;
          const hint = LEGAL_HINTS[key];
          const error = errors[key];
          return (
            <Field key={key} id={id} label={BRAND_LEGAL_LABELS[key]} hint={hint} error={error}>
              <input
                id={id}
                type={key === 'email' ? 'email' : 'text'}
                autoComplete="off"
                inputMode={key === 'email' ? 'email' : undefined}
                className={inputClass}
                value={values[key]}
                onChange={(e) => onChange({ ...values, [key]: e.target.value })}
                {...describedBy(id, { hint, error })}
              />
            </Field>
          );
        })}
      </div>
    </Card>
  );
}
