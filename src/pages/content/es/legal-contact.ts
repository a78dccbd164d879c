import type { Site } from '../../page-model.js';
import type { LegalParagraph } from '../types.js';

/**
 * Spanish (es-US) counterpart of ../legal-contact.ts: the clinic's contact lines closing the
 * Privacy Policy and the Terms & Conditions. The spec shows phone and email as tap-to-call and
 * mail links everywhere, the legal pages included.
 */
export function legalContact(site: Site): LegalParagraph[] {
  return [
    site.name,
    site.fullAddress,
    ['Teléfono: ', { text: site.phone, href: site.telHref, nowrap: true }],
    ['Correo electrónico: ', { text: site.email, href: site.mailtoHref }],
  ];
}
