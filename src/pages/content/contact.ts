/**
 * Copy of the Contact page (spec section 2, "/contact"): meta, hero, the three-step section and the
 * text around the contact cards and the 'Send Us a Message' form.
 */
import type { Site } from '../page-model.js';
import type { Hero, PageMeta, ProcessStep } from './types.js';

/** Title and description of the Contact page, as the spec words them. */
export function contactMeta(site: Site): PageMeta {
  return {
    // On a brand site every location has a contact page: its title names which (NOTES.md decision 16).
    title: site.placement ? `Contact ${site.name} in ${site.city}, ${site.stateCode}` : `Contact ${site.name} | Schedule Consultation ${site.stateName}`,
    description: `Questions about testosterone therapy, weight loss or anti-aging treatments? Schedule a consultation in ${site.city}, ${site.stateCode} or call us at ${site.phone}.`,
  };
}

/** Hero of the Contact page; the title is the spec's 'Contact {product}'. */
export function contactHero(site: Site): Hero {
  return {
    eyebrow: `Schedule a Consultation in ${site.city}`,
    title: `Contact ${site.name}`,
    lead: `Have a question or ready to book a consultation? Send us a message or call ${site.phone}. Our team will get back to you within 24 hours.`,
  };
}

/** One sentence above the address, phone, email and hours cards. */
export const CONTACT_CARDS_INTRO: string =
  'Visit us, call or email during clinic hours, and our team will help you schedule a consultation or answer your questions.';

/** The spec's three-step section. */
export const CONTACT_STEPS: ProcessStep[] = [
  {
    step: 1,
    title: 'Schedule Consultation',
    description:
      'Call us or send a message to book a visit. We will contact you within 24 hours to find a time that suits you.',
  },
  {
    step: 2,
    title: 'Comprehensive Assessment',
    description:
      'A licensed provider reviews your symptoms, health history and goals, and orders the lab work needed to understand your health.',
  },
  {
    step: 3,
    title: 'Begin Treatment',
    description:
      'If treatment is right for you, you start a personalized plan with regular follow-up visits and lab work to monitor your progress.',
  },
];

/** Title, lead and message placeholder of the contact form card. */
export const CONTACT_FORM: { title: string; lead: string; messagePlaceholder: string } = {
  title: 'Send Us a Message',
  lead: 'Fill out the form and a member of our team will contact you within 24 hours. Share only what you are comfortable with; your provider will go over the details with you at your visit.',
  messagePlaceholder: 'Tell us about your health goals and any questions you have...',
};

/**
 * The consent line under the Send button (not a checkbox, no extra field): what sending the form
 * agrees to, and where the privacy policy is. The policy's text is the link's.
 */
export function contactConsent(businessName: string): { before: string; link: string; after: string } {
  return {
    before: `By sending this message, you agree that ${businessName} may contact you by phone, text or email about your inquiry. See our `,
    link: 'Privacy Policy',
    after: '.',
  };
}

/** Title and description of the confirmation page a form posted without script lands on. */
export function contactSentMeta(site: Site): PageMeta {
  return {
    title: site.placement ? `Message sent | ${site.name} in ${site.city}, ${site.stateCode}` : `Message sent | ${site.name}`,
    description: `Your message to ${site.name} in ${site.city} was sent. Our team will contact you within 24 hours.`,
  };
}

/** The line under the confirmation, before the links home and to call. */
export const CONTACT_SENT_SOONER: string = 'Need to talk sooner? Call us during clinic hours.';
