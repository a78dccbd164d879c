import type { ReactNode } from 'react';
import type { Lang } from '../../config/languages.js';
import type { Hero, Point, ProcessStep } from '../content/types.js';
import { usePage } from '../context.js';
import { HERO_PHOTO_SECTION, HeroPhoto } from './hero-photo.js';
import { Icon, type IconName } from './icons.js';
import { PHONE_NOWRAP, PhoneText } from './visit.js';
import { CONTACT_FORM_ID, contactFormTarget } from '../routes.js';
import { pagePath, useCopy } from './lang.js';

/** A page section with a centred heading. */
export function Section({
  id,
  title,
  lead,
  tone = 'white',
  children,
}: {
  id?: string;
  title?: string;
  lead?: string;
  tone?: 'white' | 'soft' | 'slate';
  children: ReactNode;
}) {
  const bg = tone === 'soft' ? 'bg-brand-soft' : tone === 'slate' ? 'bg-slate-50' : 'bg-white';
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`${bg} py-14 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {title && (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {title}
            </h2>
            {lead && <p className="mt-4 text-lg text-slate-600">{lead}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/**
 * The hero at the top of every inner page, with the two calls to action of the spec; behind it
 * the config's hero photo when there is one, so every page shows the clinic, not only the home page.
 */
export function PageHero({ hero, actions = true }: { hero: Hero; actions?: boolean }) {
  const { site } = usePage();
  const photo = site.photos.hero;
  return (
    <section className={`${photo ? `${HERO_PHOTO_SECTION} ` : ''}dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-28 pb-16 text-white sm:pt-32 sm:pb-20`}>
      {photo && <HeroPhoto photo={photo} veil="even" />}
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        {hero.eyebrow && <p className="mb-3 text-sm font-semibold tracking-wide text-slate-200 uppercase">{hero.eyebrow}</p>}
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{hero.title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">
          <PhoneText text={hero.lead} />
        </p>
        {actions && <CtaButtons className="mt-8 justify-center" />}
      </div>
    </section>
  );
}

/**
 * 'Schedule Consultation' and 'Call Now' (tap to call). Schedule Consultation goes to the clinic's
 * booking page when its config names one (the specification notes, decision 11), else to the
 * contact form itself: /contact/#send-message, or on a service page that service's copy of the
 * contact page, the service chosen (routes.ts contactFormTarget, decision 023). A location on a
 * brand site has one contact page: its copies per treatment moved there (NOTES.md decision 16).
 */
export function CtaButtons({ className = '', light = true }: { className?: string; light?: boolean }) {
  const { site, path, url } = usePage();
  const { ui } = useCopy();
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      <a
        href={site.bookingUrl ?? url(site.placement?.brandRoot ? `${pagePath(site, 'contact', '/contact/')}#${CONTACT_FORM_ID}` : contactFormTarget(path, site.config))}
        {...(site.bookingUrl ? { rel: 'noopener' } : {})}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
      >
        {ui.SCHEDULE_CONSULTATION}
        <Icon name="arrow-right" className="h-5 w-5" />
      </a>
      <a
        href={site.telHref}
        className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 px-6 py-3 font-semibold ${PHONE_NOWRAP} ${
          light ? 'border-white text-white hover:bg-white hover:text-slate-900' : 'border-brand text-brand hover:bg-brand-soft'
        }`}
      >
        <Icon name="phone" className="h-5 w-5" />
        {ui.CALL_NOW}<span className="sr-only">: {site.phone}</span>
      </a>
    </div>
  );
}

/** A tap-to-call button reading "Call (813) 555-0100"; `className` sets its size and colours. */
export function CallButton({ className }: { className: string }) {
  const { site } = usePage();
  const { ui } = useCopy();
  return (
    <a href={site.telHref} className={`${className} ${PHONE_NOWRAP}`}>
      <Icon name="phone" className="h-5 w-5" />
      {ui.callPhone(site.phone)}
    </a>
  );
}

/** A grid of titled cards, each with an optional icon; `columns` is the most it may use. */
export function PointGrid({ points, columns = 3, icon }: { points: Point[]; columns?: 2 | 3 | 4; icon?: IconName }) {
  return (
    <ul className={fitGrid(points.length, columns)}>
      {points.map((p) => (
        <li key={p.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          {(p.icon ?? icon) && (
            <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-soft text-brand">
              <Icon name={(p.icon ?? icon)!} />
            </span>
          )}
          <h3 className="text-lg font-semibold text-slate-900">{p.title}</h3>
          <p className="mt-2 text-slate-600">{p.description}</p>
        </li>
      ))}
    </ul>
  );
}

// Literal class strings: Tailwind finds the classes it compiles by reading the sources.
const GRID_COLUMNS: Record<1 | 2 | 3 | 4, string> = {
  1: 'mx-auto max-w-md',
  2: 'mx-auto max-w-4xl md:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/**
 * The classes of a card grid that fits its count: a lone card is not a third of an empty row, two
 * cards do not sit in three columns, and the last row is as full as `max` columns allow (the column
 * count with the fewest empty cells, the widest on a tie). Narrow grids are centred and capped so
 * their cards keep a readable width.
 */
export function fitGrid(count: number, max: 2 | 3 | 4 = 3): string {
  const columns = gridColumns(count, max);
  return `grid gap-6 ${columns === 3 && count === 3 ? 'md:grid-cols-3' : GRID_COLUMNS[columns]}`;
}

/** How many columns `count` cards get at full width, at most `max`. */
export function gridColumns(count: number, max: 2 | 3 | 4 = 3): 1 | 2 | 3 | 4 {
  if (count <= 1) return 1;
  let best: 1 | 2 | 3 | 4 = 2;
  let bestEmpty = Infinity;
  for (let c = Math.min(max, count); c >= 2; c--) {
    const empty = Math.ceil(count / c) * c - count;
    if (empty < bestEmpty) [best, bestEmpty] = [c as 2 | 3 | 4, empty];
  }
  return best;
}

/** Numbered steps (spec: process step with number, title, description). */
export function Steps({ steps, lang }: { steps: ProcessStep[]; /** Absent: the page's language (English outside a city page). */ lang?: Lang }) {
  const { ui } = useCopy(lang);
  const cols = steps.length === 3 ? 'md:grid-cols-3' : 'sm:grid-cols-2 lg:grid-cols-4';
  return (
    <ol className={`grid gap-6 ${cols}`}>
      {steps.map((s) => (
        <li key={s.step} className="relative rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-white">
            {s.step}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">{ui.stepLabel(s.step)}</span>
            {s.title}
          </h3>
          <p className="mt-2 text-slate-600">{s.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** A list with a check (or cross) mark before each entry. */
export function CheckList({ items, mark = 'check', className = '' }: { items: string[]; mark?: 'check' | 'cross'; className?: string }) {
  const tone = mark === 'check' ? 'text-emerald-700' : 'text-rose-700';
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Icon name={mark === 'check' ? 'check-circle' : 'x-circle'} className={`mt-0.5 h-5 w-5 flex-none ${tone}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Paragraphs of plain text. */
export function Prose({ paragraphs, className = '' }: { paragraphs: string[]; className?: string }) {
  return (
    <div className={`space-y-4 text-lg leading-relaxed text-slate-700 ${className}`}>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}

/**
 * The closing call to action at the bottom of a page: a dark panel inset on white, so it does not
 * run into the footer of the same dark colour below it.
 */
export function ClosingCta({ title, lead }: { title: string; lead: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 py-14 sm:px-6 sm:py-20">
      <div className="dark-surface mx-auto max-w-6xl rounded-3xl bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="cta-title" className="text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-slate-200">
            <PhoneText text={lead} />
          </p>
          <CtaButtons className="mt-8 justify-center" />
        </div>
      </div>
    </section>
  );
}
