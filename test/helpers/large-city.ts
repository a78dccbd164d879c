import { stringify } from 'yaml';

/**
 * A large city file as an editor might keep one (issue 39's "50 city files of about 255 KB"): a
 * valid clinic config with every local-content field near its limit (team with biographies, 40
 * areas, 10 local questions, each treatment in the clinic's own words), 60 special-hours entries,
 * 30 business profiles, and the rest the editor's notes as YAML comments (sources, review
 * history, what to ask the medical director), which the loader reads past. Seeded: city `i` is
 * the same file on every run, and no two cities share their text.
 */
export const LARGE_CITY_BYTES = 255 * 1024;

const PLACES = ['Riverside', 'Lakeview', 'Harbor Point', 'Oak Grove', 'Palm Terrace', 'Cedar Hills', 'Bayshore', 'Old Town', 'Mill Creek', 'Pine Ridge', 'Sunset Park', 'Westfield', 'Northgate', 'Clearbrook', 'Fairview', 'Magnolia Heights', 'Cypress Point', 'Heron Bay', 'Willow Bend', 'Stone Bridge'];
const OPENERS = [
  'Most of our patients come in after a routine physical showed low testosterone or rising blood sugar',
  'Lab draws start at opening time on weekdays, so men who work early shifts can be seen before work',
  'The medical director reviews every treatment plan with the patient at the first follow-up visit',
  'Patients who travel for work can book telehealth check-ins between their in-person lab visits',
  'Our nurse practitioners explain each result in plain words and send a written summary the same day',
  'Parking is free in the lot behind the building, with a covered entrance next to the pharmacy',
  'New patients fill in a health history before the consultation so the visit is spent on questions',
  'We check hematocrit, PSA and estradiol at every monitoring visit while a patient is on TRT',
  'Weight-management patients meet with our dietitian once a month during the first six months',
  'Men who prefer evening visits can book until seven on weekdays and on Saturday mornings',
  'The clinic works with the hospital lab down the road, so results usually arrive within two days',
  'Insurance does not cover every treatment, and the front desk gives a written estimate beforehand',
];
const MIDDLES = [
  'which keeps the first visit short and the follow-ups predictable',
  'so nobody has to take a whole morning off to stay on schedule',
  'and every change to a dose is written down with the reason for it',
  'because a plan that fits a working week is a plan patients keep',
  'and we call the same day when a result needs a closer look',
  'which matters to the many shift workers in the port and the hospital district',
  'so that questions about side effects are answered by someone who knows the chart',
  'and the patient leaves with the next appointment already booked',
];
const ROLES = ['Medical Director', 'Nurse Practitioner', 'Physician Assistant', 'Registered Dietitian', 'Clinic Manager', 'Lab Coordinator', 'Patient Care Coordinator', 'Registered Nurse', 'Health Coach', 'Phlebotomist', 'Front Desk Lead', 'Pharmacist'];
const FIRST = ['Aaron', 'Maria', 'James', 'Lucia', 'Daniel', 'Priya', 'Marcus', 'Elena', 'Samuel', 'Grace', 'Victor', 'Nadia', 'Owen', 'Rosa', 'Caleb', 'Irene'];
const LAST = ['Patel', 'Lopez', 'Nguyen', 'Carter', 'Okafor', 'Reyes', 'Brennan', 'Haddad', 'Kowalski', 'Moreau', 'Tanaka', 'Whitfield', 'Alvarez', 'Lindqvist'];
const QUESTIONS = ['Do I need a referral to be seen?', 'How soon after my labs can I start treatment?', 'Can I keep my own primary care doctor?', 'Is parking available at the clinic?', 'Do you offer appointments on Saturdays?', 'Which insurance plans do you accept?', 'How often are monitoring visits?', 'Can I have my follow-ups by video?', 'What should I bring to my first visit?', 'Do you treat patients from the neighbouring counties?'];
const TREATMENTS = ['trt', 'semaglutide', 'nadTherapy', 'hormone_optimization', 'peptideTherapy', 'vitaminInjections'] as const;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** The city name of file `i`: letters only, distinct for each `i` below 10,000. */
export function largeCityName(i: number): string {
  const words = ['North', 'South', 'East', 'West', 'Lake', 'Palm', 'Cedar', 'Oak', 'Pine', 'River'];
  return `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${words[Math.floor(i / 100) % 10]} ${words[Math.floor(i / 1000) % 10]} Springs`;
}

