/**
 * What a city saved before NOTES.md decision 14 published for the facts it did not give: the
 * schema's defaults of then (the specification's hours, Florida law, Pasco County's courts, and
 * the policies' January 1, 2024). Decision 14 removed those defaults, so a config without them no
 * longer validates; a version the server stored before is read with them filled in (as it was
 * then), so it still builds the site it published and nothing already stored is rewritten. A new
 * config, a file on disk or an import gets none of them. No zod here: the data is plain JSON.
 */
const PUBLISHED_HOURS = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
  { days: ['Saturday'], opens: '09:00', closes: '14:00' },
];
const PUBLISHED_LEGAL = { governingLaw: 'Florida', courts: 'Pasco County', effectiveDate: '2024-01-01' };

/** A stored version's data with the facts it published but did not write filled in; anything else as it was. */
export function withPublishedFacts(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const config = data as Record<string, unknown>;
  const out: Record<string, unknown> = { ...config };
  if (!('hours' in config)) out.hours = PUBLISHED_HOURS.map((h) => ({ ...h, days: [...h.days] }));
  const legal = config.legal;
  if (legal === undefined || legal === null) out.legal = { ...PUBLISHED_LEGAL };
  else if (typeof legal === 'object' && !Array.isArray(legal)) {
    const given = legal as Record<string, unknown>;
    out.legal = { ...given };
    for (const [k, v] of Object.entries(PUBLISHED_LEGAL)) if (!(k in given)) (out.legal as Record<string, unknown>)[k] = v;
  }
  return out;
}
