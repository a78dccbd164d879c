import { useId, useRef, useState } from 'react';
import { photoUploadFailed, photoUploadRejected } from '../../texts/admin.js';
import type { ResponseOf } from '../../contract/route.js';
import { uploadPhoto as uploadPhotoRoute } from '../../contract/site.js';
import { fetchRoute, parseJson, readFailure } from '../api.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, Card, describedBy, Field, inputClass } from '../ui.js';

/** One photo of the config: where it is and what it shows (alt text, required). */
export interface PhotoValue {
  src: string;
  alt: string;
  /** The alt text in Spanish (issue 40): its input is on the Spanish words card (sections/spanish-entries.tsx). */
  es?: { alt: string };
}

/** The config's `photos`: a hero for the home page, up to 8 photos of the clinic for /about. */
export interface PhotosValue {
  hero?: PhotoValue;
  gallery: PhotoValue[];
}

export const GALLERY_MAX = 8;

/** The photos with the hero replaced (or removed, with undefined). */
export function withHero(v: PhotosValue, hero: PhotoValue | undefined): PhotosValue {
  const { hero: _, ...rest } = v;
  return hero ? { ...rest, hero } : rest;
}

/** The photos with gallery photo `i` replaced, or removed with undefined, or added at the end (i = length). */
export function withGalleryPhoto(v: PhotosValue, i: number, photo: PhotoValue | undefined): PhotosValue {
  const gallery = [...v.gallery];
  if (photo) gallery.splice(i, 1, photo);
  else gallery.splice(i, 1);
  return { ...v, gallery: gallery.slice(0, GALLERY_MAX) };
}

/**
 * Photos: the hero photo and the clinic's gallery, each uploaded to the server (which checks the
 * file by its content, keeps it upright and strips its metadata, such as a phone's GPS position)
 * with a required description for patients who cannot see it. `errors` are the generate
 * answer's, by field (`photos.hero.alt`).
 */
/** Uploads a photo (/api/upload-photo), for the Photos card and the team's photos: its URL, or a message why not. */
export async function uploadPhoto(file: File): Promise<{ url: string } | { error: string }> {
  try {
    const body = new FormData();
    body.append('photo', file);
    const res = await fetchRoute(uploadPhotoRoute, { body });
    const text = await res.text();
    const json = parseJson(text);
    const done = json as Partial<ResponseOf<typeof uploadPhotoRoute>> | undefined;
    if (res.ok && done?.success === true && typeof done.url === 'string') return { url: done.url };
    const said = readFailure(json);
    return { error: photoUploadRejected(said.message ?? said.error ?? `${res.status}: ${text || res.statusText}`).title };
  } catch (err) {
    console.error(err);
    return { error: photoUploadFailed.title };
  }
}

export function PhotosSection({ value, onChange, errors = {} }: { value: PhotosValue; onChange: (next: PhotosValue) => void; errors?: Record<string, string> }) {
  const { notice, show, clear } = useNotice();
  const [busy, setBusy] = useState(false);

  /** Uploads a file; the photo's URL, or undefined after showing why not. */
  const upload = async (file: File): Promise<string | undefined> => {
    setBusy(true);
    clear();
    try {
      const r = await uploadPhoto(file);
      if ('url' in r) return r.url;
      show(r.error, 'error');
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id="photos" title="Photos" lead="A photo at the top of the home page, and up to 8 photos of the clinic on the About page. JPG, PNG, WebP or AVIF, max 15MB.">
      <h3 className="text-base font-semibold text-slate-900">Hero photo</h3>
      {value.hero ? (
        <PhotoRow name="hero" label="hero photo" photo={value.hero} error={errors['photos.hero.alt'] ?? errors['photos.hero.src']} onChange={(p) => onChange(withHero(value, p))} />
      ) : (
        <FilePicker label="Hero photo file" disabled={busy} onFile={async (f) => { const url = await upload(f); if (url) onChange(withHero(value, { src: url, alt: '' })); }} />
      )}
      <h3 className="mt-6 text-base font-semibold text-slate-900">Clinic photos ({value.gallery.length} of {GALLERY_MAX})</h3>
      <ul className="space-y-4">
        {value.gallery.map((p, i) => (
          <li key={`${p.src}-${i}`}>
            <PhotoRow
              name={`gallery-${i}`}
              label={`clinic photo ${i + 1}`}
              photo={p}
              error={errors[`photos.gallery[${i}].alt`] ?? errors[`photos.gallery[${i}].src`]}
              onChange={(next) => onChange(withGalleryPhoto(value, i, next))}
            />
          </li>
        ))}
      </ul>
      {value.gallery.length < GALLERY_MAX && (
        <FilePicker
          label="Add a clinic photo"
          disabled={busy}
          onFile={async (f) => { const url = await upload(f); if (url) onChange(withGalleryPhoto(value, value.gallery.length, { src: url, alt: '' })); }}
        />
      )}
      <p role="status" className="mt-1 text-sm font-medium text-brand">{busy ? 'Uploading photo...' : ''}</p>
      <NoticeArea notice={notice} testId="photos-notice" />
    </Card>
  );
}

/** A photo's thumbnail, its alt text input and a Remove button. */
function PhotoRow({ name, label, photo, error, onChange }: { name: string; label: string; photo: PhotoValue; error?: string; onChange: (p: PhotoValue | undefined) => void }) {
  const id = `photo-${name}-alt`;
  const hint = 'Say what the photo shows, for patients who cannot see it (required).';
  const missing = photo.alt.trim() === '' ? 'Describe the photo before generating the website.' : undefined;
  const shown = error ?? missing;
  return (
    <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex h-24 w-36 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {photo.src.startsWith('/uploads/') ? (
          <img src={photo.src} alt="" className="h-full w-full object-cover" />
        ) : (
          <span className="px-2 text-center text-xs break-all text-slate-600">{photo.src}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Field id={id} label={`Description of the ${label} (alt text)`} hint={hint} error={shown}>
          <input id={id} type="text" maxLength={200} value={photo.alt} onChange={(e) => onChange({ ...photo, alt: e.target.value })} className={inputClass} {...describedBy(id, { hint, error: shown })} />
        </Field>
        <Button variant="ghost" className="mt-1 px-2" onClick={() => onChange(undefined)}>
          Remove {label}
        </Button>
      </div>
    </div>
  );
}

/** A labelled file input that hands over the chosen file and clears itself. */
export function FilePicker({ label, disabled, onFile }: { label: string; disabled: boolean; onFile: (f: File) => Promise<void> }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">{label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={disabled}
        onChange={async () => {
          const file = input.current?.files?.[0];
          if (file) await onFile(file);
          if (input.current) input.current.value = '';
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-dark disabled:opacity-60"
      />
    </div>
  );
}
