import { useFormState, type UseFormReturn } from 'react-hook-form';
import { SPANISH_PAGES } from '../field-labels.js';
import { SERVICE_TOGGLES, type AdminForm } from '../form.js';
import { Card, describedBy, errorAt } from '../ui.js';

/**
 * Services Offered: six switches; they decide the pages, cards, footer links and form options of
 * the site. Only the spec's three headline services have a header menu link (navLabel in
 * src/config/services.ts), and the lead says so rather than promising a link for every service.
 */
export function Services({ form, languages = true }: { form: UseFormReturn<AdminForm>; /** The Languages switch too (the brand settings have a card of their own for it). */ languages?: boolean }) {
  return (
    <Card id="services" title="Services Offered" lead="Each service switched on gets its own page, a card on the home page, a footer link and a contact-form option; TRT, Semaglutide and NAD+ also get a header menu link.">
      <ul className="grid gap-3 sm:grid-cols-2">
        {SERVICE_TOGGLES.map((s) => (
          <li key={s.key}>
            <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
              <span className="text-sm font-medium text-slate-800">{s.label}</span>
              {/* The checkbox itself is drawn as the switch, so a click anywhere on it or its label toggles it. */}
              <input
                type="checkbox"
                role="switch"
                className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand checked:before:translate-x-5"
                {...form.register(`services.${s.key}`)}
              />
            </label>
          </li>
        ))}
      </ul>
      {languages && <Languages form={form} />}
    </Card>
  );
}

/**
 * The site's languages (issue 40): English at the root always; Spanish pages under /es/ when
 * switched on. Its own words in Spanish are the config's `es` (and each entry's), which the build
 * names where they are missing: the Spanish pages then show that text in English.
 */
function Languages({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <fieldset className="mt-5">
      <legend className="text-base font-semibold text-slate-900">Languages</legend>
      <SpanishPagesSwitch
        form={form}
        hint="English pages are the site’s root. With Spanish on, every page also has a Spanish copy under /es/, linked from its English one; the city’s own texts show in English there until their Spanish versions are given on the Spanish words card."
      />
    </fieldset>
  );
}

/**
 * The "Spanish pages (Español)" switch (`languages: [en, es]`): a city's (above) and the brand
 * settings' (brand-languages.tsx), with its hint and the server's error for `languages` under it.
 */
export function SpanishPagesSwitch({ form, hint }: { form: UseFormReturn<AdminForm>; hint: string }) {
  const { errors } = useFormState({ control: form.control, name: 'spanish' });
  const error = errorAt(errors, 'spanish');
  const id = 'field-spanish';
  return (
    <div className="mt-2">
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 sm:max-w-md">
        <span className="text-sm font-medium text-slate-800">{SPANISH_PAGES}</span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand checked:before:translate-x-5"
          {...describedBy(id, { hint, error })}
          {...form.register('spanish')}
        />
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
