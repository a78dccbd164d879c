import { Hono } from 'hono';
import * as B from '../../contract/brand.js';
import { answerOf } from '../../contract/route.js';
import type { ClinicConfig } from '../../config/schema.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readJson } from '../http/read-json.js';
import { checkBrand, readBrand, saveBrand, type BrandStore } from './store.js';

const MAX_BRAND_BODY = 16 * 1024;
const SAVE_FAILED = 'The brand settings were not saved';

/**
 * Brand settings (src/config/brand.ts): GET for anyone who reads the cities (a new city starts
 * from them), PUT for those who edit cities (owner, editor; audited as brand.save with the fields
 * sent). Kept in the store (one row, read on every GET: with PostgreSQL, what any server saved),
 * and each save also writes `<data>/brand.yaml`.
 */
export function brandRoutes(store: BrandStore, dataDir: string, served: ClinicConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(B.getBrand.path, async (c) => {
    const { brand, stored } = await readBrand(store, served);
    return c.json(answerOf(B.getBrand, { success: true, brand, stored }));
  });
  app.put(B.saveBrand.path, async (c) => {
    const body = await readJson(c.req.raw, MAX_BRAND_BODY);
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: SAVE_FAILED });
    const checked = checkBrand((body.value as { brand?: unknown } | null)?.brand);
    if (!checked.ok) return apiError(c, 400, { ...fieldFailure(checked.errors), message: SAVE_FAILED });
    await saveBrand(store, dataDir, checked.brand);
    c.set('auditObject', `brand fields=${Object.keys(checked.brand).sort().join(',')}`);
    return c.json(answerOf(B.saveBrand, { success: true, brand: checked.brand }));
  });
  return app;
}
