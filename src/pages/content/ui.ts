/**
 * The words of the page components themselves (issue 40): buttons, section headings, screen-reader
 * labels and the footer, which the components once wrote inline. Spanish counterpart: es/ui.ts,
 * with the same exports (copy.ts types it as this module). Proper names and config values are
 * passed in, never translated.
 */

// Calls to action (components/ui.tsx).
export const SCHEDULE_CONSULTATION: string = 'Schedule Consultation';
export const CALL_NOW: string = 'Call Now';
/** A tap-to-call button's text: "Call (813) 555-0100". */
export function callPhone(phone: string): string {
  return `Call ${phone}`;
}
/** Said to screen readers before a numbered step's title. */
export function stepLabel(step: number): string {
  return `Step ${step}: `;
}

// Navigation and the footer (components/footer.tsx, breadcrumbs.tsx, logo.tsx, the 404 page).
export const HOME: string = 'Home';
export const ABOUT: string = 'About';
export const CONTACT: string = 'Contact';
export const PRIVACY_POLICY: string = 'Privacy Policy';
export const TERMS: string = 'Terms & Conditions';
export const FOOTER_SERVICES: string = 'Services';
export const FOOTER_CONTACT: string = 'Contact';
export const CONSULTATIONS: string = 'Consultations';
export const SOCIAL_MEDIA: string = 'Social media';
/** A social profile's accessible name: "Prime Men's Health on Instagram". */
export function onNetwork(name: string, network: string): string {
  return `${name} on ${network}`;
}
/** The footer's copyright line; the year when the build gave one. */
export function copyright(year: string | undefined, name: string): string {
  return `© ${year ? `${year} ` : ''}${name}. All rights reserved.`;
}
export const BREADCRUMB: string = 'Breadcrumb';
/** The logo link's accessible name. */
export function logoHome(name: string): string {
  return `${name} home`;
}

// The clinic's parts (components/clinic-parts.tsx, costs.tsx).
export function clinicPhotosTitle(city: string): string {
  return `Our ${city} Clinic`;
}
export function teamTitle(city: string): string {
  return `Our ${city} Team`;
}
export const AREAS_WE_SERVE: string = 'Areas We Serve';
export const COSTS_FIRST_VISIT: string = 'First visit';
export const COSTS_PAYMENT: string = 'Payment';
export const COSTS_INSURANCE: string = 'Insurance';

// Home page.
export const OUR_SERVICES: string = 'Our Services';
export function servicesLead(city: string): string {
  return `Physician-supervised treatments for men in ${city}, each prescribed after a medical evaluation.`;
}
export const MORE_TREATMENTS: string = 'More Treatments';
export function careCloseToHome(city: string): string {
  return `Care Close to Home in ${city}`;
}
export const FAQ_TITLE: string = 'Frequently Asked Questions';
export const LEARN_MORE: string = 'Learn More';
/** Said to screen readers after "Learn More". */
export function learnMoreAbout(title: string): string {
  return ` about ${title}`;
}

// TRT page.
export const TRT_LOW_T_TITLE: string = 'Understanding Low Testosterone';
export const TRT_OPTIONS_TITLE: string = 'Treatment Options';
export const TRT_BENEFITS_TITLE: string = 'Potential Benefits of TRT';
export const TRT_PROCESS_TITLE: string = 'Our Process';

// Semaglutide page.
export const SEMAGLUTIDE_HOW_TITLE: string = 'How Semaglutide Works';
export const SEMAGLUTIDE_PROGRAM_TITLE: string = 'Our Weight Loss Program';
export const SEMAGLUTIDE_BENEFITS_TITLE: string = 'Benefits of Semaglutide';
export const SEMAGLUTIDE_CANDIDACY_TITLE: string = 'Is Semaglutide Right for You?';
export const SEMAGLUTIDE_GOOD_CANDIDATES: string = 'Good Candidates';
export const SEMAGLUTIDE_NOT_SUITABLE: string = 'Not Suitable For';
export const SEMAGLUTIDE_CANDIDACY_NOTE: string = 'Candidacy is decided by a licensed provider after a medical evaluation and lab work.';

// NAD+ page.
export const NAD_WHAT_IS_TITLE: string = 'What Is NAD+?';
export const NAD_DECLINE_TITLE: string = 'Why NAD+ Levels Decline';
export const NAD_BENEFITS_TITLE: string = 'Potential Benefits of NAD+ Therapy';
export const NAD_OPTIONS_TITLE: string = 'NAD+ Treatment Options';
export const NAD_CONDITIONS_TITLE: string = 'Conditions That May Benefit';
export const NAD_PROCESS_TITLE: string = 'Our NAD+ Process';

// The other service pages.
export const SERVICE_PROCESS_TITLE: string = 'How It Works';
export const SERVICE_SAFETY_TITLE: string = 'Safety First';

// About page (and a location's page on a brand site).
export const ABOUT_MISSION_TITLE: string = 'Our Mission';
export const ABOUT_VALUES_TITLE: string = 'Our Values';
export const ABOUT_APPROACH_TITLE: string = 'Our Approach';
export const ABOUT_SPECIALTIES_TITLE: string = 'Our Specialties';
export function whyCityTitle(city: string): string {
  return `Why ${city}`;
}
export const CONTACT_INFORMATION: string = 'Contact Information';
export function localQuestionsTitle(city: string): string {
  return `Questions from ${city} Patients`;
}
export function visitUsTitle(city: string): string {
  return `Visit Us in ${city}`;
}
export function visitUsLead(phone: string): string {
  return `Call ${phone} or send us a message to schedule your consultation.`;
}

// A location's own page of a treatment (brand site).
/** Before the link to the brand's page of the treatment; the link follows after a space. */
export function treatmentWhatIs(label: string): string {
  return `What ${label} is, who it may suit and how it works:`;
}
/** The link's text: "TRT Therapy at Prime Men's Health". */
export function treatmentAt(label: string, name: string): string {
  return `${label} at ${name}`;
}

// Legal pages.
export function effectiveDate(date: string): string {
  return `Effective date: ${date}`;
}

// Not-found page.
export function notFoundDescription(name: string): string {
  return `The page you asked for is not on the ${name} website.`;
}
export const PAGES_OF_SITE: string = 'Pages of this site';

// Contact page.
export const GET_IN_TOUCH: string = 'Get in Touch';
export const CONTACT_PHONE: string = 'Phone';
export const CONTACT_EMAIL: string = 'Email';
export const CONTACT_HOURS: string = 'Hours';
export const FOLLOW_US: string = 'Follow Us';
export const NEXT_STEPS_TITLE: string = 'What Happens Next';

// Confirmation page.
export const BACK_HOME: string = 'Back to the home page';
