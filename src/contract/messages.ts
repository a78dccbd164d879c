import * as z from 'zod';
import { apiRoute } from './route.js';

/**
 * The counts of messages a city's page and the list of cities show (decision 010; issue 37 item 3:
 * counts only, never a patient's words), and the refused posts of the last days
 * (src/server/leads/admin-routes.ts, src/admin/sections/messages.tsx).
 */

/** Messages per city: of the last 7 and 30 days and in all; most messages first. */
export const messagesByCity = apiRoute({
  method: 'GET',
  path: '/api/messages/by-city',
  request: undefined,
  response: z.object({
    success: z.literal(true),
    cities: z.array(z.object({ site: z.string(), city: z.string(), last7Days: z.number(), last30Days: z.number(), total: z.number() })),
  }),
});

/** Refused contact posts of the last `days` days, one row a reason and origin, the largest first. */
export const messageRefusals = apiRoute({
  method: 'GET',
  path: '/api/messages/refusals',
  request: undefined,
  response: z.object({
    success: z.literal(true),
    days: z.number(),
    refusals: z.array(z.object({ reason: z.string(), origin: z.string(), count: z.number() })),
  }),
});

export type CityCount = z.output<typeof messagesByCity.response>['cities'][number];
export type RefusalRow = z.output<typeof messageRefusals.response>['refusals'][number];
