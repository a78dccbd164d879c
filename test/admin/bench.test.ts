import { describe, expect, it } from 'vitest';
import { benchAdmin } from '../../scripts/bench/admin.js';

/** The bench runs end to end (figures are read from `npm run bench`, not asserted on this machine). */
describe('benchAdmin', () => {
  it('measures generate and deploy through the real routes', async () => {
    const r = await benchAdmin({ runs: 5, deploys: 2 });
    expect(r.generateP50Ms).toBeGreaterThan(0);
    expect(r.deployMs).toBeGreaterThan(0);
    if (process.env.BENCH_PRINT) console.log(JSON.stringify(r));
  });
});
