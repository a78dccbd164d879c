import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { ROOT } from '../../test/helpers/site.js';
import { startDev, type DevEvent, type DevServer } from './start-dev.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
const running: DevServer[] = [];
afterEach(async () => {
  for (const dev of running.splice(0)) await dev.close();
});

/** Resolves with the first event `pick` accepts, or fails after `ms`. */
function nextEvent(events: DevEvent[], pick: (e: DevEvent) => boolean, ms = 5000): Promise<DevEvent> {
  const start = events.length;
  return new Promise((ok, fail) => {
    const deadline = Date.now() + ms;
    const look = () => {
      const found = events.slice(start).find(pick);
      if (found) return ok(found);
      if (Date.now() > deadline) return fail(new Error(`no such event in ${JSON.stringify(events.slice(start))}`));
      setTimeout(look, 10);
    };
    look();
  });
}

describe('dev with a logo given as a site path', () => {
  it('refuses a missing logo like build, and builds once the file appears beside the config', async () => {
    const dir = tempDir();
    const config = join(dir, 'tampa.yaml');
    writeFileSync(config, `${tampa}logoUrl: /uploads/logo.svg\n`);
    // Only folders that exist are watched (watch.ts): the logo's folder is there, the file is not.
    mkdirSync(join(dir, 'uploads'));
    const events: DevEvent[] = [];
    const dev = await startDev({ configPath: config, port: 0, shownAs: 'tampa.yaml', onEvent: (e) => events.push(e) });
    running.push(dev);
    expect(events[0]).toMatchObject({ type: 'failed', first: true });
    expect((events[0] as { errors: string[] }).errors[0]).toMatch(/^tampa\.yaml logoUrl: no file \/uploads\/logo\.svg in the config's folder/);
    expect((await fetch(`${dev.url}/`)).status).toBe(503);

    const built = nextEvent(events, (e) => e.type === 'built');
    writeFileSync(join(dir, 'uploads/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4" height="4"/></svg>');
    await built;
    const logo = await fetch(`${dev.url}/logo.svg`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>\n');
    expect(await (await fetch(`${dev.url}/about/`)).text()).toContain('<img src="../logo.svg"');
  });

  it('waits out a logo between its truncate and its write instead of reporting it as broken', async () => {
    const dir = tempDir();
    const config = join(dir, 'tampa.yaml');
    mkdirSync(join(dir, 'uploads'));
    const logo = join(dir, 'uploads/logo.svg');
    writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(config, `${tampa}logoUrl: /uploads/logo.svg\n`);
    const events: DevEvent[] = [];
    const dev = await startDev({ configPath: config, port: 0, shownAs: 'tampa.yaml', onEvent: (e) => events.push(e) });
    running.push(dev);
    expect(events).toMatchObject([{ type: 'built', first: true }]);

    // What a loaded machine does to a plain writeFile: the empty file is seen before the bytes land.
    const built = nextEvent(events, (e) => e.type === 'built');
    writeFileSync(logo, '');
    await new Promise((r) => setTimeout(r, 150));
    writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
    await built;
    expect(events.filter((e) => e.type === 'failed')).toEqual([]);
    expect(await (await fetch(`${dev.url}/logo.svg`)).text()).toContain('width="2"');
  });
});
