/** Brand settings: `<data>/brand.yaml`, what a new city starts with (src/config/brand.ts). */
export { brandRoutes } from './routes.js';
export { BRAND_FILE, readBrand, writeBrand } from './store.js';
