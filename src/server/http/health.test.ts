import { describe, expect, it } from 'vitest';
import { healthAnswer, type Readiness } from './health.js';

const ready: Readiness = () => ({ ready: true });
const starting: Readiness = () => ({ ready: false, reason: 'starting' });
const get = (url: string, method = 'GET') => new Request(url, { method });

describe('health and readiness probes', () => {
  it('answers /healthz with 200 whatever the readiness', async () => {
    for (const r of [ready, starting]) {
      const res = healthAnswer(get('http://10.0.0.5:3000/healthz'), r)!;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers /readyz with 200 when ready, 503 with the reason and Retry-After when not', async () => {
    const ok = healthAnswer(get('http://127.0.0.1:3000/readyz?probe=1'), ready)!;
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ready' });
    const not = healthAnswer(get('http://127.0.0.1:3000/readyz'), () => ({ ready: false, reason: 'database' }))!;
    expect(not.status).toBe(503);
    expect(not.headers.get('retry-after')).toBe('1');
    expect(await not.json()).toEqual({ status: 'not ready', reason: 'database' });
  });

  it('answers /readyz with 200 and what remains in clear after an upgrade, with what to run', async () => {
    const res = healthAnswer(get('http://127.0.0.1:3000/readyz'), () => ({ ready: true, plaintext: 1000 }))!;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; plaintext: string };
    expect(body.status).toBe('ready');
    expect(body.plaintext).toContain("1000 patients' messages");
    expect(body.plaintext).toContain('clinic-gen plaintext scrub');
  });

  it('answers HEAD without a body', async () => {
    const res = healthAnswer(get('http://127.0.0.1:3000/healthz', 'HEAD'), ready)!;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('leaves every other request to the apps', () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000/healthz/', 'http://127.0.0.1:3000/sites/healthz', 'http://127.0.0.1:3000/readyzz']) {
      expect(healthAnswer(get(url), ready), url).toBeUndefined();
    }
    expect(healthAnswer(get('http://127.0.0.1:3000/healthz', 'POST'), ready)).toBeUndefined();
  });
});
