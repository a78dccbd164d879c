import type { BrandInput } from '../config/brand.js';
import * as B from '../contract/brand.js';
import { callRoute, readRoute } from './api.js';

/** GET /api/brand: the brand settings (kept in the server's store, written out as brand.yaml), or the served clinic's brand before any is saved. */
export const getBrand = () => readRoute(B.getBrand);
/** PUT /api/brand: owner and editor; field errors as the city form's. */
export const saveBrand = (brand: BrandInput) => callRoute(B.saveBrand, { body: { brand } });
