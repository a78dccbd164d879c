import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { TREATMENT_TEXTS, treatmentTextLabel } from '../field-labels.js';
import { SERVICE_TOGGLES, type AdminForm } from '../form.js';
import { Button, Card } from '../ui.js';
import { focusSoon, TextInput } from './fields.js';
import { englishHint, SpanishEntries } from './spanish-entries.js';

const FAQ_MAX = 10;

/**
 * Spanish words (issue 40 item 3): the city's own texts on its Spanish pages, the config's `es` and
 * each list entry's (`team[0].es.bio`, a photo's `es.alt`), each beside the English it translates.
 * Shown while Spanish pages are switched on (Services Offered > Languages); switched off, the words
 * stay on the form and are saved as they are, for when Spanish is switched on again. A field left
 * empty is left out of the config: its Spanish page shows the English text, and the build names it.
 */
export function SpanishWords({ form }: { form: UseFormReturn<AdminForm> }) {
  const on = useWatch({ control: form.control, name: 'spanish' });
  return on ? <SpanishCard form={form} /> : null;
}

function SpanishCard({ form }: { form: UseFormReturn<AdminForm> }) {
  const [description, whyCity, areasServed, firstVisit, insurance, services, texts] = useWatch({
    control: form.control,
    name: ['description', 'whyCity', 'areasServed', 'firstVisitCost', 'insurance', 'services', 'treatmentText'],
  });
  const faq = useFieldArray({ control: form.control, name: 'es.localContent.faq' });
  const offered = SERVICE_TOGGLES.filter((s) => services?.[s.key]);
  return (
    <Card
      id="spanish-words"
      title="Spanish words (Español)"
      lead="This city’s own texts on its Spanish pages (/es/), each under the English it translates. One left empty shows in English there, and the build lists it. Switching Spanish off keeps them."
    >
      <div className="grid gap-4">
        <TextInput form={form} name="es.description" label="Description (Spanish)" rows={3} lang="es" hint={englishHint(description)} />
        <TextInput form={form} name="es.localContent.whyCity" label="Why this city (Spanish)" rows={5} lang="es" hint={englishHint(whyCity)} />
        <TextInput
          form={form}
          name="es.localContent.areasServed"
          label="Areas served (Spanish)"
          rows={4}
          lang="es"
          hint={englishHint((areasServed ?? '').split('\n').filter((a) => a.trim()).join(', '), 'One neighbourhood or town a line; the list replaces the English one.')}
        />
        <TextInput form={form} name="es.costs.firstVisit" label="First visit (Spanish)" rows={2} lang="es" hint={englishHint(firstVisit)} />
        <TextInput form={form} name="es.costs.insurance" label="Insurance (Spanish)" rows={2} lang="es" hint={englishHint(insurance)} />
      </div>

      <h3 className="mt-6 text-base font-semibold text-slate-900">{TREATMENT_TEXTS} (Spanish)</h3>
      {offered.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No services switched on.</p>
      ) : (
        <div className="mt-3 grid gap-4">
          {offered.map((s) => (
            <TextInput
              key={s.key}
              form={form}
              name={`es.localContent.treatmentText.${s.key}`}
              label={`${treatmentTextLabel(s.label)} (Spanish)`}
              rows={5}
              lang="es"
              hint={englishHint(texts?.[s.key])}
            />
          ))}
        </div>
      )}

      <h3 className="mt-6 text-base font-semibold text-slate-900">
        Local questions (Spanish) ({faq.fields.length} of {FAQ_MAX})
      </h3>
      <p className="mt-1 text-sm text-slate-600">The Spanish pages’ own questions: given, they replace the English list there; none, the English questions show.</p>
      <ul className="mt-2 space-y-4">
        {faq.fields.map((f, i) => (
          <li key={f.id} className="rounded-lg border border-slate-200 p-3">
            <div className="grid gap-3">
              <TextInput form={form} name={`es.localContent.faq.${i}.question`} label={`Question ${i + 1} (Spanish)`} lang="es" />
              <TextInput form={form} name={`es.localContent.faq.${i}.answer`} label={`Answer ${i + 1} (Spanish)`} rows={3} lang="es" />
            </div>
            <Button
              variant="ghost"
              className="mt-1 px-2 text-red-700"
              onClick={() => {
                faq.remove(i);
                focusSoon('add-spanish-question');
              }}
            >
              Remove Spanish question {i + 1}
            </Button>
          </li>
        ))}
      </ul>
      {faq.fields.length < FAQ_MAX && (
        <Button id="add-spanish-question" variant="secondary" className="mt-3" onClick={() => faq.append({ question: '', answer: '' })}>
          Add a local question in Spanish
        </Button>
      )}

      <SpanishEntries form={form} />
    </Card>
  );
}
