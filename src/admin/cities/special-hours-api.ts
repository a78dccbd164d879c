import type { RequestOf } from '../../contract/route.js';
import * as S from '../../contract/special-hours.js';
import { callRoute } from '../api.js';

/**
 * The calls of special hours for several cities (issue 39 item 9), typed by their contract
 * (src/contract/special-hours.ts): the plan (nothing saved) and the save with the versions the
 * plan showed. Failures are values: the operator reads the server's words.
 */
export type { BulkHoursPlanLine, BulkHoursSaveLine, EntryShown } from '../../contract/special-hours.js';
export type EntryInput = RequestOf<typeof S.planBulkHours>['entry'];

export const planBulkHours = (slugs: string[], entry: EntryInput) => callRoute(S.planBulkHours, { body: { slugs, entry } });
export const saveBulkHours = (slugs: string[], entry: EntryInput, expect: Record<string, number>) => callRoute(S.saveBulkHours, { body: { slugs, entry, expect } });
