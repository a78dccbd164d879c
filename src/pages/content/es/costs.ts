import type { ClinicConfig, PaymentMethod } from '../../../config/schema.js';

/**
 * Spanish (es-US) counterpart of ../costs.ts: what a city says of costs, payment and insurance
 * (config `costs`, issue 35), as pages say it. Only what the city gave: a city without the field
 * shows nothing, and no figure is made up.
 */

/** The heading of the costs block on the contact and service pages. */
export const COSTS_TITLE = 'Costos, pago y seguro médico';

/** Each way of paying as a sentence lists it (the specification's terms: "cash, credit cards and approved financing"). */
const PAYMENT_WORDS: Record<PaymentMethod, string> = {
  cash: 'efectivo',
  card: 'tarjetas de crédito y débito',
  'hsa-fsa': 'tarjetas HSA y FSA',
  financing: 'financiamiento aprobado',
};

/** Each way of paying as schema.org's `paymentAccepted` lists it. */
const PAYMENT_ACCEPTED: Record<PaymentMethod, string> = {
  cash: 'Efectivo',
  card: 'Tarjeta de crédito, Tarjeta de débito',
  'hsa-fsa': 'HSA, FSA',
  financing: 'Financiamiento',
};

/** `a`, `a y b`, `a, b y c`. */
function list(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} y ${words.at(-1)}`;
}

/** "Aceptamos efectivo, tarjetas de crédito y débito y financiamiento aprobado." */
export function paymentSentence(methods: readonly PaymentMethod[]): string {
  return `Aceptamos ${list(methods.map((m) => PAYMENT_WORDS[m]))}.`;
}

/** `Efectivo, Tarjeta de crédito, Tarjeta de débito` for the clinic's JSON-LD. */
export function paymentAccepted(methods: readonly PaymentMethod[]): string {
  return methods.map((m) => PAYMENT_ACCEPTED[m]).join(', ');
}

/** What the city says of costs as pages show it (Site.costs): each sentence only where given. */
export interface SiteCosts {
  firstVisit?: string;
  payment?: string;
  insurance?: string;
}

/** The Site's `costs` of a config: `{ costs }` when the city gave any of them, else nothing (the key left out). */
export function costsPart(c: ClinicConfig['costs']): { costs?: SiteCosts } {
  if (!c) return {};
  const costs: SiteCosts = {
    ...(c.firstVisit ? { firstVisit: c.firstVisit } : {}),
    ...(c.payment ? { payment: paymentSentence(c.payment) } : {}),
    ...(c.insurance ? { insurance: c.insurance } : {}),
  };
  return Object.keys(costs).length ? { costs } : {};
}
