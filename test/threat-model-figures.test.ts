import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_LIMITS } from '../src/server/auth/sessions.js';
import { FILE_LIMITS, SITE_BODY_MAX_BYTES } from '../src/server/bundle/names.js';
import { SERVER_DEFAULTS } from '../src/server/settings/defaults.js';
import { LOGO_MAX_BYTES } from '../src/server/uploads/routes.js';
import { PHOTO_MAX_BYTES } from '../src/site/images/photo-type.js';
import { ROOT } from './helpers/site.js';

/** The threat model's figures are the code's: a cap or a time changed in one place and not the other fails here. */
const model = readFileSync(join(ROOT, 'docs/threat-model.md'), 'utf8');
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

describe('docs/threat-model.md', () => {
  it('states the body caps the server enforces', () => {
    const row = model.split('\n').find((l) => l.startsWith('| Big bodies and exports exhaust memory'))!;
    expect(row).toContain(`contact ${SERVER_DEFAULTS.maxBodyBytes / 1024} KB`);
    expect(row).toContain(`deploy and preview ${mb(SITE_BODY_MAX_BYTES)}`);
    expect(row).toContain(`a site of at most ${mb(FILE_LIMITS.maxTotalBytes)}`);
    expect(row).toContain(`logo ${mb(LOGO_MAX_BYTES)}`);
    expect(row).toContain(`photo ${mb(PHOTO_MAX_BYTES)}`);
  });

  it('states the contact rate limits the server applies', () => {
    const row = model.split('\n').find((l) => l.startsWith('| Contact spam and floods'))!;
    expect(row).toContain(`${SERVER_DEFAULTS.rateLimit} stored messages a minute per client`);
    expect(row).toContain(`${SERVER_DEFAULTS.rateLimit * SERVER_DEFAULTS.contactFailuresPerMessage} failed posts`);
    expect(row).toContain(`a ${SERVER_DEFAULTS.maxBodyBytes / 1024} KB body`);
  });

  it('states the sign-in limits the server applies', () => {
    const row = model.split('\n').find((l) => l.startsWith('| Password and code guessing'))!;
    expect(row).toContain(`${SERVER_DEFAULTS.authFailuresPerClient} failures a minute per client`);
    expect(row).toContain(`${SERVER_DEFAULTS.authFailuresPerAccount} a minute against one account`);
    expect(row).toContain(`${SERVER_DEFAULTS.authFailuresGlobal} failed guesses a minute from all clients together`);
  });

  it('states the session times the server applies', () => {
    const row = model.split('\n').find((l) => l.startsWith('| A stolen session'))!;
    expect(row).toContain(`${SESSION_LIMITS.idleMs / 60_000} minutes idle`);
    expect(row).toContain(`${SESSION_LIMITS.maxMs / 3_600_000} hours in all`);
  });
});
