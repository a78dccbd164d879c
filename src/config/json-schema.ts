import { join } from 'node:path';
import * as z from 'zod';
import { packageRoot } from './package-root.js';
import { clinicConfigSchema } from './schema.js';
import { US_STATES } from './states.js';

/** A JSON Schema document, as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** Where the generated schema lives in the package, relative to its root. */
export const SCHEMA_FILE = 'schema/clinic-config.schema.json';

/** Absolute path of the schema file shipped in this package. */
export function schemaFilePath(): string {
  return join(packageRoot(), SCHEMA_FILE);
}

/**
 * The JSON Schema of a clinic config file, generated from the zod schema so there is one source of
 * truth, for editors (yaml-language-server, VS Code) to complete fields and flag mistakes as you
 * type. It describes what a user writes (`io: 'input'`: fields with defaults are optional).
 * zod refinements are functions JSON Schema cannot carry; those that can be said as a pattern or
 * a keyword are added below by field, and the rest are named in the field's description.
 */
export function clinicConfigJsonSchema(): JsonSchema {
  // Draft-07: yaml-language-server (VS Code's YAML extension) validates with draft-07 and warns that
  // 2020-12 is "not yet fully supported"; nothing here needs a later draft.
  const generated = z.toJSONSchema(clinicConfigSchema, { io: 'input', target: 'draft-07', unrepresentable: 'any', override: describe }) as JsonSchema;
  const { $schema, ...rest } = generated;
  const schema: JsonSchema = {
    $schema,
    title: 'clinic-gen clinic config',
    description:
      'One city\'s clinic site for clinic-gen. Generated from the config schema by `clinic-gen schema`; clinic-gen trims spaces around values before checking them, which this schema cannot do.',
    ...rest,
  };
  for (const [path, extra] of Object.entries(REFINEMENTS)) Object.assign(at(schema, path), extra);
  // An absent `legal` reads as an empty one so that zod names each missing fact (schema.ts); a
  // config must still give all three (decision 14), which an editor shows by `legal` being required.
  const legal = (schema.properties as Record<string, JsonSchema>).legal!;
  delete legal.default;
  if (!(schema.required as string[]).includes('legal')) (schema.required as string[]).push('legal');
  return schema;
}

/** The schema as the committed file holds it: two-space JSON and a final newline. */
export function clinicConfigJsonSchemaText(): string {
  return `${JSON.stringify(clinicConfigJsonSchema(), null, 2)}\n`;
}

/**
 * Per node: carry a string pipe's output checks (`z.email()`, `z.url()` behind a trim and a
 * length cap), which the input side alone would drop; and take the field's description from its
 * own "missing; expected ..." message, so editors show the same words as clinic-gen's errors.
 */
