import type { ClinicConfig } from '../config/schema.js';
import { configValues, normaliser } from './page-text.js';
import { jaccard, shingles } from './shingles.js';

export type LocalField = 'localContent.whyCity' | 'localContent.team' | 'localContent.areasServed' | 'localContent.faq' | 'description';

/** A local content field and how it stands in a pair of configs. */
export interface FieldAdvice {
  field: LocalField | 'localContent';
  status: 'missing' | 'alike' | 'distinct' | 'short';
  /** Cities (as written in the configs) where the field is empty. */
  missingIn: string[];
  /** Resemblance of the field's text in the two configs, when both have it. */
  similarity?: number;
  message: string;
}

/** A city as the advice reads it: its config and the file it came from. */
export interface AdvisedCity {
  source: string;
  config: ClinicConfig;
}

/** A local field, ready to compare: prose as 3-word shingles, area names as a set. */
type FieldPrint = Uint32Array | Set<string> | undefined;

/** A field this alike (names and contact details set aside) is the same text in other words. */
export const FIELD_ALIKE = 0.5;

const FIELDS: { field: LocalField; text: (c: ClinicConfig) => string | string[] | undefined; hint: string }[] = [
  { field: 'localContent.whyCity', text: (c) => c.localContent.whyCity, hint: 'a paragraph or two on why patients in the city choose the clinic, such as where it is, the neighbourhoods it serves, parking and hours that fit local work' },
  { field: 'localContent.team', text: (c) => c.localContent.team.map((m) => [m.name, m.credentials, m.role, m.bio].filter(Boolean).join(' ')).join(' '), hint: 'the providers who see patients at this location, with credentials and a short bio' },
  { field: 'localContent.areasServed', text: (c) => c.localContent.areasServed, hint: 'the neighbourhoods and nearby towns patients come from' },
  { field: 'localContent.faq', text: (c) => c.localContent.faq.map((f) => `${f.question} ${f.answer}`).join(' '), hint: 'questions patients at this location ask, such as parking, directions or early appointments' },
  { field: 'description', text: (c) => c.description, hint: "a two-sentence summary of this clinic, shown in every page's footer and in the data search engines read" },
];

/** Each local field of a config, ready to compare. */
function fieldPrints(config: ClinicConfig, words: (text: string) => string[]): Map<LocalField, FieldPrint> {
  const out = new Map<LocalField, FieldPrint>();
  for (const { field, text } of FIELDS) {
    const t = text(config);
    if (t === undefined || t.length === 0) out.set(field, undefined);
    else out.set(field, Array.isArray(t) ? new Set(t.map((s) => s.toLowerCase())) : shingles(words(t), 3));
  }
  return out;
}

/**
 * What to write to tell a pair apart: each local field missing or too alike, or, when no field
 * reads the same on its own, the fields in order of how alike they are: together they share much
 * of what the first city says of itself.
 */
export function adviceForPair(a: AdvisedCity, b: AdvisedCity): FieldAdvice[] {
  // Both cities' names are set aside in both texts: a Why-Tampa text copied into the Lakeland
  // config is the same text, whichever city it names.
  const words = normaliser([configValues(a.config), configValues(b.config)]);
  const prints = [fieldPrints(a.config, words), fieldPrints(b.config, words)] as const;
  const fields = FIELDS.map((f) => adviseField(f, a, b, prints));
  const toWrite = fields.filter((f) => f.status !== 'distinct');
  if (toWrite.length) return toWrite;
  const order = fields
    .filter((f) => (f.similarity ?? 0) > 0)
    .sort((x, y) => y.similarity! - x.similarity!)
    .map((f) => `${f.field} ${percent(f.similarity!)}`);
  return [
    {
      field: 'localContent',
      status: 'short',
      missingIn: [],
      message: `localContent: no field reads the same in ${a.config.city} and ${b.config.city}, but together they share much of what ${a.config.city} says of its own; rewrite the most alike first${order.length ? ` (${order.join(', ')})` : ''}, or write more of ${a.config.city}'s own (a longer whyCity, more local questions, team bios)`,
    },
  ];
}

function adviseField({ field, hint }: (typeof FIELDS)[number], a: AdvisedCity, b: AdvisedCity, prints: readonly Map<LocalField, FieldPrint>[]): FieldAdvice {
  const pa = prints[0]!.get(field);
  const pb = prints[1]!.get(field);
  const missingIn = [pa ? '' : a.config.city, pb ? '' : b.config.city].filter(Boolean);
  if (!pa || !pb) {
    const where = missingIn.length === 2 ? 'missing in both' : `missing in ${missingIn[0]} (${pa ? b.source : a.source})`;
    return { field, status: 'missing', missingIn, message: `${field}: ${where}; add ${hint}` };
  }
  const similarity = pa instanceof Set && pb instanceof Set ? setResemblance(pa, pb) : jaccard(pa as Uint32Array, pb as Uint32Array);
  if (similarity >= FIELD_ALIKE) {
    return { field, status: 'alike', missingIn, similarity, message: `${field}: ${percent(similarity)} alike in ${a.config.city} and ${b.config.city}; write each city's own (${hint})` };
  }
  return { field, status: 'distinct', missingIn, similarity, message: `${field}: distinct (${percent(similarity)} alike)` };
}

/**
 * What to write for a city whose pages say almost nothing of their own: each local field it lacks,
 * or, when it has them all, a note that they are short or say what most other cities say.
 */
export function adviceForCity(city: AdvisedCity, ownWords: number, minWords: number): FieldAdvice[] {
  const missing = FIELDS.filter(({ text }) => {
    const t = text(city.config);
    return t === undefined || t.length === 0 || (typeof t === 'string' && !t.trim());
  });
  if (missing.length) {
    return missing.map(({ field, hint }) => ({ field, status: 'missing', missingIn: [city.config.city], message: `${field}: missing; add ${hint}` }));
  }
  return [
    {
      field: 'localContent',
      status: 'short',
      missingIn: [],
      message: `localContent: about ${ownWords} words of ${city.config.city}'s own, under ${minWords}; the rest of its local content is what most other cities say too. Write more of this city's own (a longer whyCity, local questions, team bios)`,
    },
  ];
}

/** Areas are names, not prose: compare them as sets. */
function setResemblance(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const s of a) if (b.has(s)) both++;
  return both / (a.size + b.size - both);
}

/** 0.734 -> `73%` */
export function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}
