import { useController, useFormState, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { errorAt } from '../ui.js';
import { PhotosSection, type PhotosValue } from './photos.js';

/**
 * The server's errors about photos, by the keys it names them with (`photos.hero.alt`,
 * `photos.gallery[0].src`), read from where a generate or save put them on the form
 * (`photos.gallery.0.src`, formFieldOf).
 */
export function photoErrors(errors: FieldErrors<AdminForm>, photos: PhotosValue): Record<string, string> {
  const out: Record<string, string> = {};
  const take = (key: string, path: string) => {
    const message = errorAt(errors, path);
    if (message) out[key] = message;
  };
  for (const field of ['src', 'alt']) {
    take(`photos.hero.${field}`, `photos.hero.${field}`);
    photos.gallery.forEach((_, i) => take(`photos.gallery[${i}].${field}`, `photos.gallery.${i}.${field}`));
  }
  return out;
}

/**
 * The Photos card bound to the form: Save and Generate send what it holds (the config's
 * `photos`). An edit drops the server's photo errors, which name photos by their place in the
 * gallery and no longer hold once one is added or removed; an empty description still says so.
 */
export function PhotosField({ form }: { form: UseFormReturn<AdminForm> }) {
  const { field } = useController({ control: form.control, name: 'photos' });
  const { errors } = useFormState({ control: form.control, name: 'photos' });
  const value = field.value;
  return (
    <PhotosSection
      value={value}
      errors={photoErrors(errors, value)}
      onChange={(next) => {
        form.clearErrors('photos');
        field.onChange(next);
      }}
    />
  );
}
