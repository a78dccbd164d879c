import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** A section of the editor as the index lists it: its element's id and its heading's words. */
export interface IndexEntry {
  id: string;
  title: string;
}

/**
 * The city editor's sections as they stand in the page (issue 39 item 6): each card (ui.tsx Card,
 * a `section` labelled by its heading) of the form's column and of the side column, in reading
 * order. Read from the page rather than listed by hand, so a card shown only sometimes (History
 * once the city is saved) is listed exactly when it is there.
 */
export function useSectionEntries(root: RefObject<HTMLElement | null>): IndexEntry[] {
  const [entries, setEntries] = useState<IndexEntry[]>([]);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const read = () => {
      const found = [...el.querySelectorAll<HTMLElement>(':scope > form > section[id][aria-labelledby], :scope > div > section[id][aria-labelledby]')].map((s) => ({
        id: s.id,
        title: document.getElementById(s.getAttribute('aria-labelledby')!)?.textContent?.trim() ?? s.id,
      }));
      // A keystroke changes the page too: only a different list of sections re-draws the index.
      setEntries((was) => (was.length === found.length && was.every((e, i) => e.id === found[i]!.id && e.title === found[i]!.title) ? was : found));
    };
    read();
    const watch = new MutationObserver(read);
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [root]);
  return entries;
}

/**
 * The section being read: the first whose box crosses the band a reader's eye is on (below the
 * top fifth, above the lower half), or the one just chosen from the index while it is on screen
 * (the last card cannot scroll up into the band: the page ends below it).
 */
function useCurrent(entries: IndexEntry[]): [string | undefined, (id: string) => void] {
  const [current, setCurrent] = useState<string | undefined>(undefined);
  const chosen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || entries.length === 0) return;
    const seen = new Map<string, boolean>();
    const watch = new IntersectionObserver(
      (changes) => {
        for (const c of changes) seen.set(c.target.id, c.isIntersecting);
        if (chosen.current) {
          const r = document.getElementById(chosen.current)?.getBoundingClientRect();
          if (r && r.bottom > 0 && r.top < innerHeight) return;
          chosen.current = undefined;
        }
        const first = entries.find((e) => seen.get(e.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: '-20% 0px -50% 0px' },
    );
    for (const e of entries) {
      const el = document.getElementById(e.id);
      if (el) watch.observe(el);
    }
    return () => watch.disconnect();
  }, [entries]);
  const choose = useCallback((id: string) => {
    chosen.current = id;
    setCurrent(id);
  }, []);
  return [current, choose];
}

/**
 * Brings a section into view and puts the focus on it, so the next Tab goes on from there. The
 * admin's address names its view (`#city/tampa`), so a plain `#hours` link would leave the city:
 * the link's own address is kept for a new tab, and a click is handled here.
 */
function goTo(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.scrollIntoView({ block: 'start' });
  section.focus({ preventScroll: true });
}

/**
 * The index of the editor's sections: a column of links beside the form on a wide screen, kept in
 * view as the page scrolls, and a row of links under the city's bar on a narrower one. The section
 * being read is marked (aria-current), so the index also says where one is.
 */
export function SectionIndex({ entries, layout }: { entries: IndexEntry[]; layout: 'side' | 'row' }) {
  const [current, choose] = useCurrent(layout === 'side' ? entries : []);
  if (entries.length === 0) return null;
  const side = layout === 'side';
  return (
    <nav
      aria-label="Sections of this city"
      data-testid={side ? 'section-index' : 'section-index-row'}
      className={side ? 'hidden self-start xl:sticky xl:top-4 xl:block xl:max-h-[calc(100vh-7rem)] xl:overflow-y-auto' : 'rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm lg:col-span-full xl:hidden'}
    >
      <p className={`text-sm font-semibold text-slate-900 ${side ? 'mb-2' : 'mb-1'}`}>Sections</p>
      <ul className={side ? 'grid gap-0.5 text-sm' : 'flex flex-wrap gap-x-4 gap-y-1 text-sm'}>
        {entries.map((e) => (
          <li key={e.id}>
            <a
              href={`${location.pathname}${location.search}${location.hash}`}
              aria-current={side && current === e.id ? 'true' : undefined}
              onClick={(ev) => {
                if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
                ev.preventDefault();
                choose(e.id);
                goTo(e.id);
              }}
              className={
                side
                  ? `block rounded px-2 py-1.5 text-slate-800 underline-offset-2 hover:bg-slate-100 hover:underline ${current === e.id ? 'bg-slate-100 font-semibold text-slate-900' : ''}`
                  : 'inline-block py-1.5 font-semibold text-brand underline'
              }
            >
              {e.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
