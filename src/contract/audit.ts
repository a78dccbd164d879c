import * as z from 'zod';
import { apiRoute } from './route.js';

/**
 * The audit trail's calls (docs/decisions/017-staff-accounts.md, 026-one-contract-a-route.md):
 * the owner's page of records with its filters, and the CSV of a filter. The server validates the
 * query with `auditFilterQuery` and answers `auditPageRoute` with `answerOf`; the admin calls it with
 * `callRoute`.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give a date like 2026-11-26.' }).optional();

/** The query of both calls: the filters, and for the page its number and size. */
export const auditFilterQuery = z.object({
  /** An account's id, or `token:<id>`. */
  actor: z.string().max(100).optional(),
  /** An action code (`city.deploy`). */
  action: z.string().max(100).optional(),
  /** A city's slug. */
  city: z.string().max(100).optional(),
  from: day,
  to: day,
  page: z.coerce.number({ error: 'Give a page number from 1.' }).int().min(1, { error: 'Give a page number from 1.' }).default(1),
  pageSize: z.coerce.number({ error: 'Give a page size from 1 to 200.' }).int().min(1).max(200, { error: 'Give a page size from 1 to 200.' }).default(50),
});

/** The query as the admin sends it: every value a string, each one optional. */
export type AuditQuery = { [K in keyof z.input<typeof auditFilterQuery>]?: string };

/** One record as a person reads it, with the codes it was written with. */
export const auditRecord = z.object({
  seq: z.number(),
  /** ISO 8601. */
  at: z.string(),
  /** An account's id, `token:<id>`, `server`, or '' when nobody is known. */
  actor: z.string(),
  /** Who it was when the record was written: the account's email, the token's name, the shell command. */
  actorName: z.string(),
  /** Who it is: the account's name now (a token: its name), or `actorName` for an actor no longer known. */
  person: z.string(),
  address: z.string(),
  /** The action's code (`city.deploy`). */
  action: z.string(),
  /** What the person did, in words (src/texts/audit.ts): "deployed Tampa", "read a message". */
  words: z.string(),
  /** The object ids as recorded: route parameters and filters, never a request body. */
  object: z.string(),
  /** The city's slug ('' for none) and its name. */
  city: z.string(),
  cityName: z.string(),
  /** The short references (src/config/message-ref.ts) of the messages the record names, as the inbox shows them. */
  messages: z.array(z.string()),
  /** The HTTP status the action ended with. */
  outcome: z.number(),
});

/**
 * Whether the trail verifies (issue 38 item 5): the page holds only records 1 to `verified`, each
 * chained by its MAC to the one before; `broken` names the first record at fault (changed, missing,
 * inserted, or the trail cut short) and how many records past it are not shown.
 */
export const auditTrailState = z.object({
  /** Records 1 to this one verify; the page and its total hold no other. */
  verified: z.number(),
  broken: z
    .object({
      /** The first record at fault (a missing one by its number). */
      seq: z.number(),
      /** What is wrong with it, as `clinic-gen audit verify` says it. */
      reason: z.string(),
      /** Records in the store past the last that verifies, left out of the page. */
      unverified: z.number(),
    })
    .optional(),
});

/** GET /api/audit: a page of records that verify, newest first, what the filters offer, and whether the trail is whole. */
export const auditPageRoute = apiRoute({
  method: 'GET',
  path: '/api/audit',
  request: undefined,
  response: z.object({
    success: z.literal(true),
    records: z.array(auditRecord),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Every action code the trail holds. */
    actions: z.array(z.string()),
    /** The filter's name of each of those codes. */
    actionNames: z.record(z.string(), z.string()),
    /** Everyone the trail names: `label` as recorded, `name` as the account is named now. */
    actors: z.array(z.object({ id: z.string(), label: z.string(), name: z.string() })),
    /** Every city the trail names, by slug, with its name. */
    cities: z.array(z.object({ slug: z.string(), name: z.string() })),
    trail: auditTrailState,
  }),
});

/**
 * GET /api/audit.csv: every record of a filter, oldest first, whatever its number; the first columns
 * are the records as written, then the same in words, and `verified`: `yes` for a record of the part
 * of the trail that verifies, `no` for one at or past a break (kept, as evidence).
 */
export const AUDIT_CSV_PATH = '/api/audit.csv';
export const AUDIT_CSV_COLUMNS = ['seq', 'at', 'actor', 'address', 'action', 'object', 'city', 'outcome', 'mac', 'person', 'words', 'city_name', 'messages', 'verified'] as const;
