import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import * as M from '../../texts/admin.js';
import { exportUrl, getCity, type CityDetail } from '../cities-api.js';
import { TREATMENT_TEXTS, treatmentTextLabel } from '../field-labels.js';
import { FONT_LABELS } from '../font-choices.js';
import { formFromConfig, SERVICE_TOGGLES, shownLogo, SOCIAL_NETWORKS, type AdminForm } from '../form.js';
import { formatDate } from '../format.js';
import { AllCitiesLink } from '../city-bar.js';
import type { Go } from '../route.js';
import { Messages } from '../sections/messages.js';
import { Card, linkButtonClass } from '../ui.js';

/**
 * One city for a role that changes no city (the front desk): its saved details to read, no
 * Save, Generate, Deploy, upload or delete, beside the messages of the cities it works.
 */
export function CityDetails({ slug, go }: { slug: string; go: Go }) {
  const [city, setCity] = useState<CityDetail | 'failed' | undefined>(undefined);

  useEffect(() => {
    getCity(slug).then(setCity, (err: unknown) => {
      console.error(err);
      setCity('failed');
    });
  }, [slug]);
  useLayoutEffect(() => {
    document.getElementById('view-title')?.focus();
  }, [city === undefined]);
  const name = city && city !== 'failed' ? city.config.city : slug;
  useEffect(() => {
    document.title = `${name} · Clinic Website Generator`;
  }, [name]);

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="view-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2">
        <AllCitiesLink go={go} />
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
              {name}
            </h2>
            <p className="mt-1 text-sm text-slate-600" role={city === undefined ? 'status' : undefined}>
              {city === undefined ? (
                'Loading...'
              ) : city === 'failed' ? (
                ''
              ) : (
                <>
                  Version {city.version}, saved{' '}
                  <time dateTime={city.savedAt} className="whitespace-nowrap">
                    {formatDate(city.savedAt)}
                  </time>
                  . Read only.
                </>
              )}
            </p>
          </div>
          {city && city !== 'failed' && (
            <a href={exportUrl(city.slug)} download={`${city.slug}.yaml`} className={linkButtonClass}>
              Export YAML
            </a>
          )}
        </div>
        {city === 'failed' && (
          <p role="alert" className="mt-3 font-semibold text-red-800">
            {M.cityLoadFailed.title}. {M.cityLoadFailed.hint}
          </p>
        )}
      </section>
      <div className="grid min-w-0 grid-cols-1 content-start gap-6">{city && city !== 'failed' && <Details form={formFromConfig(city.config)} />}</div>
      <div className="grid min-w-0 grid-cols-1 content-start gap-6">
        <Messages site={slug} name={name} />
      </div>
    </main>
  );
}

/** A term and its value; an empty value reads "None". */
function Row({ term, children }: { term: string; children: ReactNode }) {
  const empty = children === '' || children === undefined || children === null || (Array.isArray(children) && children.length === 0);
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{empty ? 'None' : children}</dd>
    </>
  );
}

const dlClass = 'grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]';

