/**
 * The facts a city gives itself or does not publish (NOTES.md decision 14): its weekly hours and
 * the legal facts its Terms name. A city may be saved before it gives them (issue 39 item 3); it
 * does not build until it does, and what is missing is named by the admin's labels, on the server
 * (saving, deploying a saved version, Redeploy all) as in the admin's form.
 */
export const REQUIRED_FACT_LABELS = {
  hours: 'Weekly hours',
  'legal.governingLaw': 'Governing law (state)',
  'legal.courts': 'Courts',
  'legal.effectiveDate': 'Policies effective date',
} as const;

export type RequiredFact = keyof typeof REQUIRED_FACT_LABELS;

const given = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);

/** The facts a config as written (plain data) leaves out, in the form's order; [] when it gives them all. */
export function missingFacts(data: unknown): RequiredFact[] {
  const config = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const legal = config.legal !== null && typeof config.legal === 'object' && !Array.isArray(config.legal) ? (config.legal as Record<string, unknown>) : {};
  const out: RequiredFact[] = [];
  if (!given(config.hours)) out.push('hours');
  for (const key of ['governingLaw', 'courts', 'effectiveDate'] as const) if (!given(legal[key])) out.push(`legal.${key}`);
  return out;
}

/** "Weekly hours, Courts": the missing facts by their labels. */
export const factLabels = (facts: readonly RequiredFact[]): string => facts.map((f) => REQUIRED_FACT_LABELS[f]).join(', ');
