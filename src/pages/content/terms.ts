/**
 * Copy of the Terms & Conditions page (spec section 2, "/terms"; section 9: payment, cancellation,
 * governing law and the effective date). The text is the same for every clinic; only the site's
 * name, city, contact details and `config.legal` are interpolated. Plain text only: the components
 * escape it.
 */
import type { Site } from '../page-model.js';
import { legalContact } from './legal-contact.js';
import type { LegalSection, PageMeta } from './types.js';

/** Title and meta description of the Terms & Conditions page. */
export function termsMeta(site: Site): PageMeta {
  return {
    title: `Terms & Conditions | ${site.name}`,
    description: `Terms of use for the ${site.name} website and services in ${site.city}, ${site.stateCode}: medical disclaimer, payment, cancellations and governing law.`,
  };
}

/**
 * Sections of the Terms & Conditions, in page order: acceptance, medical disclaimer, website use,
 * patient responsibilities, payment and billing, cancellation, intellectual property, limitation of
 * liability, privacy, governing law, changes and contact.
 */
export function termsSections(site: Site): LegalSection[] {
  const { governingLaw, courts } = site.config.legal;
  return [
    {
      heading: 'Acceptance of Terms',
      paragraphs: [
        `These Terms & Conditions govern your use of the website of ${site.name} ("we", "us" or "our") and of the services we provide at our clinic in ${site.city}, ${site.stateName}. By using this website or our services, you agree to these terms. If you do not agree, please do not use the website.`,
      ],
    },
    {
      heading: 'Medical Disclaimer',
      paragraphs: [
        'The content of this website is for general information only. It is not medical advice and is not a substitute for an evaluation, diagnosis or treatment by a qualified healthcare provider.',
        'Using this website, or sending us a message through it, does not create a provider-patient relationship. That relationship begins only after you have been evaluated by one of our licensed providers and have agreed to become a patient.',
        'Treatments described on this website are provided only when a licensed provider determines, after an evaluation and any necessary laboratory testing, that they are medically appropriate for you. Individual results vary, and no particular outcome is guaranteed.',
        'If you have a medical emergency, call 911 or go to the nearest emergency room. Do not use this website or our contact form to seek emergency care.',
      ],
    },
    {
      heading: 'Use of Website',
      paragraphs: [
        'Our contact form is intended for general questions and for requesting a consultation. It is not intended for urgent matters or for detailed medical information; please share your medical history with our providers during your consultation instead.',
        'You agree to use this website only for lawful purposes. In particular, you agree not to:',
      ],
      list: [
        'submit false or misleading information, or impersonate another person',
        'attempt to gain unauthorized access to the website, its servers or any connected systems',
        'interfere with the operation of the website, or send spam, malware or automated requests',
        'copy or reuse the content of the website except as these terms allow',
      ],
    },
    {
      heading: 'Patient Responsibilities',
      paragraphs: ['As a patient, you agree to:'],
      list: [
        'give complete and accurate information about your medical history, current medications and supplements, allergies and health conditions',
        'follow the treatment plan agreed with your provider and take prescribed medications only as directed',
        'complete recommended laboratory testing and attend follow-up appointments',
        'tell us promptly about any side effects, new symptoms or changes in your health or medications',
        'not share prescribed medications with anyone else',
      ],
    },
    {
      heading: 'Payment and Billing',
      paragraphs: [
        // Spec section 9's methods, unless the city names its own (config costs.payment).
        `Payment is due at the time of service. ${site.costs?.payment ?? 'We accept cash, credit cards and approved financing.'}`,
        'We will explain the cost of recommended services before treatment begins. If you have a question about a charge, please contact us.',
      ],
    },
    {
      heading: 'Cancellation Policy',
      paragraphs: [
        'If you need to cancel or reschedule an appointment, please give us at least 24 hours notice. A fee may apply for same-day cancellations or no-shows.',
      ],
    },
    {
      heading: 'Intellectual Property',
      paragraphs: [
        `The content of this website, including its text, graphics, logos and images, is owned by ${site.name} or its licensors and is protected by copyright, trademark and other laws. You may view and print pages for your personal, non-commercial use. Any other copying, distribution or modification requires our prior written permission.`,
      ],
    },
    {
      heading: 'Limitation of Liability',
      paragraphs: [
        'This website and its content are provided "as is" and "as available", without warranties of any kind, express or implied. We do not warrant that the website will be uninterrupted, error-free or free of harmful components.',
        `To the fullest extent permitted by law, ${site.name} and its providers and staff will not be liable for any indirect, incidental, special or consequential damages arising from your use of, or inability to use, this website or its content. Nothing in these terms limits any liability that cannot be limited under applicable law.`,
      ],
    },
    {
      heading: 'Privacy',
      paragraphs: [
        [
          'Your use of this website and our services is also governed by our ',
          { text: 'Privacy Policy', route: '/privacy/' },
          ', which explains how we collect, use and protect your personal and health information. Please read it carefully.',
        ],
      ],
    },
    {
      heading: 'Governing Law',
      paragraphs: [
        `These terms are governed by the laws of the State of ${governingLaw}, without regard to its conflict of law rules. Any dispute arising from these terms or your use of this website will be resolved in the courts of ${courts}, ${governingLaw}.`,
      ],
    },
    {
      heading: 'Changes to Terms',
      paragraphs: [
        'We may update these Terms & Conditions from time to time. When we do, we will post the revised terms on this page and change their effective date. Your continued use of the website or our services after changes are posted means you accept the revised terms.',
        `These terms are effective ${site.effectiveDate}.`,
      ],
    },
    {
      heading: 'Contact Information',
      paragraphs: [
        'If you have questions about these Terms & Conditions, please contact us:',
      ],
      contact: legalContact(site),
    },
  ];
}
