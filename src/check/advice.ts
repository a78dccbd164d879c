import type { ClinicConfig } from '../config/schema.js';
import type { SiteFingerprint } from './fingerprint.js';
import { normaliser } from './page-text.js';
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
 * What to write to tell a pair apart: each local field missing or too alike, or, when every field
 * is already distinct, a note that the local content is short next to the copy both sites share.
 */
export function adviceForPair(a: SiteFingerprint, b: SiteFingerprint): FieldAdvice[] {
  // Both cities' names are set aside in both texts: a Why-Tampa text copied into the Lakeland
  // config is the same text, whichever city it names.
  const words = normaliser([a.values, b.values]);
  const prints = [fieldPrints(a.config, words), fieldPrints(b.config, words)] as const;
  const toWrite = FIELDS.map((f) => adviseField(f, a, b, prints)).filter((f) => f.status !== 'distinct');
  if (toWrite.length) return toWrite;
  return [
    {
      field: 'localContent',
      status: 'short',
      missingIn: [],
      message: `localContent: distinct in ${a.config.city} and ${b.config.city} but short next to the copy both sites share; write more (a longer whyCity, more local questions, team bios)`,
    },
  ];
}

function adviseField({ field, hint }: (typeof FIELDS)[number], a: SiteFingerprint, b: SiteFingerprint, prints: readonly Map<LocalField, FieldPrint>[]): FieldAdvice {
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
