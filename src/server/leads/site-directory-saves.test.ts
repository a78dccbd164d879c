import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/server-app.js';
import { createSiteDirectory, type StoredSite } from './site-directory.js';

/**
 * A city saved while the directory is in use (issue 39 item 8): its addresses are known from the
 * config its save checked, without reading every saved city again on the request loop; a save
 * during a read is not lost to it, and a delete during a read has the next lookup read again.
 */
const HOME = testConfig({ city: 'Tampa', domainName: 'tampa.example.com' });
const city = (slug: string, domain: string): StoredSite => ({ slug, city: slug, config: testConfig({ city: 'Ocala', domainName: domain }) });

function world(initial: StoredSite[]) {
  let stored = initial;
  let reads = 0;
  let gate: Promise<void> | undefined;
  const directory = createSiteDirectory({
    home: HOME,
    deployments: async () => [],
    cities: async () => {
      reads += 1;
      const list = stored;
      await gate;
      return list;
    },
  });
  return {
    directory,
    reads: () => reads,
    store: (next: StoredSite[]) => (stored = next),
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

describe('the site directory and the cities saved meanwhile', () => {
  it('knows a saved city from its save alone: no read of the saved cities', async () => {
    const w = world([city('ocala', 'ocala.example.com')]);
    expect((await w.directory.ownerOf('https://ocala.example.com'))?.slug).toBe('ocala');
    expect(w.reads()).toBe(1);
    // Fifty saves, as an import makes: each known at once, the store never read again.
    for (let i = 0; i < 50; i++) {
      w.directory.cityChanged(city(`city-${i}`, `city-${i}.example.com`));
      expect((await w.directory.ownerOf(`https://city-${i}.example.com`))?.slug).toBe(`city-${i}`);
    }
    expect(w.reads()).toBe(1);
    // A city saved with a new domain answers for the new one, not the old.
    w.directory.cityChanged(city('ocala', 'ocala-fl.example.com'));
    expect((await w.directory.ownerOf('https://ocala-fl.example.com'))?.slug).toBe('ocala');
    expect(await w.directory.ownerOf('https://ocala.example.com')).toBeUndefined();
  });

  it('keeps a save told while a read is under way, though the read began before it', async () => {
    const w = world([]);
    const open = w.hold();
    const first = w.directory.ownerOf('https://lakeland.example.com');
    // Saved after the read took the (empty) list: the read does not know it.
    w.directory.cityChanged(city('lakeland', 'lakeland.example.com'));
    open();
    await first;
    expect((await w.directory.site('lakeland'))?.config?.domainName).toBe('lakeland.example.com');
  });

  it('reads again after a delete told while a read was under way', async () => {
    const w = world([city('ocala', 'ocala.example.com')]);
    const open = w.hold();
    const first = w.directory.site('ocala');
    w.store([]);
    w.directory.invalidate();
    open();
    expect((await first)?.slug).toBe('ocala');
    // That read began before the delete: the next lookup reads again and finds it gone.
    expect(await w.directory.ownerOf('https://ocala.example.com')).toBeUndefined();
    expect(w.reads()).toBe(2);
  });
});
