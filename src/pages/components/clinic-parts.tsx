import { usePage } from '../context.js';
import { Gallery, TeamPhoto } from './gallery.js';
import { Icon } from './icons.js';
import { useCopy } from './lang.js';
import { Section, fitGrid } from './ui.js';
import { DirectionsLink, PHONE_NOWRAP, SpecialHoursList, VisitFacts, WeekHours } from './visit.js';

/**
 * The parts of a page that show one clinic: its hours and address, its photos, its team and the
 * places it serves. The city's home and about pages and, on a brand site, the location's page
 * show the same parts.
 */

/** Hours (the week's and the special hours ahead) beside the address, phone, directions and visit facts. */
export function VisitSection({ title, tone = 'slate' }: { title: string; tone?: 'slate' | 'white' }) {
  const { site } = usePage();
  const { ADDRESS_TITLE, HOURS_TITLE, SPECIAL_HOURS_TITLE } = useCopy().visit;
  return (
    <Section id="visit" title={title} tone={tone}>
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Icon name="clock" className="h-5 w-5 text-brand" />
            {HOURS_TITLE}
          </h3>
          <div className="mt-3">
            <WeekHours />
          </div>
          <SpecialHoursList title={SPECIAL_HOURS_TITLE} headingLevel={4} />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Icon name="map-pin" className="h-5 w-5 text-brand" />
            {ADDRESS_TITLE}
          </h3>
          <address className="mt-3 not-italic">
            {site.addressLines[0]}
            <br />
            {site.addressLines[1]}
            <br />
            <a href={site.telHref} className={`font-semibold text-brand underline ${PHONE_NOWRAP}`}>
              {site.phone}
            </a>
          </address>
          <DirectionsLink className="mt-2" />
          <VisitFacts className="mt-4 border-t border-slate-200 pt-4" />
        </div>
      </div>
    </Section>
  );
}

/** The config's photos of the clinic, when it has any. */
export function ClinicPhotos({ tone = 'white' }: { tone?: 'slate' | 'white' }) {
  const { site } = usePage();
  const { ui } = useCopy();
  if (site.photos.gallery.length === 0) return null;
  return (
    <Section id="clinic-photos" title={ui.clinicPhotosTitle(site.city)} tone={tone}>
      <Gallery photos={site.photos.gallery} />
    </Section>
  );
}

/** The clinic's team (local content), when it names anyone. */
export function TeamSection({ tone = 'white' }: { tone?: 'slate' | 'white' }) {
  const { site } = usePage();
  const { ui } = useCopy();
  const team = site.config.localContent.team;
  if (team.length === 0) return null;
  return (
    <Section id="team" title={ui.teamTitle(site.city)} tone={tone}>
      <ul className={fitGrid(team.length)}>
        {team.map((m, i) => (
          <li key={m.name} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            {site.photos.team[i] && <TeamPhoto photo={site.photos.team[i]} />}
            <h3 className="text-lg font-semibold text-slate-900">{m.name}</h3>
            <p className="font-medium text-slate-700">{m.credentials}</p>
            {m.role && <p className="text-slate-600">{m.role}</p>}
            {m.bio && <p className="mt-3 text-slate-700">{m.bio}</p>}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The neighbourhoods and towns the clinic serves (local content), as a list of chips. */
export function AreasServed({ className = '' }: { className?: string }) {
  const { site } = usePage();
  const { ui } = useCopy();
  const areas = site.config.localContent.areasServed;
  if (areas.length === 0) return null;
  return (
    <div className={className}>
      <h3 className="text-lg font-semibold text-slate-900">{ui.AREAS_WE_SERVE}</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {areas.map((a) => (
          <li key={a} className="rounded-full bg-brand-soft px-3 py-1 text-sm text-slate-800">
            {a}
          </li>
        ))}
      </ul>
    </div>
  );
}
