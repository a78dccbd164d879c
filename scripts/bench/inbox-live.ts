import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { signIn, TEST_ADMIN_ENV } from '../../test/helpers/accounts.js';
import { listening } from './page-times.js';

/**
 * Issue 37 item 4: how long a message posted to Tampa's /api/contact takes to reach an inbox's
 * open event stream (GET /api/inbox/events) as a `change` notice, on a real `clinic-gen serve`
 * (the built bin, SQLite). Each sample is from the POST's start to the notice's arrival; the
 * budget is 5 s (the inbox shows it then after one list read).
 */
export const INBOX_LIVE_BUDGET_MS = 5_000;

export interface InboxLiveResult {
  samples: number;
  p50: number;
  max: number;
}

export async function benchInboxLive(o: { bin: string; configPath: string; dir: string; samples?: number }): Promise<InboxLiveResult> {
  const samples = o.samples ?? 20;
  const data = mkdtempSync(path.join(o.dir, 'inbox-live-bench-'));
  let child: ChildProcess | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    child = spawn(process.execPath, [o.bin, 'serve', '--config', o.configPath, '--port', '0', '--sites-port', '0', '--data', data, '--no-samples', '--rate-limit', '0'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', XDG_CONFIG_HOME: path.join(data, 'xdg'), ...TEST_ADMIN_ENV, DATA_KEY: randomBytes(32).toString('base64') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await listening(child);
    for (let i = 0; i < 600 && (await fetch(`${url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    const owner = await signIn(url);
    const res = await fetch(`${url}/api/inbox/events`, { headers: { Cookie: owner.cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`GET /api/inbox/events: ${res.status}`);
    reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    /** Reads the stream until `re` matches what is unread; consumes through the match. Bounded by 10 s. */
    const next = async (re: RegExp): Promise<void> => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const m = re.exec(text);
        if (m) {
          text = text.slice(m.index + m[0].length);
          return;
        }
        if (Date.now() > deadline) throw new Error(`no ${re} on the stream within 10 s: ${JSON.stringify(text.slice(0, 300))}`);
        const { value, done } = await reader!.read();
        if (done) throw new Error('the stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    await next(/event: hello\n[^\n]*\n/);
    const delays: number[] = [];
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      const posted = fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', phone: '', service: 'TRT Therapy', message: `Bench sample number ${i}.`, site: 'tampa', page: 'contact/' }),
      });
      // A refused post would never be noticed: its answer fails the bench at once.
      const refused = posted.then(async (answer) => {
        if (answer.status !== 201) throw new Error(`POST /api/contact: ${answer.status} ${await answer.text()}`);
        return new Promise<never>(() => undefined);
      });
      await Promise.race([next(/event: change\ndata: [^\n]*"kind":"new"[^\n]*\n/), refused]);
      delays.push(performance.now() - start);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    return { samples, p50: +sorted[Math.floor(sorted.length / 2)]!.toFixed(1), max: +sorted[sorted.length - 1]!.toFixed(1) };
  } finally {
    await reader?.cancel().catch(() => undefined);
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(data, { recursive: true, force: true });
  }
}
