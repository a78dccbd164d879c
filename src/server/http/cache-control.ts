/**
 * The Cache-Control values of files the server serves: the site, deployed sites and uploads.
 * Shared by clinic-site/ and admin-api/, so both answer the same way for the same kind of file.
 */

/** Content-hashed names (assets/site.3f9a1c2b.css, uploaded logos) never change content: a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages change on the next deploy: a short cache, then revalidate by ETag. */
export const SHORT = 'public, max-age=300, must-revalidate';
