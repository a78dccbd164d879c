import { SERVICES } from '../config/services.js';

/**
 * The pages a location on a brand site leaves to the brand's root (Placement.brandPages, NOTES.md
 * decision 16): the treatments, the privacy policy and the terms (`/trt-therapy/`, `/privacy/`).
 */
export function brandSharedPath(path: string): boolean {
  const p = path.replace(/[#?].*$/, '');
  return p === '/privacy/' || p === '/terms/' || SERVICES.some((s) => s.path === p);
}
