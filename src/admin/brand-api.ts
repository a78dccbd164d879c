import type { BrandInput } from '../config/brand.js';
import { call, getJson } from './api.js';

/** GET /api/brand: the brand settings (kept in the server's store, written out as brand.yaml), or the served clinic's brand before any is saved. */
export const getBrand = () => getJson<{ brand: BrandInput; stored: boolean }>('/api/brand');
/** PUT /api/brand: owner and editor; field errors as the city form's. */
export const saveBrand = (brand: BrandInput) => call<{ brand: BrandInput }>('PUT', '/api/brand', { brand });
