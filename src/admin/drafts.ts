import type { AdminForm } from './form.js';

/**
 * A city's unsaved edits, kept in this tab when the session ends under them (idle, signed out
 * elsewhere, the account disabled, a 401 on Save): the admin unmounts at once, so nothing of a
 * patient's message stays on screen, and the editor's form would go with it. They are offered back
 * when the city is opened again after signing in (docs/serving.md: nothing lost or undone
 * silently). sessionStorage: this tab only, gone when it closes. A city's details, never a message.
 */
const PREFIX = 'clinic-gen.draft.';

/** Dispatched on window just before a signed-in admin is left other than by Sign out (auth/use-gate.ts). */
export const SESSION_ENDING_EVENT = 'clinic-gen:session-ending';

export interface Draft {
  values: AdminForm;
  /** The form as saved when the edits were made on it: what tells the edited fields apart. */
  base: AdminForm;
  /** When it was kept (ms since the epoch). */
  at: number;
  /** The account that made the edits: offered back to it alone. */
  account: string;
  /** The saved version the edits were made on, if the city was saved. */
  version?: number;
}

/**
 * The form with the draft's edits: all of it on the version it was made on; on a newer version
 * (saved since by someone else), only the fields the draft changed, over the newer version's
 * values, so a save does not undo the other person's changes. `changed`: those fields' names.
 */
export function restoredForm(draft: Draft, current: AdminForm, version: number | undefined): { values: AdminForm; changed: string[] } {
  const keys = Object.keys(draft.values) as (keyof AdminForm)[];
  const changed = keys.filter((k) => JSON.stringify(draft.values[k]) !== JSON.stringify(draft.base[k]));
  if (draft.version === version) return { values: draft.values, changed };
  const values = { ...current };
  for (const k of changed) (values as Record<string, unknown>)[k] = draft.values[k];
  return { values, changed };
}

/** The key of an editor's draft: the city's slug, or `new` for a city not saved yet. */
export const draftKey = (slug: string | undefined) => slug ?? 'new';

export function keepDraft(key: string, draft: Draft): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch (err) {
    console.error(err); // storage full or refused: the edits are lost as before, and logged
  }
}

export function readDraft(key: string): Draft | undefined {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    const draft = text ? (JSON.parse(text) as Draft) : undefined;
    return draft && typeof draft.at === 'number' && typeof draft.account === 'string' && draft.values && typeof draft.values === 'object' && draft.base && typeof draft.base === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function dropDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // nothing kept to drop
  }
}
