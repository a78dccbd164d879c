import { clinicConfigSchema } from '../config/schema.js';
import type { InitField } from './field-list.js';

/**
 * Checks one answer with the config schema's own rule for the field, so init accepts exactly
 * what build will. Returns the cleaned value (trimmed, as the schema gives it) or what is wrong.
 */
export function checkField(field: InitField, value: string): { ok: true; value: string } | { ok: false; error: string } {
  const rule = clinicConfigSchema.shape[field.key];
  const r = rule.safeParse(value);
  if (r.success && typeof r.data === 'string') return { ok: true, value: r.data };
  const message = r.success ? 'expected a value' : (r.error.issues[0]?.message ?? 'invalid');
  return { ok: false, error: message };
}
