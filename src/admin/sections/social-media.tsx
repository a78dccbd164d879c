import type { UseFormReturn } from 'react-hook-form';
import { SOCIAL_NETWORKS, type AdminForm } from '../form.js';
import { Card, describedBy, errorAt, Field, inputClass } from '../ui.js';

/** Social Media Handles: @name or a full https:// profile link; empty ones are left out of the site. */
export function SocialMedia({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <Card id="social" title="Social Media Handles" lead="A handle like @clinicname or a full profile link.">
      <div className="grid gap-4 sm:grid-cols-2">
        {SOCIAL_NETWORKS.map(({ key, label }) => {
          const id = `field-social-${key}`;
          const error = errorAt(form.formState.errors, `socialMedia.${key}`);
          return (
            <Field key={key} id={id} label={label} error={error}>
              <input id={id} type="text" placeholder="@clinicname" className={inputClass} {...describedBy(id, { error })} {...form.register(`socialMedia.${key}`)} />
            </Field>
          );
        })}
      </div>
    </Card>
  );
}
