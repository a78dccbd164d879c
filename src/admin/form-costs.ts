import { PAYMENT_METHODS, type ClinicConfigInput } from '../config/schema.js';
import type { AdminForm } from './form.js';

/** The config's costs from the form (sections/costs.tsx): only what the city gave, none at all left out. */
export function costsConfig(v: Pick<AdminForm, 'firstVisitCost' | 'payment' | 'insurance'>): ClinicConfigInput['costs'] {
  const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const payment = PAYMENT_METHODS.filter((m) => (v.payment || []).includes(m));
  const out = {
    ...(opt(v.firstVisitCost) ? { firstVisit: v.firstVisitCost.trim() } : {}),
    ...(payment.length ? { payment } : {}),
    ...(opt(v.insurance) ? { insurance: v.insurance.trim() } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}
