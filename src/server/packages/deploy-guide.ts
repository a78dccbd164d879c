import { privateEndpointHost } from '../../config/endpoint.js';
import { isHttpEndpoint } from '../../config/endpoint-form.js';
import { formEndpointOf } from '../../pages/contact/form-endpoint.js';
import type { ZipEntry } from '../bundle/zip.js';
import type { SiteBytes } from '../bundle/files.js';

/**
 * The DEPLOY.md of a package (docs/decisions/003-admin-deploys.md): the deployment steps of the
 * specification and where the contact form posts. Download Package (package-routes.ts, its body read
 * on the build worker: package-body.ts) and a deployed release's download put it beside the files.
 */

export interface PackageInfo {
  city: string;
  businessName?: string;
  domainName?: string;
  files: string[];
  /** Where the site's contact form posts, read from its contact page (formEndpointOf). */
  contactEndpoint?: string;
}

/**
 * Text from the request as Markdown shows it, never as markup: one line, Markdown's inline
 * punctuation backslash-escaped, `<` as an entity so no HTML tag survives any renderer.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+!|~&>]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;');
}

/** What DEPLOY.md says of the contact form: where it posts and what that needs. */
function contactSection(endpoint: string | undefined, domain: string): string[] {
  if (endpoint && isHttpEndpoint(endpoint)) {
    const origin = markdownText(new URL(endpoint).origin);
    return [
      'The form on the contact page sends each message to the clinic server, at this address:',
      '',
      `    ${endpoint}`,
      '',
      `The clinic server must be reachable at ${origin} whenever the site is online; if it is not, patients who send the form see "Error sending message" and nothing is stored. Messages then appear in the clinic server's admin under Messages, with this city.`,
      '',
      `Messages are filed under this city whatever address the site is hosted at (${domain} or any other): nothing to add on the clinic server.`,
      '',
      "Without JavaScript, a sent message lands on this site's confirmation page, `contact/sent/`: keep it with the other files.",
    ];
  }
  return [
    `The form on the contact page sends messages to ${markdownText(endpoint ?? '/api/contact')} on the host that serves the site. That only works when the clinic server itself serves these files: on any other host, patients who send the form see "Error sending message".`,
    '',
    "To host the site anywhere else, generate it again from the clinic server's admin (its form then posts to the clinic server's own address), or build it with `clinic-gen build --contact-endpoint https://<clinic server>/api/contact`.",
  ];
}

