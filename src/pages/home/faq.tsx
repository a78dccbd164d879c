import type { FaqItem } from '../content/types.js';
import { Icon } from '../components/icons.js';

/**
 * Single-open accordion on `<details name>`: the browser keeps one item of the group open, the open
 * one collapses when its summary is activated, and Enter/Space work on the summary. Answers are in
 * the HTML, readable without script.
 */
export function Faq({ items, group }: { items: FaqItem[]; group: string }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} name={group} className="faq-item group">
          <summary className="flex cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50">
            <span>{item.question}</span>
            <Icon name="arrow-right" className="faq-chevron h-5 w-5 flex-none rotate-90 text-brand transition-transform" />
          </summary>
          <div className="space-y-3 px-5 pb-5 text-slate-700">
            <p>{item.answer}</p>
            {item.more && <p>{item.more}</p>}
          </div>
        </details>
      ))}
    </div>
  );
}
