// The fields `clinic-gen init` asks for, apart from their rules (fields.ts): its --help lists them without loading the config's schema.

/** A value `clinic-gen init` needs for a config that builds: its flag, its prompt and its rule. */
export interface InitField {
  key: 'city' | 'state' | 'businessName' | 'address' | 'zipCode' | 'phone' | 'email' | 'domainName' | 'hours' | 'governingLaw' | 'courts' | 'effectiveDate';
  /** Commander's camelCase name of the flag. */
  option: string;
  flag: string;
  /** The flag's value in --help: `--zip <zip>`. */
  arg: string;
  prompt: string;
  example: string;
}

/** In the order they are asked: where first, then who, then how to reach them. */
export const INIT_FIELDS: InitField[] = [
  { key: 'city', option: 'city', flag: '--city', arg: 'city', prompt: 'City', example: 'Lakeland' },
  { key: 'state', option: 'state', flag: '--state', arg: 'state', prompt: 'State (code or name)', example: 'FL' },
  { key: 'businessName', option: 'businessName', flag: '--business-name', arg: 'name', prompt: 'Clinic brand name', example: "Northstar Men's Health" },
  { key: 'address', option: 'address', flag: '--address', arg: 'street', prompt: 'Street address', example: '2100 South Florida Avenue' },
  { key: 'zipCode', option: 'zip', flag: '--zip', arg: 'zip', prompt: 'ZIP code', example: '33803' },
  { key: 'phone', option: 'phone', flag: '--phone', arg: 'phone', prompt: 'Phone', example: '(863) 555-0100' },
  { key: 'email', option: 'email', flag: '--email', arg: 'email', prompt: 'Email', example: 'lakeland@example.com' },
  { key: 'domainName', option: 'domain', flag: '--domain', arg: 'domain', prompt: 'Domain of the site', example: 'lakeland.example.com' },
  // The facts a patient acts on are this city's own (NOTES.md decision 14): asked, never filled in.
  { key: 'hours', option: 'hours', flag: '--hours', arg: 'hours', prompt: 'Opening hours (days not named are closed)', example: 'Mon-Fri 09:00-18:00, Sat 09:00-13:00' },
  { key: 'governingLaw', option: 'governingLaw', flag: '--governing-law', arg: 'state', prompt: 'State whose law governs the terms', example: 'Florida' },
  { key: 'courts', option: 'courts', flag: '--courts', arg: 'courts', prompt: 'Courts the terms name', example: 'Polk County' },
  { key: 'effectiveDate', option: 'effectiveDate', flag: '--effective-date', arg: 'date', prompt: 'Date the terms and privacy policy take effect', example: '2026-12-01' },
];
