/**
 * Copy of the home page (spec section 2, "Home" and "FAQ"): hero, service cards, Why Choose,
 * the six FAQ answers and the closing call to action.
 */
import type { ServiceKey } from '../../config/schema.js';
import type { Site } from '../page-model.js';
import type { FaqItem, Hero, PageMeta, Point, ServiceCard } from './types.js';

const CARE: Record<ServiceKey, string> = {
  trt: 'testosterone replacement therapy',
  semaglutide: 'semaglutide weight loss',
  nadTherapy: 'NAD+ therapy',
  hormone_optimization: 'hormone optimization',
  peptideTherapy: 'peptide therapy',
  vitaminInjections: 'vitamin injections',
};

/** The site's enabled services as a phrase ('a, b and c'), at most `max` of them, in catalogue order. */
export function offeredCare(site: Site, max = 6): string {
  const names = site.services.slice(0, max).map((s) => CARE[s.key]);
  if (names.length === 0) return "men's health care";
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Title and description of the home page. */
export function homeMeta(site: Site): PageMeta {
  return {
    title: `${site.name} | Men's Health Clinic in ${site.city}, ${site.stateCode}`,
    description: `Men's health clinic in ${site.city}, ${site.stateCode} offering ${offeredCare(site, 3)}, guided by lab work.`,
  };
}

/** Hero of the home page; the headline is the spec's 'Revitalize Your Health in {city}'. */
export function homeHero(site: Site): Hero {
  return {
    eyebrow: `Men's Health Clinic in ${site.city}, ${site.stateCode}`,
    title: `Revitalize Your Health in ${site.city}`,
    lead: `Physician-supervised ${offeredCare(site, 3)}, built on lab work, a personal treatment plan and regular follow-up with a licensed provider.`,
  };
}

/** One card per service; the three core cards come first, each with exactly three features. */
export const SERVICE_CARDS: Record<ServiceKey, ServiceCard> = {
  trt: {
    title: 'TRT Therapy',
    description:
      'Testosterone replacement therapy for men with symptoms of low testosterone confirmed by blood tests, prescribed and monitored by a licensed provider.',
    icon: 'syringe',
    color: 'brand',
    link: '/trt-therapy/',
    features: ['Lab-confirmed diagnosis', 'Injectable and oral options', 'Regular follow-up lab work'],
  },
  semaglutide: {
    title: 'Semaglutide Weight Loss',
    description:
      'A medically supervised weight-loss program with once-weekly semaglutide injections, medical monitoring and lifestyle support.',
    icon: 'scale',
    color: 'emerald',
    link: '/semaglutide/',
    features: ['Once-weekly injections', 'Medical monitoring', 'Nutrition and lifestyle support'],
  },
  nadTherapy: {
    title: 'NAD+ Therapy',
    description:
      'NAD+ is a coenzyme every cell uses to make energy. We review your health and goals and discuss whether NAD+ support may suit you.',
    icon: 'battery',
    color: 'violet',
    link: '/nad-therapy/',
    features: ['Health and biomarker assessment', 'Supplement, IV and injection options', 'Personalized protocol'],
  },
  hormone_optimization: {
    title: 'Hormone Optimization',
    description:
      'A broader look at hormonal health, including thyroid, DHEA and estradiol balance, guided by lab results and your symptoms.',
    icon: 'activity',
    color: 'sky',
    link: '/hormone-optimization/',
    features: ['Comprehensive hormone panel', 'Treatment only where labs support it', 'Ongoing monitoring'],
  },
  peptideTherapy: {
    title: 'Peptide Therapy',
    description:
      'Peptide treatments considered case by case, prescribed only after an evaluation and only where FDA rules and pharmacy regulations allow.',
    icon: 'flask',
    color: 'amber',
    link: '/peptide-therapy/',
    features: ['Provider evaluation first', 'Licensed pharmacy sourcing', 'Follow-up and monitoring'],
  },
  vitaminInjections: {
    title: 'Vitamin Injections',
    description:
      'Vitamin B12 and other nutrient injections for patients whose lab work shows a deficiency or who absorb nutrients poorly by mouth.',
    icon: 'droplet',
    color: 'rose',
    link: '/vitamin-injections/',
    features: ['Deficiency testing', 'Vitamin B12 injections', 'Dosing based on your labs'],
  },
};

/** The 'Why Choose' section with the spec's three points. */
export function whyChoose(site: Site): { title: string; lead: string; points: Point[] } {
  return {
    title: `Why Choose ${site.name}`,
    lead: `Patients in ${site.city} come to us for careful, evidence-based men's health care and a team that explains every step.`,
    points: [
      {
        title: 'Expert Medical Team',
        description:
          "Licensed providers focused on men's health evaluate your symptoms, history and lab results before recommending any treatment.",
        icon: 'stethoscope',
      },
      {
        title: 'Personalized Treatment Plans',
        description:
          'Your plan is built around your lab work, health history and goals, and it is adjusted as your results and needs change.',
        icon: 'clipboard',
      },
      {
        title: 'Safe and Monitored Care',
        description:
          'Every treatment comes with scheduled follow-up visits and lab work so your provider can track progress and watch for side effects.',
        icon: 'shield',
      },
    ],
  };
}

/** The six FAQ items, in the spec's order of topics; a question about a service goes with it. */
/** Spec section 2: coverage varies; contact your insurer; the team helps with claims and payment options. */
const INSURANCE_QUESTION: FaqItem = {
  question: 'Is treatment covered by insurance?',
  answer:
    'Insurance coverage varies by plan and by treatment. We recommend contacting your insurance provider to ask what your plan covers. Our team can help with claim documentation and discuss alternative payment options with you.',
};

export const FAQ: FaqItem[] = [
  {
    service: 'trt',
    question: 'What is testosterone replacement therapy (TRT)?',
    answer:
      'TRT is a medical treatment for men whose bodies do not make enough testosterone. It is prescribed only after a licensed provider reviews your symptoms and confirms low testosterone with blood tests. Options include injectable testosterone and other approaches your provider can discuss with you. Treatment is followed by regular lab work to keep your levels in a healthy range and to watch for side effects.',
  },
  {
    service: 'semaglutide',
    question: 'How effective is semaglutide for weight loss?',
    answer:
      'In clinical studies, people taking semaglutide together with diet and activity changes lost an average of 15-20% of their body weight. Individual results vary and depend on your starting point, your dose, how well you tolerate the medication and the lifestyle changes you make. Your provider monitors your progress and adjusts the plan over time.',
  },
  {
    service: 'nadTherapy',
    question: 'What are the benefits of NAD+ therapy?',
    answer:
      'NAD+ is a coenzyme your cells use to turn food into energy and to repair DNA, and its levels fall with age. Some patients report better energy, focus and recovery with NAD+ support, but research in people is still ongoing and results vary. Your provider will explain what is known, what is not, and whether NAD+ therapy makes sense for you.',
  },
  {
    question: 'Who is a good candidate for treatment?',
    answer:
      'It depends on the treatment. TRT is for men with symptoms of low testosterone that lab work confirms. Semaglutide may suit adults with a BMI of 30 or higher, or 27 or higher with a weight-related health condition, who have no contraindications. In every case a licensed provider reviews your health history, medications and lab results before recommending anything.',
  },
  {
    question: 'What should I expect at my first consultation?',
    answer:
      'Your first visit is a conversation with a licensed provider about your symptoms, health history, medications and goals. Your provider will order the lab work needed to understand your health, review the results with you, and explain any treatment options, including their risks, costs and the monitoring they require. There is no obligation to start treatment.',
  },
  INSURANCE_QUESTION,
];

/** The closing call to action of the home page. */
export function closingCta(site: Site): { title: string; lead: string } {
  return {
    title: 'Ready to Take the First Step?',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call us at ${site.phone}. A licensed provider will review your health and goals and explain your options.`,
  };
}

/** The FAQ of a site: the six questions, less those about services it does not offer. */
export function faqFor(site: Site): FaqItem[] {
  const insurance = site.costs?.insurance;
  return FAQ.filter((q) => !q.service || site.config.services[q.service]).map((q) =>
    // The specification's insurance answer stays; the city's own sentence follows it.
    q === INSURANCE_QUESTION && insurance ? { ...q, more: insurance } : q,
  );
}
