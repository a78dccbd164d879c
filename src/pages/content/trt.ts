/**
 * Copy of the TRT page (spec section 2, "/trt-therapy"): low testosterone, three treatment options,
 * eight benefits and the four-step process.
 */
import type { Site } from '../page-model.js';
import type { Hero, PageMeta, Point, ProcessStep } from './types.js';

/** Title and description of the TRT page. */
export function trtMeta(site: Site): PageMeta {
  return {
    title: `TRT Therapy in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Testosterone replacement therapy in ${site.city}, ${site.stateCode}: lab-confirmed diagnosis, injectable and oral options, and ongoing monitoring by a licensed provider.`,
  };
}

/** Hero of the TRT page. */
export function trtHero(site: Site): Hero {
  return {
    eyebrow: `Testosterone Replacement Therapy in ${site.city}`,
    title: 'TRT Therapy for Men',
    lead: 'If fatigue, low libido or changes in mood and body composition are affecting your life, low testosterone may be one cause. We test, explain your results and build a monitored treatment plan only if you need one.',
  };
}

/** What low testosterone is and its common symptoms. */
export const TRT_INTRO: string[] = [
  'Testosterone is the main male sex hormone. It plays a role in sex drive, muscle and bone strength, red blood cell production, energy and mood. Levels gradually decline with age, and some men produce too little testosterone because of medical conditions, medications, injury or problems with the testes or pituitary gland. When low levels cause symptoms, the condition is called hypogonadism, or low testosterone.',
  'Common symptoms include low sex drive, erectile difficulties, fatigue and low energy, reduced muscle mass and strength, increased body fat, low mood or irritability, and trouble concentrating. These symptoms can also have other causes, such as poor sleep, thyroid problems or depression, which is why a diagnosis needs both a careful history and blood tests, usually repeated on a morning sample.',
  'TRT is not right for everyone. It can reduce sperm production and fertility and raise the red blood cell count, and it is not used in men with certain conditions, such as prostate or breast cancer. Your provider will go over these risks with you before any treatment starts.',
];

/** The three treatment options, in the spec's order. */
export const TRT_OPTIONS: Point[] = [
  {
    title: 'Commercial Injectable Testosterone',
    description:
      'FDA-approved testosterone injections, such as testosterone cypionate, dispensed by a licensed pharmacy. Injections are the most established form of TRT, and your provider sets the dose and schedule based on your lab results.',
    icon: 'syringe',
  },
  {
    title: 'Oral TRT with Enclomiphene',
    description:
      'Enclomiphene is an oral medication that signals the body to make more of its own testosterone rather than replacing it, which may help preserve fertility. It is not FDA-approved; when appropriate it is prescribed off-label as a compounded medication, and your provider will discuss the evidence and risks with you.',
    icon: 'pill',
  },
  {
    title: 'Testosterone plus Branded HCG',
    description:
      'Testosterone therapy combined with brand-name pharmaceutical HCG (human chorionic gonadotropin), which helps the testes keep producing testosterone and sperm. Its use alongside TRT is off-label and is considered for men concerned about fertility or testicular size.',
    icon: 'flask',
  },
];

/** The eight benefits men may notice when low testosterone is treated. */
export const TRT_BENEFITS: Point[] = [
  {
    title: 'More Energy',
    description: 'Many men with low testosterone report less fatigue and more stamina once their levels are restored.',
    icon: 'battery',
  },
  {
    title: 'Improved Libido',
    description: 'Sex drive and sexual function often improve when low testosterone is treated, though results vary.',
    icon: 'heart',
  },
  {
    title: 'Better Mood',
    description: 'Some men notice less irritability and a more stable mood as their testosterone levels normalize.',
    icon: 'sun',
  },
  {
    title: 'Muscle Mass and Strength',
    description: 'Together with resistance training, TRT may help build lean muscle and strength.',
    icon: 'dumbbell',
  },
  {
    title: 'Healthier Body Composition',
    description: 'Treatment may help reduce body fat, especially when combined with good nutrition and exercise.',
    icon: 'scale',
  },
  {
    title: 'Bone Density',
    description: 'Testosterone supports bone strength, and treating a deficiency may help maintain bone density.',
    icon: 'shield',
  },
  {
    title: 'Focus and Mental Clarity',
    description: 'Some patients report sharper concentration and motivation once their levels are in a healthy range.',
    icon: 'brain',
  },
  {
    title: 'Quality of Life',
    description: 'By addressing the symptoms of low testosterone, many men feel more like themselves in daily life.',
    icon: 'activity',
  },
];

/** The four-step TRT process. */
export const TRT_STEPS: ProcessStep[] = [
  {
    step: 1,
    title: 'Initial Consultation',
    description:
      'A licensed provider reviews your symptoms, health history, medications and goals, including any plans to have children.',
  },
  {
    step: 2,
    title: 'Laboratory Testing',
    description:
      'Blood tests measure your testosterone and related markers, such as blood count, PSA and other hormones, to confirm a diagnosis and check that treatment is safe for you.',
  },
  {
    step: 3,
    title: 'Treatment Plan',
    description:
      'If TRT is right for you, your provider explains the options, benefits and risks, and prescribes a plan tailored to your results and goals.',
  },
  {
    step: 4,
    title: 'Ongoing Monitoring',
    description:
      'Regular follow-up visits and lab work track your levels, red blood cell count and other markers so your dose can be adjusted and side effects caught early.',
  },
];

/** The closing call to action of the TRT page. */
export function trtCta(site: Site): { title: string; lead: string } {
  return {
    title: 'Find Out Whether Low Testosterone Is Holding You Back',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call ${site.phone}. Testing comes first, and treatment is prescribed only if you need it.`,
  };
}
