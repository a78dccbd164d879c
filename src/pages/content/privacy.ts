/**
 * Copy of the Privacy Policy page (spec section 2, "/privacy"). Its effective date is the city's own
 * (config.legal.effectiveDate: NOTES.md decision 14; the samples keep the spec's January 1, 2024).
 * The text is the same for every clinic; only the site's name, city, state and contact details
 * are interpolated. Plain text only: the components escape it.
 */
import type { Site } from '../page-model.js';
import { legalContact } from './legal-contact.js';
import type { LegalSection, PageMeta } from './types.js';

/** Title and meta description of the Privacy Policy page. */
export function privacyMeta(site: Site): PageMeta {
  return {
    title: `Privacy Policy | ${site.name}`,
    description: `How ${site.name} in ${site.city}, ${site.stateCode} collects, uses and protects your personal and health information, and your rights under HIPAA.`,
  };
}

/**
 * Sections of the Privacy Policy, in page order: information collected (personal and automatic),
 * use, HIPAA rights, sharing, data security, cookies, user rights, changes and contact.
 */
export function privacySections(site: Site): LegalSection[] {
  return [
    {
      heading: 'Information We Collect',
      paragraphs: [
        `This Privacy Policy explains how ${site.name} ("we", "us" or "our"), a men's health clinic in ${site.city}, ${site.stateName}, collects, uses and protects information about visitors to our website and about our patients.`,
      ],
      subsections: [
        {
          heading: 'Personal Information',
          paragraphs: [
            'We collect the personal information you choose to give us. When you send a message through the contact form on our website, this is your first and last name, email address, phone number if you provide it, the service you are interested in, and the text of your message.',
            'When you call us, schedule an appointment or become a patient, we also collect the information needed to provide and bill for your care, such as your date of birth, contact details, medical history, medications, laboratory results, treatment records and payment information.',
            'Please do not send urgent or detailed medical information through the contact form or by email. If you have a medical emergency, call 911.',
          ],
        },
        {
          heading: 'Automatically Collected Information',
          paragraphs: [
            'When you visit our website, the servers that deliver it may automatically record standard technical information, such as your IP address, browser type and version, device type, the pages you request, the page that referred you, and the date and time of your visit.',
            'We use this information to operate, secure and troubleshoot the website. We do not use it to identify you personally, except where needed to investigate misuse of the website or when required by law.',
          ],
        },
      ],
    },
    {
      heading: 'How We Use Your Information',
      paragraphs: ['We use the information we collect to:'],
      list: [
        'respond to your questions and requests, including messages sent through our contact form',
        'schedule consultations, appointments, laboratory work and follow-up visits',
        'evaluate, provide and coordinate your medical care',
        'process payments and maintain billing records',
        'send appointment reminders and other communications about your care',
        'operate, maintain, secure and improve our website',
        'comply with legal, regulatory and professional obligations',
      ],
    },
    {
      heading: 'Your HIPAA Rights',
      paragraphs: [
        'Health information we create or receive in the course of providing your care is protected health information under the Health Insurance Portability and Accountability Act (HIPAA). Our Notice of Privacy Practices describes in detail how we may use and disclose it, and you may ask us for a paper copy of that notice at any time.',
        'Under HIPAA, you have the right to:',
      ],
      list: [
        'inspect and obtain a copy of your medical and billing records, in paper or electronic form',
        'request an amendment to health information you believe is incorrect or incomplete',
        'receive an accounting of certain disclosures we have made of your health information',
        'request restrictions on how we use or disclose your health information, including restrictions on disclosures to your health plan for services you pay for in full yourself',
        'request that we communicate with you in a confidential way, such as at a different address or phone number',
        'receive a paper copy of our Notice of Privacy Practices',
        'be notified if a breach affects your unsecured health information',
        'file a complaint with us, or with the U.S. Department of Health and Human Services Office for Civil Rights, if you believe your privacy rights have been violated; we will not retaliate against you for filing a complaint',
      ],
    },
    {
      heading: 'Information Sharing',
      paragraphs: [
        'We do not sell your personal information or your health information, and we do not share it for advertising.',
        'We share information only as needed to provide our services and as permitted or required by law, including with:',
      ],
      list: [
        'physicians, nurses and other healthcare providers involved in your care',
        'laboratories that perform tests ordered as part of your care',
        'pharmacies that fill your prescriptions',
        'payment processors that handle card and financing transactions',
        'service providers that host our website and systems, under agreements that require them to protect your information',
        'government authorities, courts or others when required by law, such as in response to a subpoena or to protect public health and safety',
      ],
    },
    {
      heading: 'Data Security',
      paragraphs: [
        'We use administrative, technical and physical safeguards designed to protect your information from unauthorized access, use, alteration and disclosure. Access to health information is limited to the people who need it to provide care or run our practice.',
        'No website, email or electronic storage system is completely secure, and we cannot guarantee the absolute security of information sent to us over the internet. Ordinary email is not encrypted, so please do not send sensitive health information to us by email.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Cookies are small text files that a website can store in your browser. Our website can be browsed without cookies, and we do not use advertising or cross-site tracking cookies.',
        'If we add cookies or similar technologies in the future, for example to measure how the website is used, we will update this policy to describe them. Most browsers let you view, block and delete cookies in their settings.',
      ],
    },
    {
      heading: 'Your Rights',
      paragraphs: [
        'In addition to your rights under HIPAA, and subject to applicable law, you may make the requests listed below. To make one, contact us using the details at the end of this policy; we may need to verify your identity before we act on it, and we will respond within the time required by law.',
      ],
      list: [
        'Access: request a copy of the personal information we hold about you',
        'Correction: ask us to correct personal information that is inaccurate or incomplete',
        'Deletion: ask us to delete personal information we no longer need, except records we must keep by law, such as medical records',
        'Portability: receive your personal information in a commonly used electronic format, or have it sent to another provider',
        'Opt-out: stop receiving marketing or promotional messages from us at any time',
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time. When we do, we will post the revised policy on this page and change its effective date. Your continued use of our website after changes are posted means you accept the revised policy.',
        `This policy is effective ${site.effectiveDate}.`,
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [
        'If you have questions about this Privacy Policy, wish to exercise your rights, or want to file a privacy complaint, please contact us:',
      ],
      contact: legalContact(site),
    },
  ];
}
