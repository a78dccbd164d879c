import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ClinicConfigInput } from '../config/schema.js';
import { citySlug } from '../config/slug.js';
import * as M from '../texts/admin.js';
import { createCity, saveCity } from './cities-api.js';
import { formFieldOf, formFromConfig, mergeConfig, type AdminForm } from './form.js';
import { sentence, useNotice } from './notice.js';
import { factLabels } from '../config/required-facts.js';

/** The version of a city this editor stands on: what Save compares with and PUTs over. */
export interface SavedCity {
  slug: string;
  city: string;
  version: number;
  savedAt: string;
  /** The form values of that version, to tell unsaved changes. */
  values: AdminForm;
}

/**
 * Save: the form's values merged over the opened config (fields without an input are kept), POSTed
 * for a new city or PUT with the version it was opened at, so a save never overwrites a newer
 * version someone else saved (409). Answers go into the bar's notice; field errors onto the fields.
 */
export function useCitySave(
  form: UseFormReturn<AdminForm>,
  opened: { config?: ClinicConfigInput; saved?: SavedCity },
  onCreated: (saved: SavedCity) => void,
) {
  const base = useRef(opened.config);
  const [saved, setSaved] = useState<SavedCity | undefined>(opened.saved);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<[string, string][]>([]);
  const { notice, show, clear } = useNotice();

  const save = async () => {
    setSaving(true);
    setProblems([]);
    clear();
    form.clearErrors();
    const values = structuredClone(form.getValues());
    const config = mergeConfig(base.current, values);
    try {
      if (saved && citySlug(config.city) !== saved.slug) {
        form.setError('city', { type: 'server', message: M.cityRenameRefused(saved.city).title });
        show(sentence(M.cityRenameRefused(saved.city)), 'error');
        return;
      }
      const answer = saved ? await saveCity(saved.slug, config, saved.version) : await createCity(config);
      if (answer.ok) {
        const info = 'city' in answer ? { ...answer.city, changed: true } : answer;
        const next: SavedCity = { slug: info.slug, city: config.city, version: info.version, savedAt: info.savedAt, values };
        base.current = config;
        setSaved(next);
        // The form's "unchanged" state is now this version.
        form.reset(values, { keepErrors: false });
        // Saved without some of its facts (issue 39 item 3): said, by their labels, with what waits for them.
        const missing = answer.missing?.length ? factLabels(answer.missing) : undefined;
        show(missing ? sentence(M.cityVersionSavedIncomplete(info.version, missing)) : (info.changed ? M.cityVersionSaved(info.version) : M.cityVersionUnchanged(info.version)).title, 'success');
        if (!saved) onCreated(next);
        return;
      }
      if (answer.status === 409) {
        show(sentence(saved ? M.citySaveConflict(saved.city) : M.cityAlreadyExists(config.city)), 'error');
        return;
      }
      if (answer.status === 0) {
        show(sentence(M.saveUnreachable), 'error');
        return;
      }
      const errors = Object.entries(answer.failure.errors).filter(([key]) => key !== '_form');
      for (const [key, message] of errors) form.setError(formFieldOf(key) as keyof AdminForm, { type: 'server', message });
      // Without a field map the server's one line says what is wrong.
      setProblems(errors.length ? errors : [['config', answer.failure.error ?? answer.failure.message ?? `${answer.status}`]]);
      show(M.citySaveRejected.title, 'error');
    } finally {
      setSaving(false);
    }
  };

  /** The config the form stands on (the opened or last saved one): Generate merges the form over it too. */
  const standsOn = () => base.current;

  /** A version saved elsewhere in the page (a Restore) becomes what the form stands on, its fields in the form. */
  const adopt = (next: { version: number; savedAt: string; config: ClinicConfigInput }) => {
    if (!saved) return;
    const values = formFromConfig(next.config);
    base.current = next.config;
    setSaved({ ...saved, version: next.version, savedAt: next.savedAt, values });
    form.reset(values, { keepErrors: false });
  };

  /**
   * An earlier version that can no longer be saved as it was (saved before a fact was required,
   * NOTES.md decision 14), put in the form as unsaved edits over the version the editor stands on,
   * each missing field marked and listed above the form by its label (issue 39 item 3).
   */
  const openAsEdits = (config: ClinicConfigInput, errors: Record<string, string>) => {
    base.current = config;
    form.reset(formFromConfig(config), { keepDefaultValues: true });
    for (const [key, message] of Object.entries(errors)) form.setError(formFieldOf(key) as keyof AdminForm, { type: 'server', message });
    setProblems(Object.entries(errors));
  };

  return { saved, saving, problems, notice, save, standsOn, adopt, openAsEdits };
}

export type CitySave = ReturnType<typeof useCitySave>;
