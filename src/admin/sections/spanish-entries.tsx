import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { TextInput } from './fields.js';

/**
 * The hint of a Spanish field: the English text it translates (cut short), or why it shows nowhere
 * yet. The Spanish pages show a Spanish text only where the English one is given (config/translations.ts).
 */
export function englishHint(english: string | undefined, extra?: string): string {
  const text = (english ?? '').trim().replace(/\s+/g, ' ');
  const shown = text.length > 160 ? `${text.slice(0, 157)}...` : text;
  const said = text ? `In English: “${shown}”` : 'Not given in English: the Spanish pages show this only once the English text is given.';
  return extra ? `${said} ${extra}` : said;
}

/**
 * The Spanish words of the form's list entries (issue 40 item 3), on the Spanish words card: a team
 * member's role, biography and photo description, a special-hours entry's label, a photo's
 * description. Each is kept in its entry (`team.0.es.bio`), so it moves and goes with it. A row is
 * keyed by its entry's content as well as its place, so removing an entry on its own card draws
 * the rows after it again with their own words.
 */
export function SpanishEntries({ form }: { form: UseFormReturn<AdminForm> }) {
  const [team, special, photos] = useWatch({ control: form.control, name: ['team', 'specialHours', 'photos'] });
  const gallery = photos?.gallery ?? [];
  const anyPhoto = !!photos?.hero || gallery.length > 0;
  return (
    <>
      {(team ?? []).length > 0 && (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Team (Spanish)</h3>
          <ul className="mt-2 space-y-4">
            {(team ?? []).map((m, i) => (
              <li key={`${i}:${m.name}`} className="rounded-lg border border-slate-200 p-3">
                <p className="mb-2 text-sm font-semibold text-slate-800">{m.name?.trim() || `Team member ${i + 1}`}</p>
                <div className="grid gap-3">
                  <TextInput form={form} name={`team.${i}.es.role`} label={`Role (Spanish, team member ${i + 1})`} lang="es" hint={englishHint(m.role)} />
                  <TextInput form={form} name={`team.${i}.es.bio`} label={`Biography (Spanish, team member ${i + 1})`} rows={3} lang="es" hint={englishHint(m.bio)} />
                  {m.photo && (
                    <TextInput
                      form={form}
                      name={`team.${i}.photo.es.alt`}
                      label={`Description of the photo (alt text in Spanish, team member ${i + 1})`}
                      lang="es"
                      hint={englishHint(m.photo.alt)}
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {(special ?? []).length > 0 && (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Special hours (Spanish)</h3>
          <div className="mt-2 grid gap-3">
            {(special ?? []).map((e, i) => (
              <TextInput
                key={`${i}:${e.label}:${e.date}`}
                form={form}
                name={`specialHours.${i}.es.label`}
                label={`Label (Spanish, special hours ${i + 1})`}
                lang="es"
                hint={englishHint(e.label, e.date ? `(${e.date})` : undefined)}
              />
            ))}
          </div>
        </>
      )}

      {anyPhoto && (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Photos (Spanish)</h3>
          <div className="mt-2 grid gap-3">
            {photos?.hero && (
              <TextInput key={photos.hero.src} form={form} name="photos.hero.es.alt" label="Description of the hero photo (alt text in Spanish)" lang="es" hint={englishHint(photos.hero.alt)} />
            )}
            {gallery.map((p, i) => (
              <TextInput
                key={`${i}:${p.src}`}
                form={form}
                name={`photos.gallery.${i}.es.alt`}
                label={`Description of clinic photo ${i + 1} (alt text in Spanish)`}
                lang="es"
                hint={englishHint(p.alt)}
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}
