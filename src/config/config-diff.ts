/**
 * What changed between two versions of a city's config, field by field (issue 39 item 1): the
 * history's line ("Phone: (813) 555-0100 -> (813) 555-0199") and the side-by-side compare. Keys
 * are the config's paths as errors name them (`phone`, `legal.courts`, `hours[0].open`,
 * `businessProfiles[2]`), so the admin labels them as it labels errors (admin/field-labels.ts).
 * A list of plain values (services, areas served) is one field, its items joined; a list of
 * objects is a field per item's key.
 */
export interface FieldChange {
  path: string;
  /** The value before, as text ('' when the field was not set). */
  before: string;
  after: string;
}

/** Each leaf of a config as text, by path. */
export function configFields(config: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, path: string) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) {
      if (v.every((x) => x === null || typeof x !== 'object')) {
        if (v.length > 0) out.set(path, v.map(String).join(', '));
        return;
      }
      v.forEach((x, i) => walk(x, `${path}[${i}]`));
      return;
    }
    if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, path ? `${path}.${k}` : k);
      return;
    }
    const text = String(v);
    if (text !== '') out.set(path, text);
  };
  walk(config, '');
  return out;
}

/** The fields whose text differs, in the order of the later config (then the ones it dropped). */
export function configChanges(before: unknown, after: unknown): FieldChange[] {
  const a = configFields(before);
  const b = configFields(after);
  const changes: FieldChange[] = [];
  for (const [path, value] of b) if (a.get(path) !== value) changes.push({ path, before: a.get(path) ?? '', after: value });
  for (const [path, value] of a) if (!b.has(path)) changes.push({ path, before: value, after: '' });
  return changes;
}
