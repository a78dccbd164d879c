/**
 * Copy of the Hormone Optimization page (docs/decisions/008-service-toggles.md): a lab-guided look at hormonal
 * health that is broader than testosterone alone.
 */
import type { ServicePageCopy } from './types.js';

/** The Hormone Optimization page. */
export const HORMONE_PAGE: ServicePageCopy = {
  meta: (site) => ({
    title: `Hormone Optimization in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Hormone optimization for men in ${site.city}, ${site.stateCode}: thyroid, DHEA, estradiol and testosterone evaluated with lab work and treated only when needed.`,
  }),
  hero: (site) => ({
    eyebrow: `Hormone Optimization in ${site.city}`,
    title: 'Hormone Optimization for Men',
    lead: 'Testosterone is only one part of hormonal health. We look at the wider picture with comprehensive lab work and recommend treatment only where your results and symptoms support it.',
  }),
  intro: [
    'Hormones work together. Fatigue, weight gain, low mood, poor sleep or low libido can come from low testosterone, but they can also reflect an underactive thyroid, changes in estradiol, low DHEA, high prolactin, or problems unrelated to hormones such as sleep apnea or medication side effects.',
    'Hormone optimization starts with a thorough evaluation and a broad lab panel, so that any treatment targets the actual cause of your symptoms. The goal is healthy, balanced levels that are safe for you, not the highest number a lab can show.',
  ],
  sections: [
    {
      title: 'What We Evaluate',
      lead: 'Your provider chooses the tests that fit your symptoms and history. A panel may include:',
      points: [
        {
          title: 'Testosterone and Related Hormones',
          description: 'Total and free testosterone, SHBG, LH and FSH to find out whether levels are low and why.',
          icon: 'activity',
        },
        {
          title: 'Thyroid Function',
          description: 'TSH and thyroid hormone levels, since an underactive thyroid can cause fatigue, weight gain and low mood.',
          icon: 'zap',
        },
        {
          title: 'DHEA and Adrenal Markers',
          description: 'DHEA-S and, when symptoms suggest it, other adrenal markers that influence energy and hormone balance.',
          icon: 'battery',
        },
        {
          title: 'Estradiol Balance',
          description: 'Men need some estradiol for bone, brain and sexual health; levels that are too high or too low can cause symptoms.',
          icon: 'target',
        },
      ],
    },
    {
      title: 'How We Approach Treatment',
      points: [
        {
          title: 'Treat What the Labs Show',
          description: 'Treatment is prescribed only by a licensed provider, and only when lab results and symptoms point to a specific imbalance.',
          icon: 'flask',
        },
        {
          title: 'Lifestyle First Where It Helps',
          description: 'Sleep, nutrition, exercise, alcohol and stress all affect hormones, and we address them alongside any medication.',
          icon: 'leaf',
        },
        {
          title: 'Referral When Needed',
          description: 'Results that suggest a pituitary, adrenal or other underlying condition are referred to your physician or a specialist.',
          icon: 'stethoscope',
        },
      ],
    },
  ],
  steps: [
    {
      step: 1,
      title: 'Consultation',
      description: 'A licensed provider reviews your symptoms, health history, medications and goals.',
    },
    {
      step: 2,
      title: 'Comprehensive Lab Work',
      description: 'A hormone panel tailored to you, usually drawn in the morning, gives a clear baseline.',
    },
    {
      step: 3,
      title: 'Personalized Plan',
      description: 'Your provider explains your results and, if treatment is appropriate, its benefits, risks and the monitoring it needs.',
    },
    {
      step: 4,
      title: 'Follow-Up and Monitoring',
      description: 'Repeat lab work and regular visits track your levels and symptoms so the plan can be adjusted safely.',
    },
  ],
  safety: [
    'Hormone treatments are prescribed only after an evaluation by a licensed provider and are not appropriate for everyone.',
    'Some hormone therapies can affect fertility, red blood cell count, cholesterol or prostate health, which is why ongoing lab monitoring is part of every plan.',
    'Over-the-counter hormone products, including DHEA supplements, can interact with prescribed treatment; tell your provider about everything you take.',
    'Results vary from person to person, and not every symptom has a hormonal cause.',
  ],
  cta: (site) => ({
    title: 'Get a Clear Picture of Your Hormones',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call ${site.phone} to start with a thorough evaluation and lab work.`,
  }),
};
