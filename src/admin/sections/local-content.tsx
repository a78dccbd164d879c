import { useState } from 'react';
import { useController, useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, Card } from '../ui.js';
import { focusSoon, TextInput } from './fields.js';
import { FilePicker, uploadPhoto } from './photos.js';
import { TreatmentTexts } from './treatment-text.js';

const TEAM_MAX = 12;
const FAQ_MAX = 10;

/**
 * Local content: what this city's site says that no other does (why patients here choose the
 * clinic, its team with photos, credentials and bios, its own questions, the areas it serves, the
 * treatments it offers in its own words: sections/treatment-text.tsx). It is what `clinic-gen
 * check` measures, so a city without it reads as a copy of its siblings.
 */
export function LocalContent({ form }: { form: UseFormReturn<AdminForm> }) {
  const team = useFieldArray({ control: form.control, name: 'team' });
  const faq = useFieldArray({ control: form.control, name: 'faq' });
  const { notice, show, clear } = useNotice();
  return (
    <Card id="local" title="Local content" lead="What this city’s site says that the others do not: search engines treat near-identical city pages as doorways.">
      <div className="grid gap-4">
        <TextInput form={form} name="whyCity" label="Why this city" rows={5} hint="A paragraph on why patients here choose the clinic: the neighbourhood, parking, who the clinic serves." />
        <TextInput form={form} name="areasServed" label="Areas served" rows={4} hint="One neighbourhood or town a line." />
      </div>

      <h3 className="mt-6 text-base font-semibold text-slate-900">
        Team ({team.fields.length} of {TEAM_MAX})
      </h3>
      {team.fields.length === 0 && <p className="mt-1 text-sm text-slate-600">No team members yet.</p>}
      <ul className="mt-2 space-y-4">
        {team.fields.map((f, i) => (
          <li key={f.id} className="rounded-lg border border-slate-200 p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput form={form} name={`team.${i}.name`} label={`Name (team member ${i + 1})`} hint="Like Dr. Maria Lopez." />
              <TextInput form={form} name={`team.${i}.credentials`} label={`Credentials (team member ${i + 1})`} hint="Like MD, board-certified in internal medicine." />
              <TextInput form={form} name={`team.${i}.role`} label={`Role (optional, team member ${i + 1})`} hint="Like Medical Director." />
              <div className="sm:col-span-2">
                <TextInput form={form} name={`team.${i}.bio`} label={`Biography (optional, team member ${i + 1})`} rows={3} />
              </div>
            </div>
            <TeamPhoto form={form} index={i} onError={(e) => show(e, 'error')} onStart={clear} />
            <Button variant="ghost" className="mt-1 px-2 text-red-700" onClick={() => {
                team.remove(i);
                focusSoon('add-team-member');
              }}>
              Remove team member {i + 1}
            </Button>
          </li>
        ))}
      </ul>
      {team.fields.length < TEAM_MAX && (
        <Button id="add-team-member" variant="secondary" className="mt-3" onClick={() => team.append({ name: '', credentials: '', role: '', bio: '' })}>
          Add team member
        </Button>
      )}
      <NoticeArea notice={notice} testId="team-notice" />

      <h3 className="mt-6 text-base font-semibold text-slate-900">
        Local questions ({faq.fields.length} of {FAQ_MAX})
      </h3>
      <p className="mt-1 text-sm text-slate-600">Shown on the home page after the six common questions.</p>
      <ul className="mt-2 space-y-4">
        {faq.fields.map((f, i) => (
          <li key={f.id} className="rounded-lg border border-slate-200 p-3">
            <div className="grid gap-3">
              <TextInput form={form} name={`faq.${i}.question`} label={`Question ${i + 1}`} />
              <TextInput form={form} name={`faq.${i}.answer`} label={`Answer ${i + 1}`} rows={3} />
            </div>
            <Button variant="ghost" className="mt-1 px-2 text-red-700" onClick={() => {
                faq.remove(i);
                focusSoon('add-local-question');
              }}>
              Remove question {i + 1}
            </Button>
          </li>
        ))}
      </ul>
      {faq.fields.length < FAQ_MAX && (
        <Button id="add-local-question" variant="secondary" className="mt-3" onClick={() => faq.append({ question: '', answer: '' })}>
          Add a local question
        </Button>
      )}

      <TreatmentTexts form={form} />
    </Card>
  );
}

/** A team member's photo: a file upload, then its thumbnail, its required description and Remove. */
function TeamPhoto({ form, index, onError, onStart }: { form: UseFormReturn<AdminForm>; index: number; onError: (message: string) => void; onStart: () => void }) {
  const { field } = useController({ control: form.control, name: `team.${index}.photo` });
  const [busy, setBusy] = useState(false);
  const photo = field.value;
  if (photo) {
    return (
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          {photo.src.startsWith('/uploads/') ? <img src={photo.src} alt="" className="h-full w-full object-cover" /> : <span className="px-1 text-center text-xs break-all text-slate-600">{photo.src}</span>}
        </div>
        <div className="min-w-0 flex-1">
          <TextInput form={form} name={`team.${index}.photo.alt`} label={`Description of the photo (alt text, team member ${index + 1})`} hint="Say who the photo shows, like Dr. Maria Lopez in the clinic (required)." />
          <Button variant="ghost" className="mt-1 px-2" onClick={() => field.onChange(undefined)}>
            Remove photo of team member {index + 1}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <FilePicker
        label={`Photo (optional, team member ${index + 1})`}
        disabled={busy}
        onFile={async (file) => {
          onStart();
          setBusy(true);
          const r = await uploadPhoto(file);
          setBusy(false);
          if ('url' in r) field.onChange({ src: r.url, alt: '' });
          else onError(r.error);
        }}
      />
      <p role="status" className="mt-1 text-sm font-medium text-brand">
        {busy ? 'Uploading photo...' : ''}
      </p>
    </div>
  );
}
