/**
 * Copy of the NAD+ page (spec section 2, "/nad-therapy"): what NAD+ is and why it declines, four
 * benefits, two options, nine conditions that may benefit and the four-step process.
 */
import type { Site } from '../page-model.js';
import type { Hero, PageMeta, Point, ProcessStep } from './types.js';

/** Title and description of the NAD+ page. */
export function nadMeta(site: Site): PageMeta {
  return {
    title: `NAD+ Therapy in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `NAD+ therapy in ${site.city}, ${site.stateCode}: a health assessment, biomarker testing and a personalized NAD+ protocol supervised by a licensed provider.`,
  };
}

/** Hero of the NAD+ page. */
export function nadHero(site: Site): Hero {
  return {
    eyebrow: `NAD+ Therapy in ${site.city}`,
    title: 'NAD+ Therapy for Cellular Health',
    lead: 'NAD+ is a molecule every cell relies on for energy and repair. We assess your health, explain what the research does and does not show, and help you decide whether NAD+ support fits your goals.',
  };
}

/** What NAD+ is. */
export const NAD_WHAT_IS: string[] = [
  'NAD+ (nicotinamide adenine dinucleotide) is a coenzyme found in every cell of the body. It helps the mitochondria turn the food you eat into usable energy, and it is needed by enzymes that repair damaged DNA and help regulate how cells respond to stress.',
  'Because so many basic processes depend on it, researchers are studying whether supporting NAD+ levels may help with energy, metabolism and healthy aging. Much of this research is still at an early stage, and results in people vary.',
];

/** Why NAD+ levels decline with age. */
export const NAD_DECLINE: string[] = [
  'Studies show that NAD+ levels tend to fall as we get older. Part of the reason is that the body uses more NAD+ over time: enzymes that repair DNA and respond to inflammation consume it faster as cellular damage and low-grade inflammation build up with age.',
  'At the same time, the body may recycle and rebuild NAD+ less efficiently. Lifestyle factors such as poor sleep, excess alcohol, chronic stress and inactivity may also play a part. Research into how much these changes contribute to the signs of aging, and whether restoring NAD+ can reverse them, is ongoing.',
];

/** The four potential benefits of NAD+ therapy. */
export const NAD_BENEFITS: Point[] = [
  {
    title: 'Cellular Energy',
    description: 'NAD+ is central to energy production in your cells, and some patients report less fatigue with NAD+ support.',
    icon: 'battery',
  },
  {
    title: 'Mental Clarity',
    description: 'Some patients describe better focus and less brain fog, although research in people is still limited.',
    icon: 'brain',
  },
  {
    title: 'Cellular Repair',
    description: 'NAD+ is used by the enzymes that repair DNA, which is why it is studied as part of healthy aging.',
    icon: 'shield',
  },
  {
    title: 'Metabolic Health',
    description: 'Early research suggests NAD+ may support healthy metabolism; results vary from person to person.',
    icon: 'activity',
  },
];

/** The two ways to support NAD+ levels. */
export const NAD_OPTIONS: Point[] = [
  {
    title: 'Supplements such as NMN and NR',
    description:
      'Oral precursors such as NMN (nicotinamide mononucleotide) and NR (nicotinamide riboside) that the body can convert into NAD+. They are sold as dietary supplements, which the FDA does not review for effectiveness, so we help you choose and use them sensibly.',
    icon: 'pill',
  },
  {
    title: 'IV Infusions and Intramuscular Injections',
    description:
      'Prescription NAD+ given as an IV infusion or an intramuscular injection, prepared by a licensed pharmacy. NAD+ is not FDA-approved to treat any condition, so it is prescribed only after an evaluation, and infusions are given slowly under supervision.',
    icon: 'syringe',
  },
];

/** Nine conditions and goals that may benefit from NAD+ support; research is ongoing. */
export const NAD_CONDITIONS: string[] = [
  'Persistent fatigue or low energy, once other medical causes are ruled out',
  'Age-related decline in stamina and vitality',
  'Brain fog or difficulty concentrating',
  'Slow recovery after exercise or physical exertion',
  'Declining physical endurance',
  'Stress-related exhaustion',
  'Metabolic health concerns, alongside standard medical care',
  'Healthy-aging and longevity goals',
  'General cellular health as part of an anti-aging plan',
];

/** The four-step NAD+ process. */
export const NAD_STEPS: ProcessStep[] = [
  {
    step: 1,
    title: 'Assessment',
    description:
      'A licensed provider reviews your symptoms, health history, medications and goals, and looks for other causes of fatigue or brain fog.',
  },
  {
    step: 2,
    title: 'Biomarker Testing',
    description:
      'Lab work checks markers of metabolic, hormonal and general health, giving a baseline and helping rule out conditions that need different treatment.',
  },
  {
    step: 3,
    title: 'Personalized Protocol',
    description:
      'If NAD+ support is appropriate, your provider recommends supplements, injections or infusions, explains the expected course and possible side effects, and sets a schedule.',
  },
  {
    step: 4,
    title: 'Ongoing Optimization',
    description:
      'Follow-up visits and repeat testing track how you feel and respond, and your protocol is adjusted or stopped based on the results.',
  },
];

/** The closing call to action of the NAD+ page. */
export function nadCta(site: Site): { title: string; lead: string } {
  return {
    title: 'Explore NAD+ Therapy',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call ${site.phone} to find out whether NAD+ therapy may fit your health goals.`,
  };
}
