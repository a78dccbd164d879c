import { stringify } from 'yaml';
import { lookupState } from '../config/states.js';
import { DEFAULT_SERVICES } from '../config/services.js';
import { parseHoursText } from './hours-text.js';

/** What `clinic-gen init` knows of the new clinic. */
export interface InitAnswers {
  city: string;
  state: string;
  businessName: string;
  address: string;
  zipCode: string;
  phone: string;
  email: string;
  domainName: string;
  /** The week's hours as typed (hours-text.ts), already checked. */
  hours: string;
  governingLaw: string;
  courts: string;
  effectiveDate: string;
}

/** The hours typed at init as the config's `hours` entries. */
function hoursYaml(text: string): string {
  const read = parseHoursText(text);
  if (!read.ok) throw new Error(`init: hours not checked: ${read.error}`);
  return read.entries.map((e) => `  - days: [${e.days.join(', ')}]\n    opens: "${e.opens}"\n    closes: "${e.closes}"`).join('\n');
}

/** A scalar as YAML writes it: `"33801"` stays a string, `Men's` needs no quotes. */
const y = (v: string) => stringify(v, { lineWidth: 0 }).trimEnd();

/**
 * The text of a new config: the given values (its hours and legal facts among them: none is made
 * up), the spec's default services, and the optional fields commented out with a word on each, so
 * the file teaches what it can hold.
 * `schemaRef` is the path of the JSON Schema relative to the written file (editor support).
 */
export function configTemplate(a: InitAnswers, opts: { schemaRef: string; configPath: string; configDir: string }): string {
  const state = lookupState(a.state);
  return `# yaml-language-server: $schema=${opts.schemaRef}
# ${a.businessName} in ${a.city}, ${state?.code ?? a.state}: a clinic config written by \`clinic-gen init\`.
# Preview while you edit:  clinic-gen dev --config ${opts.configPath}
# Build the site:          clinic-gen build --config ${opts.configPath} --contact-endpoint https://<clinic server>/api/contact

# The clinic, as the header, footer, contact page and search results show it.
businessName: ${y(a.businessName)}
city: ${y(a.city)}
state: ${y(state?.code ?? a.state)}
address: ${y(a.address)}
zipCode: ${y(a.zipCode)}
phone: ${y(a.phone)}
email: ${y(a.email)}
# The site's own address: canonical links, the sitemap and social previews use it.
domainName: ${y(a.domainName)}
# website: https://www.example.com          # the brand's main website, if it has one
# description: >-                            # a two-sentence summary (footer, search data)
#   ...
# primaryColor: "#1d4ed8"                    # brand colour, a hex colour with enough contrast on white
# logoUrl: https://example.com/logo.png      # or a site path like /uploads/logo.png

# Services: each one switched on gets its page, nav link, card and contact-form option.
services:
${Object.entries(DEFAULT_SERVICES).map(([key, on]) => `  ${key}: ${on}`).join('\n')}

# Opening hours, 24-hour times; days not listed are closed.
hours:
${hoursYaml(a.hours)}

# What the Terms & Conditions and the Privacy Policy state: the law and courts that govern the
# terms, and the date both take effect.
legal:
  governingLaw: ${y(a.governingLaw)}
  courts: ${y(a.courts)}
  effectiveDate: ${y(a.effectiveDate)}

# Where the contact form posts: the clinic server's contact API (or pass --contact-endpoint to build).
# contactEndpoint: https://clinic.example.com/api/contact

# socialMedia:
#   instagram: "@yourclinic"
#   facebook: yourclinic
# businessProfiles:
#   - https://www.example.com/profiles/your-clinic

# Local content tells this city's site apart from your other cities. Without it two cities'
# pages differ only by name, and search engines demote such near-identical pages as doorway
# pages. Uncomment and write it, then compare the cities with: clinic-gen check ${opts.configDir}/
# localContent:
#   whyCity: >-
#     Why patients in ${a.city} choose the clinic: where it is, the neighbourhoods it serves,
#     parking, hours that fit local work.
#   team:
#     - name: Dr. Jane Doe
#       credentials: MD, board-certified in family medicine
#       role: Medical Director
#       bio: What she does for patients here, in a sentence or two.
#   areasServed:
#     - A neighbourhood
#     - A nearby town
#   faq:
#     - question: Where do patients park?
#       answer: In front of the building, with accessible spaces by the entrance.
`;
}
