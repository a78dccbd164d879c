import { clinicConfigSchema, legalFields } from '../config/schema.js';
import type { InitField } from './field-list.js';
import { parseHoursText } from './hours-text.js';

/**
 * Checks one answer with the config schema's own rule for the field, so init accepts exactly
 * what build will. Returns the cleaned value (trimmed, as the schema gives it) or what is wrong.
 */
export function checkField(field: InitField, value: string): { ok: true; value: string } | { ok: false; error: string } {
  if (field.key === 'hours') {
    const read = parseHoursText(value);
    if (!read.ok) return read;
    const r = clinicConfigSchema.shape.hours.safeParse(read.entries);
    return r.success ? { ok: true, value: value.trim() } : { ok: false, error: r.error.issues[0]?.message ?? 'invalid' };
  }
  const rule = field.key === 'governingLaw' || field.key === 'courts' || field.key === 'effectiveDate' ? legalFields.shape[field.key] : clinicConfigSchema.shape[field.key];
  const r = rule.safeParse(value);
  if (r.success && typeof r.data === 'string') return { ok: true, value: r.data };
  const message = r.success ? 'expected a value' : (r.error.issues[0]?.message ?? 'invalid');
  return { ok: false, error: message };
}
