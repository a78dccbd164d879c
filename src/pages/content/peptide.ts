/**
 * Copy of the Peptide Therapy page (docs/decisions/008-service-toggles.md). Deliberately cautious: no compound is
 * promised, and availability depends on FDA rules and pharmacy regulation.
 */
import type { ServicePageCopy } from './types.js';

/** The Peptide Therapy page. */
export const PEPTIDE_PAGE: ServicePageCopy = {
  meta: (site) => ({
    title: `Peptide Therapy in ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Peptide therapy in ${site.city}, ${site.stateCode}, considered case by case after a medical evaluation and prescribed only where FDA and pharmacy rules allow.`,
  }),
  hero: (site) => ({
    eyebrow: `Peptide Therapy in ${site.city}`,
    title: 'Peptide Therapy, Carefully Considered',
    lead: 'Peptides get a lot of attention online. We take a careful, evidence-based approach: an evaluation first, honest advice on what the research shows, and a prescription only when a treatment is appropriate and legally available.',
  }),
  intro: [
    'Peptides are short chains of amino acids that act as signals in the body. Some peptide medications, such as insulin and GLP-1 medications like semaglutide, are FDA-approved and well studied. Many other peptides promoted for recovery, body composition or anti-aging have limited research in people and are not FDA-approved.',
    'Which peptides can be prescribed changes over time. The FDA restricts which substances pharmacies may compound, and some peptides that were once widely available can no longer be legally compounded. We only prescribe products that are currently permitted and dispensed by a licensed pharmacy, and only after a licensed provider has evaluated you.',
  ],
  sections: [
    {
      title: 'Goals We Can Discuss',
      lead: 'Your provider will tell you honestly whether a peptide is a reasonable option for your goal, or whether another approach is better supported.',
      points: [
        {
          title: 'Weight Management',
          description: 'FDA-approved GLP-1 peptide medications may be an option for eligible adults as part of a monitored program.',
          icon: 'scale',
        },
        {
          title: 'Recovery and Body Composition',
          description: 'Many peptides marketed for these goals have little evidence in people; we review what is known before recommending anything.',
          icon: 'dumbbell',
        },
        {
          title: 'Healthy Aging',
          description: 'We look at proven foundations such as sleep, nutrition, exercise and lab-guided care alongside any peptide discussion.',
          icon: 'sparkles',
        },
      ],
    },
    {
      title: 'Our Standards',
      points: [
        {
          title: 'Evaluation Before Prescription',
          description: 'Every peptide is prescribed only after a licensed provider reviews your history, medications and lab work.',
          icon: 'stethoscope',
        },
        {
          title: 'Licensed Pharmacies Only',
          description: 'We never use products labeled for research use only or sourced outside the regulated pharmacy system.',
          icon: 'shield',
        },
        {
          title: 'Follow-Up and Monitoring',
          description: 'Regular check-ins track how you respond and any side effects, and treatment is stopped if it is not helping.',
          icon: 'clipboard',
        },
      ],
    },
  ],
  steps: [
    {
      step: 1,
      title: 'Consultation',
      description: 'Discuss your goals, symptoms, health history and current medications with a licensed provider.',
    },
    {
      step: 2,
      title: 'Evaluation and Lab Work',
      description: 'Lab tests establish a baseline and help rule out conditions that need a different treatment.',
    },
    {
      step: 3,
      title: 'Evidence Review and Plan',
      description: 'Your provider explains which options are supported and legally available, with their risks, and prescribes only if appropriate.',
    },
    {
      step: 4,
      title: 'Monitoring',
      description: 'Follow-up visits and lab work check your response and safety, and the plan is adjusted or stopped as needed.',
    },
  ],
  safety: [
    'Peptides are prescription treatments and are provided only after an evaluation by a licensed provider.',
    'Availability depends on current FDA rules and state pharmacy regulations, so a specific peptide may not be available.',
    'Some peptides are not appropriate for people with a history of cancer, who are pregnant or planning a pregnancy, or who have certain other medical conditions.',
    'Possible side effects include injection-site reactions and others specific to each medication; your provider will review them with you.',
    'Research on many peptides is limited, and results vary from person to person.',
  ],
  cta: (site) => ({
    title: 'Ask Whether Peptide Therapy Fits Your Goals',
    lead: `Schedule a consultation at ${site.name} in ${site.city} or call ${site.phone} for an honest, evidence-based conversation about your options.`,
  }),
};