/** City file `i` (a valid config), `bytes` long in UTF-8 to within a line (default LARGE_CITY_BYTES). */
export function largeCityYaml(i: number, bytes = LARGE_CITY_BYTES): string {
  const r = rng(i * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const city = largeCityName(i);
  const sentence = () => `${pick(OPENERS)}, ${pick(MIDDLES)} (${pick(PLACES)}, ${city}, note ${Math.floor(r() * 1e6)}).`;
  const text = (max: number) => {
    let t = sentence();
    for (let s = sentence(); t.length + 1 + s.length <= max; s = sentence()) t += ` ${s}`;
    return t;
  };
  const slug = city.toLowerCase().replace(/ /g, '-');
  const config = {
    businessName: "Northstar Men's Health",
    city,
    state: 'FL',
    address: `${100 + (i % 9000)} ${pick(PLACES)} Boulevard`,
    zipCode: String(33000 + (i % 999)).padStart(5, '0'),
    phone: `(813) 555-${String(i % 10000).padStart(4, '0')}`,
    email: `${slug}@example.com`,
    domainName: `${slug}.example.com`,
    description: text(400),
    services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: true, vitaminInjections: true, hormone_optimization: true },
    businessProfiles: Array.from({ length: 30 }, (_, k) => `https://www.example.com/profiles/northstar-${slug}/listing-${k + 1}`),
    hours: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '19:00' },
      { days: ['Saturday'], opens: '09:00', closes: '13:00' },
    ],
    // Sixty dated exceptions, a week apart, none overlapping: trainings, holidays and late openings.
    specialHours: Array.from({ length: 60 }, (_, k) => {
      const day = new Date(Date.UTC(2027, 0, 4 + k * 7)).toISOString().slice(0, 10);
      return k % 3 === 0 ? { label: `Staff training ${k + 1}`, date: day, closed: true } : { label: `Late opening ${k + 1}`, date: day, opens: '11:00', closes: '18:00' };
    }),
    legal: { governingLaw: 'Florida', courts: 'Hillsborough County', effectiveDate: '2026-01-01' },
    localContent: {
      team: Array.from({ length: 12 }, (_, k) => ({
        name: `${k === 0 ? 'Dr. ' : ''}${pick(FIRST)} ${pick(LAST)}`,
        credentials: k === 0 ? 'DO, board-certified in internal medicine' : 'Licensed in Florida',
        role: ROLES[k]!,
        bio: text(600),
      })),
      areasServed: Array.from({ length: 40 }, (_, k) => `${PLACES[k % PLACES.length]}${k >= PLACES.length ? ' East' : ''}`),
      faq: QUESTIONS.map((question) => ({ question, answer: text(1200) })),
      whyCity: text(1500),
      treatmentText: Object.fromEntries(TREATMENTS.map((t) => [t, text(2000)])),
    },
  };
  const body = `# yaml-language-server: $schema=../schema/clinic-config.schema.json\n${stringify(config, { lineWidth: 100 })}`;
  // The editor's notes: comments after the fields, up to the size asked for.
  const notes = ['', `# Editor's notes for ${city} (kept with the file; the loader reads past comments).`];
  let size = Buffer.byteLength(body, 'utf8') + notes.join('\n').length + 1;
  for (let k = 1; ; k++) {
    const line = `# ${k}. ${sentence()}`;
    if (size + line.length + 1 > bytes) break;
    notes.push(line);
    size += line.length + 1;
  }
  return `${body}${notes.join('\n')}\n`;
}
