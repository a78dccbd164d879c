import type { LegalParagraph, LegalSection, PageMeta } from '../content/types.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';
import { HERO_PHOTO_SECTION, HeroPhoto } from '../components/hero-photo.js';
import { useCopy } from '../components/lang.js';
import { inSiteLanguage } from '../routes.js';

// break-words: a long email address wraps on a phone instead of widening the page. Nothing here
// looks inside a run's text or href: the templated renderer hands the page tokens (template.ts).
const LINK = 'font-medium break-words text-brand underline underline-offset-2 hover:text-brand-dark';
// A phone number stays on one line.
const PHONE_LINK = 'font-medium whitespace-nowrap text-brand underline underline-offset-2 hover:text-brand-dark';

/**
 * /privacy and /terms: numbered sections with their effective date (spec section 2). With a hero
 * photo the title sits in a short band over it, as on the other pages; without one, on white.
 */
export function LegalPage({ meta, title, sections }: { meta: PageMeta; title: string; sections: LegalSection[] }) {
  const { site, url } = usePage();
  const { ui } = useCopy();
  const photo = site.photos.hero;
  return (
    <Document meta={meta}>
      {photo && (
        <div className={`${HERO_PHOTO_SECTION} dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-28 pb-12 text-white sm:pt-32 sm:pb-14`}>
          <HeroPhoto photo={photo} veil="even" />
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
            <p className="mt-3 text-slate-200">{ui.effectiveDate(site.effectiveDate)}</p>
          </div>
        </div>
      )}
      <article className={`mx-auto max-w-3xl px-4 pb-16 sm:px-6 ${photo ? 'pt-4' : 'pt-28 sm:pt-32'}`}>
        {!photo && (
          <>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
            <p className="mt-3 text-slate-600">{ui.effectiveDate(site.effectiveDate)}</p>
          </>
        )}
        {/* The copy names the site's pages by their English paths: each in the page's language. */}
        <LegalSections sections={sections} url={(t) => url(inSiteLanguage(site, t))} />
      </article>
    </Document>
  );
}


/**
 * The numbered sections of a policy, its paragraphs' site routes linked through `url`: the city's
 * pages and the brand site's policies (src/brand-site/pages/legal.tsx) show the same markup.
 */
export function LegalSections({ sections, url }: { sections: LegalSection[]; url: (target: string) => string }) {
  return (
    <>
    {sections.map((s, i) => (
      <section key={s.heading} className="mt-10">
        <h2 className="text-2xl font-semibold text-slate-900">
          {i + 1}. {s.heading}
        </h2>
        <Body paragraphs={s.paragraphs} list={s.list} url={url} />
        {s.subsections?.map((sub) => (
          <div key={sub.heading} className="mt-6">
            <h3 className="text-xl font-semibold text-slate-900">{sub.heading}</h3>
            <Body paragraphs={sub.paragraphs} list={sub.list} url={url} />
          </div>
        ))}
        {s.contact && (
          <address className="mt-4 space-y-1 leading-relaxed text-slate-700 not-italic">
            {s.contact.map((line, j) => (
              <p key={j}>
                <Runs paragraph={line} url={url} />
              </p>
            ))}
          </address>
        )}
      </section>
    ))}
    </>
  );
}

function Body({ paragraphs, list, url }: { paragraphs: LegalParagraph[]; list?: string[]; url: (target: string) => string }) {
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} className="mt-4 leading-relaxed text-slate-700">
          <Runs paragraph={p} url={url} />
        </p>
      ))}
      {list && (
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A paragraph's text and links; a site route is linked relative to the page, like every link. */
function Runs({ paragraph, url }: { paragraph: LegalParagraph; url: (target: string) => string }) {
  if (typeof paragraph === 'string') return paragraph;
  return paragraph.map((run, i) =>
    typeof run === 'string' ? (
      run
    ) : (
      <a key={i} href={'route' in run ? url(run.route) : run.href} className={'nowrap' in run && run.nowrap ? PHONE_LINK : LINK}>
        {run.text}
      </a>
    ),
  );
}
