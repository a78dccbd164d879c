import { LOCATOR_IDS as ID, decodeZipTable, formatMiles, locatorTexts as T, nearest, normalizeZip, rankByDistance, type Ranked, type ZipTable } from '../locator-core.js';

// The "find your clinic" box's island (decision 020): plain DOM, no framework, a few KB. It reads
// the ZIP table from the site itself, only once the person is about to search (focus on the ZIP
// box, or a search), and asks the browser for its location only when "Use my location" is
// clicked. Nothing else is requested.

interface Entry {
  el: HTMLElement;
  name: string;
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
  const list = results.querySelector('ol')!;
  const num = (v: string | undefined) => (v ? Number(v) : undefined);
  const entries: Entry[] = [...states.querySelectorAll<HTMLElement>('[data-location]')].map((el) => ({
    el,
    name: el.querySelector('a')!.textContent!,
    latitude: num(el.dataset.lat),
    longitude: num(el.dataset.lon),
  }));

  let table: Promise<ZipTable | undefined> | undefined;
  // A failed load is forgotten, so the next search tries again.
  const load = () =>
    (table ??= fetch(root.dataset.zips!)
      .then((r) => (r.ok ? r.text() : ''))
      .then(decodeZipTable, () => undefined)
      .then((t) => (t || (table = undefined), t)));
  // Each search or location request takes a turn; an answer that comes after a newer one is dropped.
  let turn = 0;

  const say = (text: string, error?: boolean) => {
    if (error) status.dataset.tone = 'error';
    else delete status.dataset.tone;
    status.textContent = text;
  };
  const fail = (text: string, invalid?: boolean) => {
    input.setAttribute('aria-invalid', String(!!invalid));
    say(text, true);
  };
  const show = (place: string, ranked: Ranked<Entry>[]) => {
    input.setAttribute('aria-invalid', 'false');
    $(ID.resultsTitle).textContent = `Nearest to ${place}`;
    list.replaceChildren(
      ...ranked.map(({ location, miles }) => {
        const li = location.el.cloneNode(true) as HTMLElement;
        const m = li.querySelector<HTMLElement>('[data-miles]')!;
        if (miles !== undefined) {
          m.textContent = `${formatMiles(miles)} away`;
          m.hidden = false;
        }
        return li;
      }),
    );
    states.hidden = true;
    results.hidden = false;
    const best = ranked[0];
    if (best) say(T.nearestTo(place, best.location.name, best.miles === undefined ? undefined : formatMiles(best.miles)));
  };

  const search = async (value: string) => {
    const mine = ++turn;
    if (!normalizeZip(value)) return fail(T.invalid, true);
    const t = await load();
    if (mine !== turn) return;
    if (!t) return fail(T.loadFailed);
    const r = nearest(value, t, entries);
    if (r.ok) show(r.zip, r.ranked);
    else fail(r.error === 'invalid' ? T.invalid : T.notFound(r.zip), true);
  };

  input.addEventListener('focus', () => void load(), { once: true });
  root.querySelector('form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    void search(input.value);
  });

  if (!navigator.geolocation) geo.hidden = true;
  geo.addEventListener('click', () => {
    const mine = ++turn;
    say(T.locating);
    navigator.geolocation.getCurrentPosition(
      (p) => mine === turn && show(T.yourLocation, rankByDistance(p.coords, entries)),
      (e) => mine === turn && fail(e.code === e.PERMISSION_DENIED ? T.geoDenied : T.geoFailed),
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
