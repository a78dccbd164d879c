/**
 * What a staff account's email (and a server address setting) must look like: one `@`, a dot after
 * it, no spaces or angle brackets. One pattern for the server's checks (auth/fields.ts, env.ts,
 * `clinic-gen users`) and the admin's own before it sends (auth/setup.tsx).
 */
export const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