/** The details of the editor's sections, as text. */
export function Details({ form: f }: { form: AdminForm }) {
  const logo = shownLogo(f.logoUrl);
  const services = SERVICE_TOGGLES.filter((s) => f.services[s.key]);
  // The treatments in its own words: those it offers (a service switched off shows no page of it).
  const ownWords = services.filter((s) => f.treatmentText[s.key].trim() !== '');
  const social = SOCIAL_NETWORKS.filter(({ key }) => f.socialMedia[key]);
  const photos = [...(f.photos.hero ? [{ ...f.photos.hero, label: 'Hero photo' }] : []), ...f.photos.gallery.map((p, i) => ({ ...p, label: `Clinic photo ${i + 1}` }))];
  return (
    <>
      <Card id="business" title="Business Information">
        <dl className={dlClass}>
          <Row term="Business Name">{f.businessName}</Row>
          <Row term="Address">{f.address}</Row>
          <Row term="City">{f.city}</Row>
          <Row term="State">{f.state}</Row>
          <Row term="ZIP Code">{f.zipCode}</Row>
          <Row term="Phone">{f.phone}</Row>
          <Row term="Email">{f.email}</Row>
          <Row term="Website">
            {f.website && (
              <a href={f.website} target="_blank" rel="noopener" className="text-brand underline">
                {f.website}
              </a>
            )}
          </Row>
          <Row term="Description">{f.description && <span className="whitespace-pre-wrap">{f.description}</span>}</Row>
        </dl>
      </Card>
      <Card id="brand" title="Logo and brand">
        <dl className={dlClass}>
          <Row term="Logo">{logo ? <img src={logo} alt={`Logo of ${f.businessName}`} className="max-h-16 max-w-40" /> : f.logoUrl}</Row>
          <Row term="Typeface">{FONT_LABELS[f.font]}</Row>
          <Row term="Brand colour">{f.primaryColor}</Row>
        </dl>
      </Card>
      <Card id="hours" title="Hours and booking">
        <dl className={dlClass}>
          <Row term="Weekly hours">
            {f.hours.length > 0 && (
              <ul>
                {f.hours.map((h, i) => (
                  <li key={i}>
                    {h.days.join(', ')}: {h.opens}–{h.closes}
                  </li>
                ))}
              </ul>
            )}
          </Row>
          <Row term="Special hours">
            {f.specialHours.length > 0 && (
              <ul>
                {f.specialHours.map((e, i) => (
                  <li key={i}>
                    {e.label}, {e.date}
                    {e.through ? ` through ${e.through}` : ''}: {e.kind === 'closed' ? 'closed' : `${e.opens}–${e.closes}`}
                  </li>
                ))}
              </ul>
            )}
          </Row>
          <Row term="Online booking URL">{f.bookingUrl}</Row>
          <Row term="Accepting new patients">{f.isAcceptingNewPatients === '' ? '' : f.isAcceptingNewPatients === 'yes' ? 'Yes' : 'No'}</Row>
          <Row term="Video visits">{f.telehealth === '' ? '' : f.telehealth === 'yes' ? 'Yes' : 'No'}</Row>
        </dl>
      </Card>
      <Card id="local" title="Local content">
        <dl className={dlClass}>
          <Row term="Why this city">{f.whyCity && <span className="whitespace-pre-wrap">{f.whyCity}</span>}</Row>
          {ownWords.length === 0 && <Row term={TREATMENT_TEXTS}>{''}</Row>}
          {ownWords.map((s) => (
            <Row key={s.key} term={treatmentTextLabel(s.label)}>
              <span className="whitespace-pre-wrap">{f.treatmentText[s.key]}</span>
            </Row>
          ))}
          <Row term="Team">
            {f.team.length > 0 && (
              <ul>
                {f.team.map((m, i) => (
                  <li key={i}>
                    {m.name}, {m.credentials}
                  </li>
                ))}
              </ul>
            )}
          </Row>
          <Row term="Local questions">
            {f.faq.length > 0 && (
              <ul>
                {f.faq.map((q, i) => (
                  <li key={i}>{q.question}</li>
                ))}
              </ul>
            )}
          </Row>
          <Row term="Areas served">{f.areasServed.split('\n').filter(Boolean).join(', ')}</Row>
          <Row term="Terms: governing law, courts">{[f.governingLaw, f.courts].filter(Boolean).join(', ')}</Row>
          <Row term="Policies effective">{f.effectiveDate}</Row>
        </dl>
      </Card>
      <Card id="services" title="Services Offered">
        {services.length ? (
          <ul className="flex flex-wrap gap-2">
            {services.map((s) => (
              <li key={s.key} className="rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand">
                {s.label}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No services switched on.</p>
        )}
      </Card>
      <Card id="social" title="Social Media and profiles">
        <dl className={dlClass}>
          {social.map(({ key, label }) => (
            <Row key={key} term={label}>
              {f.socialMedia[key]}
            </Row>
          ))}
          <Row term="Business profiles">
            {f.businessProfiles.length > 0 && (
              <ul>
                {f.businessProfiles.map((p, i) => (
                  <li key={i} className="break-all">
                    <a href={p.url} target="_blank" rel="noopener" className="text-brand underline">
                      {p.url}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Row>
        </dl>
      </Card>
      {photos.length > 0 && (
        <Card id="photos" title="Photos">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((p, i) => (
              <li key={`${p.src}-${i}`} className="text-xs text-slate-700">
                {p.src.startsWith('/uploads/') ? <img src={p.src} alt="" className="h-24 w-full rounded-lg border border-slate-200 object-cover" /> : <span className="block break-all">{p.src}</span>}
                <span className="mt-1 block font-medium text-slate-800">{p.label}</span>
                <span className="block">{p.alt}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