function describe(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const def = ctx.zodSchema._zod.def as { type: string; out?: z.core.$ZodType };
  const json = ctx.jsonSchema;
  if (def.type === 'pipe' && def.out && json.type === 'string') {
    const out = z.toJSONSchema(def.out, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
    if (out.format) json.format = out.format;
    if (out.pattern && !json.pattern) json.pattern = out.pattern;
  }
  if (json.description || json.enum || !['string', 'boolean', 'number'].includes(String(json.type))) return;
  const r = z.safeParse(ctx.zodSchema, undefined);
  const msg = r.success ? undefined : r.error.issues[0]?.message;
  const expected = msg && /^(?:missing; )?expected (.+)$/.exec(msg)?.[1];
  if (expected) json.description = expected[0]!.toUpperCase() + expected.slice(1) + '.';
}

/** A pattern matching `words` in any letter case (JSON Schema patterns take no flags). */
function anyCase(words: string[]): string {
  const one = (w: string) => [...w].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return `^(?:${words.map(one).join('|')})$`;
}

const SINGLE_LINE = { pattern: '^[^\\u0000-\\u001f\\u007f]*$' };
const HTTP = '[Hh][Tt][Tt][Pp][Ss]?://';
/** What zod's `z.url({ protocol: /^https?$/, hostname: z.regexes.domain })` accepts, as a pattern. */
const HTTP_URL = `${HTTP}(?:[^\\s/?#@]*@)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}(?::\\d{1,5})?(?:[/?#]\\S*)?`;
const SITE_PATH = '/(?!/)[A-Za-z0-9._~/-]';
/** What zod's `z.url({ protocol: /^https$/, hostname: z.regexes.domain })` accepts (bookingUrl). */
const HTTPS_URL = HTTP_URL.replace(HTTP, '[Hh][Tt][Tt][Pp][Ss]://');

/** A photo's site path: plain segments, none empty or hidden (`/photos/front.jpg`). */
const PHOTO_SRC = { pattern: '^(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$' };

/** What the zod refinements check, said in JSON Schema, by field path (`a.b[]` is an item of b). */
const REFINEMENTS: Record<string, JsonSchema> = {
  '': { anyOf: [{ required: ['domainName'] }, { required: ['website'] }], $comment: 'A domain name or a website URL is needed for canonical links.' },
  businessName: SINGLE_LINE,
  address: SINGLE_LINE,
  state: { pattern: anyCase([...Object.keys(US_STATES), ...Object.values(US_STATES)]), examples: ['FL', 'Florida'] },
  domainName: { pattern: '^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$' },
  website: { pattern: `^${HTTP_URL}$` },
  'businessProfiles[]': { pattern: `^${HTTP_URL}$` },
  logoUrl: {
    pattern: `^(?:${SITE_PATH}+|${HTTP}[^\\s"'<>]+)$`,
    description: 'A logo URL like https://example.com/logo.png, or a site path like /uploads/logo.png (clinic-gen dev serves a site path from the config file\'s folder).',
  },
  logoLightUrl: {
    pattern: `^(?:${SITE_PATH}+|${HTTP}[^\\s"'<>]+)$`,
    description: 'The logo drawn for the dark footer (light on dark), a URL or a site path like logoUrl; without it the footer shows logoUrl on a white plate.',
  },
  contactEndpoint: {
    pattern: `^(?:${SITE_PATH}*|${HTTP}[^\\s"'<>\\\\]+)$`,
    description:
      "Where the contact form posts: the absolute URL of the clinic server's contact API, like https://clinic.example.com/api/contact, so the site works on any static host. A path like /api/contact only works when the clinic server itself serves the site. Without one, clinic-gen build warns (an error with --strict) and the admin fills in its own URL.",
  },
  services: { description: 'Which services the clinic offers: each one switched on gets its page, nav link, card and contact-form option.' },
  localContent: { description: "What tells this city's site apart from the clinic's other cities (search engines demote near-identical location pages); `clinic-gen check` says which fields to write." },
  bookingUrl: {
    pattern: `^${HTTPS_URL}$`,
    description: "The clinic's online booking page, https only, like https://booking.example.com/northstar-tampa: Schedule Consultation goes there and the JSON-LD gets a ReserveAction; the contact form stays on /contact.",
  },
  timeZone: {
    description:
      "The city's IANA time zone, like America/Chicago, in which special hours start and end. Without it, the state's zone: for a state with two (Florida, Texas, Tennessee, Kentucky, Indiana, Michigan...) the zone most of it keeps.",
    examples: ['America/Chicago', 'America/New_York'],
  },
  isAcceptingNewPatients: { description: 'Whether the clinic takes new patients now: shown on the home and contact pages and in the JSON-LD. Leave it out to say nothing.' },
  telehealth: { description: 'Whether some visits can take place by video: shown on the home and contact pages. Leave it out to say nothing.' },
  specialHours: {
    description:
      "Dated exceptions to the week's hours (Thanksgiving closed, a short Christmas Eve), shown on the home and contact pages and in the JSON-LD until their last day has passed; no day may be in two entries (clinic-gen checks).",
  },
  'specialHours[].label': { ...SINGLE_LINE, examples: ['Thanksgiving', 'Christmas Eve'] },
  'specialHours[].date': { examples: ['2026-11-26'], description: 'The day, or the first day of a range, like 2026-11-26 (a day on the calendar: clinic-gen refuses 2026-02-30).' },
  'specialHours[].through': { description: 'The last day of a range, like 2026-12-26, on or after date (clinic-gen checks the order; this schema cannot compare two fields). Leave it out for one day.' },
  'specialHours[].closed': { description: 'true for a day the clinic is closed all day; otherwise give opens and closes.' },
  'hours[].closes': { description: 'A 24-hour time like 18:00, later than opens (clinic-gen checks the order; this schema cannot compare two fields).' },
  'photos.hero.src': PHOTO_SRC,
  'photos.hero.alt': SINGLE_LINE,
  'photos.gallery[].src': PHOTO_SRC,
  'photos.gallery[].alt': SINGLE_LINE,
  'localContent.team[].photo.src': PHOTO_SRC,
  'localContent.team[].photo.alt': SINGLE_LINE,
  'localContent.team[].name': SINGLE_LINE,
  'localContent.team[].credentials': SINGLE_LINE,
  'localContent.team[].role': SINGLE_LINE,
  'localContent.areasServed[]': SINGLE_LINE,
  'localContent.faq[].question': SINGLE_LINE,
  'legal.governingLaw': SINGLE_LINE,
  'legal.courts': SINGLE_LINE,
  ...Object.fromEntries(
    ['instagram', 'facebook', 'youtube', 'tiktok', 'pinterest'].map((n) => [
      `socialMedia.${n}`,
      { pattern: `^(?:@?[A-Za-z0-9._-]{1,64}|${HTTP_URL})$` },
    ]),
  ),
};

/** The node of `schema` at a field path; throws when the path is not in the schema (a stale table). */
function at(schema: JsonSchema, path: string): JsonSchema {
  let node = schema;
  for (const part of path ? path.split('.') : []) {
    const [name, ...items] = part.split('[]');
    node = (node.properties as Record<string, JsonSchema> | undefined)?.[name!] as JsonSchema;
    for (let i = 0; i < items.length && node; i++) node = node.items as JsonSchema;
    if (!node) throw new Error(`json-schema: no field ${path} in the config schema`);
  }
  return node;
}
