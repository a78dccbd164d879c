import { ROLE_LABELS, ROLES, type Role } from '../auth/account.js';

/** The role select's options, with what each may do in a word. */
export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export const ROLE_HINT = 'Owner: everything, with two-step sign-in. Editor: the cities and their sites, message counts only. Front desk: reads the cities and the messages of its cities.';

export const isRole = (v: string): v is Role => (ROLES as string[]).includes(v);
