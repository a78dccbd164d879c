import { LOCATOR_IDS as ID, answerFor, decodeZipTable, line, milesIn, nearest, normalizeZip, rankByDistance, type Ranked, type ZipTable } from '../locator-core.js';
import { ISLAND_TEXTS } from './locator-texts.js';

// The "find your clinic" box's island (decision 020): plain DOM, no framework, a few KB. It reads
// the ZIP table of the listed states from the site itself, only once the person is about to search
// (focus on the ZIP box, or a search), the national table only for a ZIP of another state, and asks
// the browser for its location only when "Use my location" is clicked. Nothing else is requested.
// Each search or location request first takes the last answer away: what the box shows, and what
// its live line says, is always the answer to the question last asked, or nothing.

interface Entry {
  el: HTMLElement;
  name: string;
  /** `Tampa, FL`. */
  place: string;
  contact: string | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
}

const root = document.getElementById(ID.root);
if (root) enhance(root);

function enhance(root: HTMLElement): void {
  const $ = (id: string) => document.getElementById(id)!;
  const input = $(ID.zip) as HTMLInputElement;
  const geo = $(ID.geo) as HTMLButtonElement;
  const status = $(ID.status);
  const states = $(ID.states);
  const results = $(ID.results);
  const resultsTitle = $(ID.resultsTitle);
  const list = results.querySelector('ol')!;
  const brand = root.dataset.brand ?? '';
  // The box's language (`data-lang`, locator-markup.tsx), else the page's: a Spanish page's box answers in Spanish.
  const T = ISLAND_TEXTS[(root.dataset.lang ?? document.documentElement.lang).startsWith('es') ? 'es' : 'en'];
  const num = (v: string | undefined) => (v ? Number(v) : undefined);
  const entries: Entry[] = [...states.querySelectorAll<HTMLElement>('[data-location]')].map((el) => ({
    el,
    name: el.querySelector('a')!.textContent!,
    place: el.dataset.place ?? el.querySelector('a')!.textContent!,
    contact: el.dataset.contact,
    latitude: num(el.dataset.lat),
    longitude: num(el.dataset.lon),
  }));

  // Each table is fetched once; a failed load is forgotten, so the next search tries again.
  const tables = new Map<string, Promise<ZipTable | undefined>>();
  const loaded = new Map<string, ZipTable>();
  const load = (url: string): Promise<ZipTable | undefined> => {
    let p = tables.get(url);
    if (!p) {
      p = fetch(url)
        .then((r) => (r.ok ? r.text() : ''))
        .then(decodeZipTable, () => undefined)
        .then((t) => {
          if (t) loaded.set(url, t);
          else tables.delete(url);
          return t;
        });
      tables.set(url, p);
    }
    return p;
  };
  /** A table, at once when it is here, else after its load, with "Looking up" in the live line meanwhile. */
  const table = async (url: string, zip: string) => loaded.get(url) ?? (say(line(T.finderLooking(zip))), load(url));

  // Each search or location request takes a turn; an answer that comes after a newer one is dropped.
  let turn = 0;

  const say = (text: string, error?: boolean) => {
    if (error) status.dataset.tone = 'error';
    else delete status.dataset.tone;
    status.textContent = text;
  };
  /** Takes the last answer away: the list by state comes back, the ranked list empties. */
  const clear = () => {
    results.hidden = true;
    list.replaceChildren();
    resultsTitle.textContent = T.finderResultsTitle.title;
    states.hidden = false;
    input.setAttribute('aria-invalid', 'false');
  };
  const fail = (text: string, invalid?: boolean) => {
    clear();
    input.setAttribute('aria-invalid', String(!!invalid));
    say(text, true);
    delete root.dataset.busy;
  };
  const show = (place: string, ranked: Ranked<Entry>[]) => {
    clear();
    resultsTitle.textContent = T.finderNearestHeading(place).title;
    list.replaceChildren(
      ...ranked.map(({ location, miles }) => {
        const li = location.el.cloneNode(true) as HTMLElement;
        const m = li.querySelector<HTMLElement>('[data-miles]')!;
        if (miles !== undefined) {
          m.textContent = T.finderAway(milesIn(miles, T)).title;
          m.hidden = false;
        }
        return li;
      }),
    );
    states.hidden = true;
    results.hidden = false;
    const answer = answerFor(place, brand, ranked, T);
    say(answer?.line ?? '');
    if (answer?.contact) {
      const a = document.createElement('a');
      a.href = answer.contact.href;
      a.textContent = answer.contact.text;
      status.append(' ', a);
    }
    delete root.dataset.busy;
  };

  const search = async (value: string) => {
    const mine = ++turn;
    root.dataset.busy = '';
    clear();
    say('');
    const zip = normalizeZip(value);
    if (!zip) return fail(line(T.finderInvalid), true);
    const local = await table(root.dataset.zips!, zip);
    if (mine !== turn) return;
    if (!local) return fail(line(T.finderLoadFailed));
    let r = nearest(zip, local, entries);
    // A ZIP of a prefix the listed states have not got: the national table, when the site ships one.
    const us = root.dataset.zipsUs;
    if (!r.ok && r.error === 'elsewhere' && us) {
      const all = await table(us, zip);
      if (mine !== turn) return;
      if (!all) return fail(line(T.finderLoadFailed));
      r = nearest(zip, all, entries);
    }
    if (r.ok) show(r.zip, r.ranked);
    else fail(r.error === 'invalid' ? line(T.finderInvalid) : line(T.finderUnknownZip(r.zip)), true);
  };

  input.addEventListener('focus', () => void load(root.dataset.zips!), { once: true });
  root.querySelector('form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    void search(input.value);
  });

  if (!navigator.geolocation) geo.hidden = true;
  geo.addEventListener('click', () => {
    const mine = ++turn;
    root.dataset.busy = '';
    clear();
    say(line(T.finderLocating));
    navigator.geolocation.getCurrentPosition(
      (p) => mine === turn && show(T.finderYourLocation.title, rankByDistance(p.coords, entries)),
      (e) => mine === turn && fail(line(e.code === e.PERMISSION_DENIED ? T.finderGeoDenied : T.finderGeoFailed)),
      { maximumAge: 600_000, timeout: 20_000 },
    );
  });

  // A search sent before this script ran reloaded the page with ?zip=: answer it now.
  const asked = new URLSearchParams(location.search).get('zip');
  if (asked) {
    input.value = asked;
    void search(asked);
  }
}
