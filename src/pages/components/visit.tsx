import { Fragment } from 'react';
import { usePage } from '../context.js';
import { SPECIAL_HOURS_SHOWN, type Site } from '../page-model.js';
import { Icon } from './icons.js';
import { useCopy } from './lang.js';

/**
 * What patients look for first, shared by the home and contact pages: the week's hours, the
 * special hours ahead, directions, the facts the config states, and phone numbers that never
 * break across lines. Nothing here looks inside a string of the Site: the templated renderer
 * hands components tokens (template.ts).
 */

/** The class every phone number carries, link or text: "(813) 555-" and "0142" on two lines reads as two numbers. */
export const PHONE_NOWRAP = 'whitespace-nowrap';

/** Text in which the clinic's number, where it appears, is kept on one line. */
export function PhoneText({ text }: { text: string }) {
  const { site } = usePage();
  const parts = text.split(site.phone);
  if (parts.length === 1) return text;
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {i < parts.length - 1 && <span className={PHONE_NOWRAP}>{site.phone}</span>}
    </Fragment>
  ));
}

/**
 * The week's hours, runs of days with the same hours on one row. Times never break inside ("9:00
 * AM-6:00 / PM"), and the rows line up (HoursList): on a narrow phone every time moves under its
 * days as a whole.
 */
export function WeekHours() {
  return <HoursList hours={usePage().site.hours} />;
}

/**
 * Rows of days and their hours, as WeekHours shows a page's site's: for any site's (the brand
 * site's directory). Every row is laid out alike, so the rows line up: where the box is 17rem wide
 * (the longest day, a gap and the longest time, "Wednesday" and "12:00 PM-12:00 PM", in any of the
 * sites' faces), a table of two columns shared by every row (a subgrid), the days on the left and
 * the times on the right, a day range breaking only at its hyphen if it must; narrower, each time
 * under its days. Never some rows one way and some the other.
 */
export function HoursList({ hours, className = '' }: { hours: Site['hours']; className?: string }) {
  return (
    <div className={`@container ${className}`}>
      <dl className="grid gap-y-2 @min-[17rem]:grid-cols-[auto_auto] @min-[17rem]:justify-between @min-[17rem]:gap-x-4 @min-[17rem]:gap-y-1">
        {hours.map((h) => (
          <div key={h.days} className="col-span-full grid grid-cols-subgrid">
            <dt className="font-medium text-slate-800">{h.days}</dt>
            <dd className="whitespace-nowrap @min-[17rem]:text-right">{h.time}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The next special hours ahead on the build day (page-model.ts); nothing when there are none. */
export function SpecialHoursList({ headingLevel = 3, title }: { headingLevel?: 3 | 4; title: string }) {
  const { site } = usePage();
  const rows = site.specialHours.slice(0, SPECIAL_HOURS_SHOWN);
  if (rows.length === 0) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <Heading className="font-semibold text-slate-900">{title}</Heading>
      <ul className="mt-2 space-y-3">
        {rows.map((h) => (
          <li key={h.from}>
            <p className="font-medium text-slate-800">{h.label}</p>
            <p className="flex flex-wrap justify-between gap-x-4">
              <time dateTime={h.from}>{h.when}</time>{' '}
              <span className="font-medium whitespace-nowrap text-slate-900">{h.time}</span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link to Google Maps' directions for the clinic's address: a plain link, no script or frame. */
export function DirectionsLink({ className = '' }: { className?: string }) {
  const { site } = usePage();
  const { DIRECTIONS_LINK, DIRECTIONS_WHERE } = useCopy().visit;
  return (
    <a href={site.directionsUrl} rel="noopener" className={`inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline ${className}`}>
      <Icon name="map-pin" className="h-5 w-5" />
      {DIRECTIONS_LINK}
      <span className="sr-only">{DIRECTIONS_WHERE}</span>
    </a>
  );
}

/** Whether the clinic takes new patients and sees them by video, as far as the config says. */
export function VisitFacts({ className = '' }: { className?: string }) {
  const { site } = usePage();
  const facts = useCopy().visit.visitFacts(site);
  if (facts.length === 0) return null;
  return (
    <ul className={`space-y-3 ${className}`}>
      {facts.map((f) => (
        <li key={f.title} className="flex gap-3">
          <Icon name={f.icon} className={`mt-0.5 h-5 w-5 flex-none ${f.icon === 'x-circle' ? 'text-rose-700' : 'text-emerald-700'}`} />
          <span>
            <span className="font-semibold text-slate-900">{f.title}.</span> {f.description}
          </span>
        </li>
      ))}
    </ul>
  );
}