/** DEPLOY.md: extract, upload to hosting, point the domain at it, the logo, the contact form (spec section 2, /admin). */
export function deployInstructions(p: PackageInfo): string {
  const logo = p.files.find((f) => /^logo\.(png|jpg|gif|svg)$/.test(f));
  const domain = p.domainName ? markdownText(p.domainName) : 'your domain (for example tampa.example.com)';
  const siteAddress = p.domainName ? `https://${markdownText(p.domainName)}` : 'for example https://tampa.example.com';
  const logoStep = logo
    ? `Your logo is already in the package as \`${logo}\` and every page shows it. To change it later, replace that file with another image of the same name and type.`
    : 'This site was generated without a logo, so the pages show the clinic name in text. Upload the logo (logo.png) in the admin and generate again: the pages then show it and the package includes it.';
  // A package that cannot work says so first: a form posting to a loopback or private address loses every message.
  const privateHost = p.contactEndpoint ? privateEndpointHost(p.contactEndpoint) : undefined;
  const warning = privateHost
    ? [
        `**Warning: this site's contact form posts to ${markdownText(p.contactEndpoint!)}, a loopback or private address (${markdownText(privateHost)}). Hosted anywhere, it loses every message.** Set PUBLIC_URL on the clinic server to its public address and generate the package again.`,
        '',
      ]
    : [];
  return [
    ...warning,
    `# Deploying ${p.businessName ? markdownText(p.businessName) : 'the clinic website'}: ${markdownText(p.city)}`,
    '',
    `This package holds the ${p.files.length} files of a static website: plain HTML pages, one stylesheet, a small script for the contact form. Any static host can serve it; no server code runs there. The contact form sends messages to the clinic server (see "The contact form" below).`,
    '',
    '## 1. Extract the files',
    '',
    'Unzip the package. Keep the folder structure as it is: `index.html` at the top and one folder per page (`about/index.html`, `contact/index.html`, ...).',
    '',
    '## 2. Upload to hosting',
    '',
    'Upload everything you extracted (not the zip itself) to the web root of any static host: Netlify, Cloudflare Pages, GitHub Pages, an S3 bucket, or an Apache or nginx server. Configure `404.html` as the not-found page if the host asks. A folder address such as `/about/` must serve `about/index.html`, which every one of these hosts does by default.',
    '',
    'To look at the site on your own computer first, serve the folder with any static file server, for example `python3 -m http.server 8080` in the extracted folder, then open http://localhost:8080/.',
    '',
    '## 3. Point the domain at the hosting',
    '',
    `In your domain's DNS settings, point ${domain} at the host (the CNAME or A record your host gives you) and turn on HTTPS. Search engines are told the site lives there (canonical links, sitemap.xml).`,
    '',
    // The zip holds the logo when the site has one: the step says so instead of asking for it.
    logo ? '## 4. The logo' : '## 4. Add a logo',
    '',
    logoStep,
    '',
    ...(p.files.includes('es/404.html') ? spanishSection() : []),
    '## The contact form',
    '',
    ...contactSection(p.contactEndpoint, siteAddress),
    '',
  ].join('\n');
}

/**
 * A site with Spanish pages (issue 40): they live under `/es/`, with a not-found page of their own
 * (`es/404.html`). A static host serves one not-found page unless told otherwise; how to serve the
 * Spanish one under /es/ on the common hosts.
 */
function spanishSection(): string[] {
  return [
    '## The Spanish pages',
    '',
    'The Spanish pages are under `/es/` (`es/index.html`, `es/contacto/index.html`, ...), each linked from its English page and back. A missing address under `/es/` should show the Spanish not-found page, `es/404.html`; most hosts serve only `404.html` unless told:',
    '',
    '- **nginx:** `location /es/ { error_page 404 /es/404.html; }` beside `error_page 404 /404.html;`.',
    '- **Apache:** in `es/.htaccess` (or the site configuration), `ErrorDocument 404 /es/404.html`.',
    '- **Netlify:** a `_redirects` file at the root with the line `/es/*  /es/404.html  404`.',
    '- **Cloudflare Pages:** nothing to do; it serves the nearest `404.html` up the folder tree.',
    '- **GitHub Pages and S3:** one not-found page for the whole site: the English `404.html`, which links to the Spanish home page too.',
    '',
  ];
}

/** Where a site's form posts, read from its contact page (contact/index.html); undefined without one. */
export function pageContactEndpoint(page: Uint8Array | undefined): string | undefined {
  return page === undefined ? undefined : formEndpointOf(new TextDecoder().decode(page));
}

/** What a deployed release's zip holds: its files and a DEPLOY.md telling how to host them and where its form posts. */
export function releasePackageEntries(
  files: SiteBytes,
  site: { siteName: string; city?: string; businessName?: string; domainName?: string },
): ZipEntry[] {
  const names = [...files.keys()].filter((n) => n !== 'DEPLOY.md').sort((a, b) => a.localeCompare(b));
  const guide = deployInstructions({
    city: site.city ?? site.siteName,
    businessName: site.businessName,
    domainName: site.domainName,
    files: names,
    contactEndpoint: pageContactEndpoint(files.get('contact/index.html')),
  });
  return [...names.map((name) => ({ name, data: files.get(name)! })), { name: 'DEPLOY.md', data: guide }];
}

