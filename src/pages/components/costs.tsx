import { usePage } from '../context.js';
import { useCopy } from './lang.js';

/**
 * What a first visit costs, how patients may pay and the city's word on insurance, as a short list
 * under a heading (the contact page's card, the service pages' section). Nothing when the city
 * gave none of them (config `costs`): no figure is ever made up.
 */
export function CostsList({ className = '' }: { className?: string }) {
  const { site } = usePage();
  const { ui } = useCopy();
  const costs = site.costs;
  if (!costs) return null;
  return (
    <dl className={`space-y-3 ${className}`}>
      {costs.firstVisit && <CostsRow term={ui.COSTS_FIRST_VISIT}>{costs.firstVisit}</CostsRow>}
      {costs.payment && <CostsRow term={ui.COSTS_PAYMENT}>{costs.payment}</CostsRow>}
      {costs.insurance && <CostsRow term={ui.COSTS_INSURANCE}>{costs.insurance}</CostsRow>}
    </dl>
  );
}

function CostsRow({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

/** The costs on a service page: a section of its own before the closing call to action, where the city gave any. */
export function CostsSection() {
  const { site } = usePage();
  const { COSTS_TITLE } = useCopy().costs;
  if (!site.costs) return null;
  return (
    <section aria-labelledby="costs-title" className="bg-white px-4 pt-14 sm:px-6">
      <div className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-slate-50 p-6">
        <h2 id="costs-title" className="text-2xl font-bold text-slate-900">
          {COSTS_TITLE}
        </h2>
        <CostsList className="mt-4" />
      </div>
    </section>
  );
}
