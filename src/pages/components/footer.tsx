import type { ReactNode } from 'react';
import { usePage } from '../context.js';
import { Logo } from './logo.js';
import { Icon, type IconName } from './icons.js';
import { pagePath, servicePath, siteServiceLabel, useCopy } from './lang.js';

/**
 * Footer of spec section 2: description, social profiles, service links (Consultations goes to the
 * contact page), address, phone, email, the copyright line (the spec's 2024 is the year of the build:
 * NOTES.md decision 14), Privacy Policy and Terms links.
 */
export function Footer() {
  const { site, url } = usePage();
  const { ui } = useCopy();
  const contact = pagePath(site, 'contact', '/contact/');
  return (
    <footer className="dark-surface bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Logo place="footer" />
          <p className="mt-4 max-w-md">{site.description}</p>
          {site.social.length > 0 && (
            <ul className="mt-6 flex gap-3" aria-label={ui.SOCIAL_MEDIA}>
              {site.social.map((s) => (
                <li key={s.network}>
                  <a
                    href={s.url}
                    rel="noopener"
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-brand"
                  >
                    <Icon name={s.network} className="h-5 w-5" label={ui.onNetwork(site.name, s.label)} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-semibold text-white">
            {ui.FOOTER_SERVICES}
          </h2>
          <ul className="mt-4 space-y-2">
            {site.services.map((s) => (
              <li key={s.key}>
                <a href={url(servicePath(site, s))} className="hover:text-white">
                  {siteServiceLabel(site, s)}
                </a>
              </li>
            ))}
            <li>
              <a href={url(contact)} className="hover:text-white">
                {ui.CONSULTATIONS}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{ui.FOOTER_CONTACT}</h2>
          <address className="mt-4 space-y-3 not-italic">
            <ContactLine icon="map-pin">
              <span>
                {site.addressLines[0]}
                <br />
                {site.addressLines[1]}
              </span>
            </ContactLine>
            <ContactLine icon="phone">
              <a href={site.telHref} className="whitespace-nowrap hover:text-white">
                {site.phone}
              </a>
            </ContactLine>
            <ContactLine icon="mail">
              <a href={site.mailtoHref} className="break-all hover:text-white">
                {site.email}
              </a>
            </ContactLine>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{ui.copyright(site.year, site.name)}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            <li>
              {/* On a brand site a location's about page is its page (NOTES.md decision 16). */}
              <a href={url(site.placement?.brandRoot ? pagePath(site, 'home', '/') : pagePath(site, 'about', '/about/'))} className="hover:text-white">
                {ui.ABOUT}
              </a>
            </li>
            <li>
              <a href={url(contact)} className="hover:text-white">
                {ui.CONTACT}
              </a>
            </li>
            <li>
              <a href={url(pagePath(site, 'privacy', '/privacy/'))} className="hover:text-white">
                {ui.PRIVACY_POLICY}
              </a>
            </li>
            <li>
              <a href={url(pagePath(site, 'terms', '/terms/'))} className="hover:text-white">
                {ui.TERMS}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** One line of the footer's contact block: its icon, then the address, phone or email. */
function ContactLine({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <p className="flex gap-2">
      <Icon name={icon} className="mt-0.5 h-5 w-5 flex-none" />
      {children}
    </p>
  );
}
