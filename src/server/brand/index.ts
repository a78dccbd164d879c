/** Brand settings: one row in the server's store, copied to `<data>/brand.yaml`; what a new city starts with (src/config/brand.ts). */
export { brandRoutes } from './routes.js';
export { createPgBrandStore } from './pg-store.js';
export { createSqliteBrandStore } from './sqlite-store.js';
export { BRAND_FILE, importBrandFile, importingBrandStore, readBrand, saveBrand, type BrandStore, type StoredBrand } from './store.js';
