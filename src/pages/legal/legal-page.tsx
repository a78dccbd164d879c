import type { LegalSection, PageMeta } from '../content/types.js';
import { EFFECTIVE_DATE } from '../content/privacy.js';
import { Document } from '../document.js';

/** /privacy and /terms: numbered sections with their effective date (spec section 2). */
export function LegalPage({ meta, title, sections }: { meta: PageMeta; title: string; sections: LegalSection[] }) {
  return (
    <Document meta={meta}>
      <article className="mx-auto max-w-3xl px-4 pt-28 pb-16 sm:px-6 sm:pt-32">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">Effective date: {EFFECTIVE_DATE}</p>
        {sections.map((s, i) => (
          <section key={s.heading} className="mt-10">
            <h2 className="text-2xl font-semibold text-slate-900">
              {i + 1}. {s.heading}
            </h2>
            <Body paragraphs={s.paragraphs} list={s.list} />
            {s.subsections?.map((sub) => (
              <div key={sub.heading} className="mt-6">
                <h3 className="text-xl font-semibold text-slate-900">{sub.heading}</h3>
                <Body paragraphs={sub.paragraphs} list={sub.list} />
              </div>
            ))}
          </section>
        ))}
      </article>
    </Document>
  );
}

function Body({ paragraphs, list }: { paragraphs: string[]; list?: string[] }) {
  return (
    <>
      {paragraphs.map((p) => (
        <p key={p} className="mt-4 leading-relaxed text-slate-700">{p}</p>
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
