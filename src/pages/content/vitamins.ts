/**
 * Copy of the Vitamin Injections page (docs/decisions/008-service-toggles.md): B12 and other nutrients, who may
 * benefit and deficiency testing.
 */
import type { ServicePageCopy } from './types.js';

/** The Vitamin Injections page. */
export const VITAMIN_PAGE: ServicePageCopy = {
  meta: (site) => ({
    title: `Vitamin Injections in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Vitamin B12 and other vitamin injections in ${site.city}, ${site.stateCode}, guided by deficiency testing and prescribed by a licensed provider.`,
  }),
  hero: (site) => ({
    eyebrow: `Vitamin Injections in ${site.city}`,
    title: 'Vitamin Injections Based on Your Labs',
    lead: 'When lab work shows a deficiency, or your body has trouble absorbing nutrients from food, vitamin injections may help restore healthy levels. We test first and treat what the results show.',
  }),
  intro: [
    'Low levels of vitamins such as B12 and vitamin D are common and can contribute to fatigue, weakness, low mood, numbness or tingling, and other symptoms. Some people cannot absorb enough from food or tablets because of age, digestive conditions, weight-loss surgery or long-term use of certain medications.',
    'An injection delivers a vitamin directly into the muscle, bypassing the digestive system. It is most useful when a deficiency has been confirmed by a blood test. For people with normal levels, extra vitamins have not been shown to boost energy, so we always test before treating.',
  ],
  sections: [
    {
      title: 'Common Options',
      points: [
        {
          title: 'Vitamin B12',
          description: 'B12 injections treat a confirmed deficiency, especially when absorption from the gut is reduced. B12 supports nerve health and red blood cell production.',
          icon: 'syringe',
        },
        {
          title: 'Vitamin D',
          description: 'Vitamin D levels are checked with a blood test. Low levels are usually treated with oral supplements at a dose your provider sets and rechecks.',
          icon: 'sun',
        },
        {
          title: 'Other Nutrients',
          description: 'When lab work shows another deficiency, your provider will recommend the most appropriate form of replacement, by mouth or by injection.',
          icon: 'pill',
        },
      ],
    },
    {
      title: 'Who May Benefit',
      lead: 'Vitamin injections may be considered for people with a lab-confirmed deficiency, including:',
      points: [
        {
          title: 'Absorption Problems',
          description: 'People with pernicious anemia, digestive conditions or a history of weight-loss surgery.',
          icon: 'activity',
        },
        {
          title: 'Certain Medications',
          description: 'Long-term use of metformin or stomach-acid reducers can lower B12 levels over time.',
          icon: 'clipboard',
        },
        {
          title: 'Diet and Age',
          description: 'Plant-based diets and older age both raise the risk of low B12.',
          icon: 'leaf',
        },
      ],
    },
  ],
  steps: [
    {
      step: 1,
      title: 'Consultation',
      description: 'A licensed provider reviews your symptoms, diet, medications and health history.',
    },
    {
      step: 2,
      title: 'Deficiency Testing',
      description: 'Blood tests measure vitamin levels and related markers to confirm whether a deficiency is present.',
    },
    {
      step: 3,
      title: 'Treatment and Recheck',
      description: 'If a deficiency is found, you receive a dosing plan, and follow-up lab work confirms that your levels are improving.',
    },
  ],
  safety: [
    'Vitamin injections are given only after testing and evaluation by a licensed provider.',
    'They are not a substitute for a balanced diet or for treating the underlying cause of a deficiency.',
    'Some vitamins, including vitamin D, can be harmful in excess, which is why dosing follows your lab results and levels are rechecked.',
    'Side effects are usually mild, such as soreness at the injection site; tell your provider about any allergies before treatment.',
  ],
  cta: (site) => ({
    title: 'Find Out Whether You Are Low',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call ${site.phone} to have your vitamin levels tested.`,
  }),
};
