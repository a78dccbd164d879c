import { describe, expect, it } from 'vitest';
import { configWith, dom, render, text } from '../../test/helpers/site.js';

/** Issue 35 item 5: what a first visit costs, payment and insurance, where the city gives them, and nowhere else. */
const COSTS = {
  firstVisit: 'A first consultation is $99, including a baseline lab panel.',
  payment: ['cash', 'card', 'hsa-fsa'] as ('cash' | 'card' | 'hsa-fsa')[],
  insurance: 'We do not bill insurance; we give you an itemized receipt to send to your insurer.',
};
const page = (files: Record<string, string>, name: string) => dom(files[name]!);
/** Each row of a costs list: [term, what the city said]. */
const rows = (el: ReturnType<typeof dom> | null | undefined) => (el?.querySelectorAll('dt') ?? []).map((dt) => [text(dt), text(dt.nextElementSibling)]);
const ALL_ROWS = [
  ['First visit', 'A first consultation is $99, including a baseline lab panel.'],
  ['Payment', 'We accept cash, credit and debit cards and HSA and FSA cards.'],
  ['Insurance', 'We do not bill insurance; we give you an itemized receipt to send to your insurer.'],
];

describe("a city's costs, payment and insurance", () => {
  const files = render(configWith({ costs: COSTS }));

  it('are a card of the contact page and a section of every service page', () => {
    const card = page(files, 'contact/index.html').querySelectorAll('h3').find((h) => text(h) === 'Cost, Payment and Insurance');
    expect(card).toBeDefined();
    expect(rows(card!.parentNode)).toEqual(ALL_ROWS);
    for (const f of ['trt-therapy/index.html', 'semaglutide/index.html', 'nad-therapy/index.html', 'hormone-optimization/index.html']) {
      expect(rows(page(files, f).querySelector('#costs-title')?.parentNode), f).toEqual(ALL_ROWS);
    }
  });

  it("follow the specification's insurance answer in the FAQ as the city's own sentence, the answer unchanged", () => {
    const faq = page(files, 'index.html').querySelectorAll('details').find((d) => text(d.querySelector('summary')) === 'Is treatment covered by insurance?')!;
    expect(faq.querySelectorAll('p').map(text)).toEqual([
      'Insurance coverage varies by plan and by treatment. We recommend contacting your insurance provider to ask what your plan covers. Our team can help with claim documentation and discuss alternative payment options with you.',
      COSTS.insurance,
    ]);
  });

  it("make the terms' payment section say the same, and the clinic's JSON-LD name the payment accepted", () => {
    expect(text(page(files, 'terms/index.html').querySelector('main'))).toContain('Payment is due at the time of service. We accept cash, credit and debit cards and HSA and FSA cards.');
    const ld = JSON.parse(page(files, 'index.html').querySelector('script[type="application/ld+json"]')!.text) as { paymentAccepted?: string };
    expect(ld.paymentAccepted).toBe('Cash, Credit Card, Debit Card, HSA, FSA');
  });

  it('say nothing where the city gave nothing: no card, no section, no sentence, the terms as the specification writes them', () => {
    const plain = render(configWith({ costs: undefined }));
    for (const [name, html] of Object.entries(plain)) {
      expect(html, name).not.toContain('Cost, Payment and Insurance');
      expect(html, name).not.toContain('paymentAccepted');
    }
    expect(text(page(plain, 'terms/index.html').querySelector('main'))).toContain('Payment is due at the time of service. We accept cash, credit cards and approved financing.');
    const faq = page(plain, 'index.html').querySelectorAll('details').find((d) => text(d.querySelector('summary')) === 'Is treatment covered by insurance?')!;
    expect(faq.querySelectorAll('p')).toHaveLength(1);
    // Only what was given: a city with a payment list alone shows that row and no other.
    const one = render(configWith({ costs: { payment: ['financing'] } }));
    const card = page(one, 'contact/index.html').querySelectorAll('h3').find((h) => text(h) === 'Cost, Payment and Insurance')!.parentNode;
    expect(rows(card)).toEqual([['Payment', 'We accept approved financing.']]);
  });
});
