import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedTestApps } from '../../../test/helpers/server-app.js';

/**
 * Import asks first (issue 39 item 2): the plan says, file by file, whether it is a new city,
 * replaces a saved one (with the fields that change) or changes nothing, saving nothing; the
 * import then saves only what the editor confirmed, and refuses a city changed since.
 */
const app = storedTestApps();
type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;
const sample = (name: string) => readFileSync(join('configs', name), 'utf8');
const versions = (t: ReturnType<typeof app>) => t.rows<{ slug: string; version: number }>('SELECT slug, version FROM city_versions ORDER BY slug, version');

describe('an import checked first', () => {
  it('plans each file without saving: new, replaces with its changes, unchanged, failed', async () => {
    const t = app();
    await t.json('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: sample('tampa.yaml') }, { name: 'orlando.yaml', text: sample('orlando.yaml') }] });
    const before = versions(t);
    const changed = sample('tampa.yaml').replace('phone: (813) 555-0142', 'phone: (813) 555-0199');
    expect(changed).not.toBe(sample('tampa.yaml'));
    const plan = await t.json('POST', '/api/cities/import/plan', {
      files: [
        { name: 'tampa.yaml', text: changed },
        { name: 'orlando.yaml', text: sample('orlando.yaml') },
        { name: 'wesley-chapel.yaml', text: sample('wesley-chapel.yaml') },
        { name: 'broken.yaml', text: 'city: [' },
      ],
    });
    expect(plan.status).toBe(200);
    const files = (await body(plan)).files as Body[];
    expect(files.map((f) => [f.file, f.state, f.slug, f.version])).toEqual([
      ['tampa.yaml', 'replaces', 'tampa', 1],
      ['orlando.yaml', 'unchanged', 'orlando', 1],
      ['wesley-chapel.yaml', 'new', 'wesley-chapel', undefined],
      ['broken.yaml', 'failed', undefined, undefined],
    ]);
    expect(files[0]!.changes).toEqual([{ path: 'phone', before: '(813) 555-0142', after: '(813) 555-0199' }]);
    expect((files[3]!.errors as string[])[0]).toMatch(/^broken\.yaml:1:/);
    expect(versions(t)).toEqual(before);
  });

  it('refuses a second file of the same city in one import, naming the first, in the plan and in the import', async () => {
    const t = app();
    const changed = sample('tampa.yaml').replace('phone: (813) 555-0142', 'phone: (813) 555-0199');
    const files = [
      { name: 'tampa.yaml', text: sample('tampa.yaml') },
      { name: 'tampa-copy.yaml', text: changed },
    ];
    const said = 'Tampa is also the city of tampa.yaml in this import: nothing of this file was saved; import one file a city';
    const plan = (await body(await t.json('POST', '/api/cities/import/plan', { files }))).files as Body[];
    expect(plan.map((f) => [f.file, f.state, f.errors])).toEqual([
      ['tampa.yaml', 'new', []],
      ['tampa-copy.yaml', 'failed', [said]],
    ]);
    const done = await t.json('POST', '/api/cities/import', { files });
    expect(done.status).toBe(400);
    const answer = await body(done);
    expect(answer.imported).toEqual([{ file: 'tampa.yaml', slug: 'tampa', version: 1, created: true }]);
    expect(answer.failed).toEqual([{ file: 'tampa-copy.yaml', errors: [said] }]);
    expect(versions(t)).toEqual([{ slug: 'tampa', version: 1 }]);
  });

  it('saves only the cities confirmed, and refuses one saved since it was checked', async () => {
    const t = app();
    await t.json('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: sample('tampa.yaml') }] });
    const changed = sample('tampa.yaml').replace('phone: (813) 555-0142', 'phone: (813) 555-0199');
    const files = [
      { name: 'tampa.yaml', text: changed },
      { name: 'orlando.yaml', text: sample('orlando.yaml') },
    ];
    // Only Tampa confirmed: Orlando's file is refused, Tampa's saved over version 1.
    const only = await t.json('POST', '/api/cities/import', { files, expect: { tampa: 1 } });
    expect(only.status).toBe(400);
    const answer = await body(only);
    expect(answer.imported).toEqual([{ file: 'tampa.yaml', slug: 'tampa', version: 2, created: false }]);
    expect(answer.failed).toEqual([{ file: 'orlando.yaml', errors: ['Orlando was not among the cities confirmed for this import: nothing of it was saved'] }]);
    // Confirmed against version 1, but version 2 is the latest now: refused, nothing saved.
    const stale = await t.json('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: sample('tampa.yaml') }], expect: { tampa: 1 } });
    expect(stale.status).toBe(400);
    expect(((await body(stale)).failed as Body[])[0]!.errors).toEqual([
      'Tampa changed after this import was checked (version 2 is the latest now): nothing of it was saved; import the file again to see what it would change',
    ]);
    // Confirmed as new, but saved meanwhile: refused.
    const created = await t.json('POST', '/api/cities/import', { files: [{ name: 'tampa.yaml', text: changed }], expect: { tampa: null } });
    expect(created.status).toBe(400);
    expect(versions(t)).toEqual([
      { slug: 'tampa', version: 1 },
      { slug: 'tampa', version: 2 },
    ]);
    // Each city's audit record names it.
    const audit = t.rows<{ city: string; object: string }>("SELECT city, object FROM audit_log WHERE action = 'city.import' ORDER BY seq");
    expect(audit.filter((r) => r.object.includes('version=2'))).toEqual([{ city: 'tampa', object: expect.stringContaining('version=2') }]);
  });
});
