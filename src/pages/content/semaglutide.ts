/**
 * Copy of the semaglutide page (spec section 2, "/semaglutide"): how it works, the program, six
 * benefits and who is and is not a candidate.
 */
import type { Site } from '../page-model.js';
import type { Hero, PageMeta, Point } from './types.js';

/** Title and description of the semaglutide page. */
export function semaglutideMeta(site: Site): PageMeta {
  return {
    title: `Semaglutide Weight Loss in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Medically supervised semaglutide weight loss in ${site.city}, ${site.stateCode}: weekly injections, medical monitoring and lifestyle support from a licensed provider.`,
  };
}

/** Hero of the semaglutide page. */
export function semaglutideHero(site: Site): Hero {
  return {
    eyebrow: `Medical Weight Loss in ${site.city}`,
    title: 'Semaglutide Weight Loss Program',
    lead: 'A physician-supervised program that pairs once-weekly semaglutide injections with regular check-ins and practical lifestyle support, for adults who have struggled to lose weight on their own.',
  };
}

/** How semaglutide works, in plain language. */
export const SEMAGLUTIDE_HOW_IT_WORKS: string[] = [
  'Semaglutide is a GLP-1 receptor agonist. It acts like GLP-1, a hormone your gut releases after you eat, which tells your brain you are full. Under brand names, semaglutide is FDA-approved for chronic weight management in adults with obesity, or overweight with at least one weight-related health condition.',
  'By acting on appetite centers in the brain, semaglutide reduces hunger and cravings, so many people feel satisfied with smaller portions. It also slows gastric emptying, meaning food leaves the stomach more slowly and you stay full for longer after a meal.',
  'Semaglutide also helps regulate blood sugar by prompting the pancreas to release insulin when blood sugar rises. It works best together with a reduced-calorie diet and more physical activity, and it is prescribed only after a licensed provider has reviewed your health history and lab work.',
  'The most common side effects are nausea, diarrhea, vomiting and constipation, which often ease as the body adjusts. Doses start low and are increased gradually to help you tolerate the medication.',
];

/** The three parts of the program. */
export const SEMAGLUTIDE_PROGRAM: Point[] = [
  {
    title: 'Weekly Injections',
    description:
      'One small injection once a week, starting at a low dose that is increased step by step. We show you how to inject at home with confidence.',
    icon: 'syringe',
  },
  {
    title: 'Medical Monitoring',
    description:
      'Regular check-ins track your weight, blood pressure, blood sugar and any side effects, so your provider can adjust your dose safely.',
    icon: 'stethoscope',
  },
  {
    title: 'Lifestyle Support',
    description:
      'Guidance on nutrition, activity and habits that help you keep making progress during treatment and maintain your results afterwards.',
    icon: 'leaf',
  },
];

/** The six benefits; the first carries the spec's 15-20% claim. */
export const SEMAGLUTIDE_BENEFITS: Point[] = [
  {
    title: 'Meaningful Weight Loss',
    description:
      'In clinical studies, people taking semaglutide alongside diet and activity changes lost an average of 15-20% of their body weight. Individual results vary.',
    icon: 'scale',
  },
  {
    title: 'Reduced Appetite and Cravings',
    description: 'Many patients feel full sooner and think about food less, which makes healthier eating easier.',
    icon: 'target',
  },
  {
    title: 'Better Blood Sugar Control',
    description: 'Semaglutide helps the body manage blood sugar, which may benefit people with insulin resistance or prediabetes.',
    icon: 'droplet',
  },
  {
    title: 'Heart and Metabolic Health',
    description: 'Losing excess weight may improve blood pressure, cholesterol and other markers of metabolic health.',
    icon: 'heart',
  },
  {
    title: 'Once-Weekly Dosing',
    description: 'A single weekly injection fits easily into a busy schedule, with no daily pills to remember.',
    icon: 'calendar',
  },
  {
    title: 'Supervised, Sustainable Progress',
    description: 'Regular medical follow-up and lifestyle support help you build habits that last beyond the medication.',
    icon: 'activity',
  },
];

/** Who may be a good candidate, following the spec's list. */
export const GOOD_CANDIDATES: string[] = [
  'Adults with a BMI of 30 or higher, or a BMI of 27 or higher with weight-related health conditions',
  'People committed to making lifestyle changes to diet and physical activity',
  'People whose previous attempts to lose weight have not been successful',
  'People able to commit to regular medical monitoring',
  'People with no contraindications to GLP-1 medications',
];

/** Who should not take semaglutide, following the spec's list. */
export const NOT_SUITABLE: string[] = [
  'People with a personal or family history of medullary thyroid carcinoma',
  'People with Multiple Endocrine Neoplasia syndrome type 2 (MEN 2)',
  'People with severe gastroparesis or other severe gastrointestinal disorders',
  'Anyone who is pregnant or planning a pregnancy',
  'People with a history of pancreatitis',
];

/** The closing call to action of the semaglutide page. */
export function semaglutideCta(site: Site): { title: string; lead: string } {
  return {
    title: 'See Whether Semaglutide Is Right for You',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call ${site.phone}. A licensed provider will review your health history and lab work before recommending treatment.`,
  };
}
