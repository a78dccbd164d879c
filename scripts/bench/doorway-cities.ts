import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsyaml from 'js-yaml';
import { citySlug } from '../../src/config/slug.js';

/**
 * Fifty Florida clinics for the doorway bench (issue 39 item 7), each a sample config
 * (configs/*.yaml, in turn) with its own place: a real Florida city, its own address, ZIP, phone,
 * domain and county, and local content written from that city's own neighbourhoods, roads,
 * landmarks and staff, in sentences varied enough that no two cities share whole phrases (the
 * doorway check must find them distinct, as an editor's real cities are). No placeholder text.
 */
export interface BenchCity {
  slug: string;
  /** The config as the admin form posts it (POST /api/cities `config`). */
  input: Record<string, unknown>;
}

const CITIES: [city: string, county: string, area: string, zip: string][] = [
  ['Ocala', 'Marion', '352', '34471'], ['Gainesville', 'Alachua', '352', '32601'], ['Sarasota', 'Sarasota', '941', '34236'],
  ['Bradenton', 'Manatee', '941', '34205'], ['Lakeland', 'Polk', '863', '33801'], ['Winter Haven', 'Polk', '863', '33880'],
  ['Clearwater', 'Pinellas', '727', '33755'], ['St. Petersburg', 'Pinellas', '727', '33701'], ['Largo', 'Pinellas', '727', '33770'],
  ['Brandon', 'Hillsborough', '813', '33511'], ['Plant City', 'Hillsborough', '813', '33563'], ['Kissimmee', 'Osceola', '407', '34741'],
  ['Sanford', 'Seminole', '407', '32771'], ['Winter Park', 'Orange', '407', '32789'], ['Daytona Beach', 'Volusia', '386', '32114'],
  ['DeLand', 'Volusia', '386', '32720'], ['Palm Coast', 'Flagler', '386', '32137'], ['St. Augustine', 'St. Johns', '904', '32084'],
  ['Jacksonville', 'Duval', '904', '32202'], ['Fernandina Beach', 'Nassau', '904', '32034'], ['Tallahassee', 'Leon', '850', '32301'],
  ['Pensacola', 'Escambia', '850', '32502'], ['Destin', 'Okaloosa', '850', '32541'], ['Panama City', 'Bay', '850', '32401'],
  ['Fort Myers', 'Lee', '239', '33901'], ['Cape Coral', 'Lee', '239', '33904'], ['Naples', 'Collier', '239', '34102'],
  ['Port Charlotte', 'Charlotte', '941', '33948'], ['Venice', 'Sarasota', '941', '34285'], ['Melbourne', 'Brevard', '321', '32901'],
  ['Palm Bay', 'Brevard', '321', '32905'], ['Titusville', 'Brevard', '321', '32780'], ['Vero Beach', 'Indian River', '772', '32960'],
  ['Port St. Lucie', 'St. Lucie', '772', '34952'], ['Stuart', 'Martin', '772', '34994'], ['Jupiter', 'Palm Beach', '561', '33458'],
  ['West Palm Beach', 'Palm Beach', '561', '33401'], ['Boca Raton', 'Palm Beach', '561', '33432'], ['Fort Lauderdale', 'Broward', '954', '33301'],
  ['Hollywood', 'Broward', '954', '33020'], ['Pembroke Pines', 'Broward', '954', '33024'], ['Coral Springs', 'Broward', '954', '33065'],
  ['Miami', 'Miami-Dade', '305', '33130'], ['Homestead', 'Miami-Dade', '305', '33030'], ['Key West', 'Monroe', '305', '33040'],
  ['Sebring', 'Highlands', '863', '33870'], ['Leesburg', 'Lake', '352', '34748'], ['Clermont', 'Lake', '352', '34711'],
  ['The Villages', 'Sumter', '352', '32162'], ['Spring Hill', 'Hernando', '352', '34606'],
];

// Word pools: each city draws its own combination, so that runs of five words rarely repeat.
const PLACE_A = ['Cypress', 'Heron', 'Pelican', 'Mangrove', 'Citrus', 'Palmetto', 'Osprey', 'Magnolia', 'Sawgrass', 'Coral', 'Egret', 'Live Oak', 'Tarpon', 'Sandpiper', 'Marsh', 'Cedar', 'Bayou', 'Seagrape', 'Kestrel', 'Juniper', 'Gator', 'Manatee', 'Ibis', 'Hickory'];
const PLACE_B = ['Creek', 'Point', 'Landing', 'Hammock', 'Shores', 'Ridge', 'Harbor', 'Grove', 'Isles', 'Springs', 'Bluff', 'Crossing', 'Meadows', 'Bend', 'Lakes', 'Trace', 'Village', 'Pines', 'Woods', 'Cove'];
const ROAD = ['Boulevard', 'Parkway', 'Road', 'Avenue', 'Trail', 'Drive', 'Highway'];
const FIRST = ['Aaron', 'Marcus', 'Elena', 'Priya', 'Tomas', 'Grace', 'Devin', 'Nadia', 'Victor', 'Helen', 'Omar', 'Renee', 'Caleb', 'Ingrid', 'Jorge', 'Lena', 'Felix', 'Tara', 'Hugo', 'Maya', 'Dmitri', 'Sofia', 'Andre', 'Beatriz'];
const LAST = ['Alvarez', 'Brennan', 'Castillo', 'Dubois', 'Eklund', 'Fontaine', 'Gallagher', 'Haddad', 'Iverson', 'Jablonski', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rasmussen', 'Sandoval', 'Takahashi', 'Underwood', 'Valentin', 'Whitaker', 'Yilmaz'];
const SPECIALTY = ['internal medicine', 'family medicine', 'urology', 'endocrinology', 'sports medicine', 'emergency medicine'];
const WORK = ['the port', 'the hospital campus', 'the university', 'the air base', 'the distribution centers', 'the citrus packing houses', 'the marina', 'the county school district', 'the space coast contractors', 'the resort hotels', 'the phosphate mines', 'the cruise terminal'];
const ACTIVITY = ['tarpon fishing', 'pickleball leagues', 'cycling the rail trail', 'kayaking the river', 'golf on weekend mornings', 'beach volleyball', 'coaching youth baseball', 'paddleboarding at dawn', 'training for the bridge run', 'offshore sailing'];
const LANDMARK = ['courthouse square', 'farmers market', 'minor league ballpark', 'regional airport', 'state college campus', 'public library', 'riverfront park', 'old train depot', 'community hospital', 'fairgrounds', 'historic theater', 'city marina'];
const HOURS = ['7:30 AM', '8:00 AM', '8:30 AM', '9:00 AM'];
const DAYS = ['Saturday mornings', 'Tuesday evenings', 'Thursday evenings', 'alternate Saturdays', 'early Friday mornings'];

/** `count` cities (at most 50), deterministic for a given `root` (the repository's folder). */
export function doorwayCities(root: string, count = 50): BenchCity[] {
  const samples = ['tampa', 'orlando', 'wesley-chapel'].map((n) => jsyaml.load(readFileSync(path.join(root, 'configs', `${n}.yaml`), 'utf8'), { schema: jsyaml.CORE_SCHEMA }) as Record<string, unknown>);
  let seed = 39;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const used = new Set<string>();
  const place = () => {
    for (let k = 0; k < 1000; k++) {
      const p = `${pick(PLACE_A)} ${pick(PLACE_B)}`;
      if (!used.has(p)) return used.add(p), p;
    }
    throw new Error('out of place names');
  };
  return CITIES.slice(0, count).map(([city, county, area, zip], i) => {
    const slug = citySlug(city);
    const [n1, n2, n3, n4, n5] = [place(), place(), place(), place(), place()];
    const road = `${pick(PLACE_A)} ${pick(ROAD)}`;
    const doctor = `${pick(FIRST)} ${pick(LAST)}`;
    const doctorLast = doctor.split(' ')[1];
    const np = `${pick(FIRST)} ${pick(LAST)}`;
    const [work, activity, landmark, opens, day] = [pick(WORK), pick(ACTIVITY), pick(LANDMARK), pick(HOURS), pick(DAYS)];
    const minutes = 5 + Math.floor(rnd() * 20);
    const base = samples[i % 3]!;
    const localContent = {
      team: [
        {
          name: `Dr. ${doctor}`,
          credentials: `MD, board-certified in ${pick(SPECIALTY)}`,
          role: 'Medical Director',
          bio: `Dr. ${doctorLast} trained in ${pick(SPECIALTY)} before joining the ${road} office, and spends ${day} with men from ${n1} who work shifts at ${work}.`,
        },
        { name: np, credentials: pick(['APRN, FNP-C', 'PA-C', 'RN, BSN']), role: pick(['Nurse Practitioner', 'Physician Assistant', 'Clinical Coordinator']) },
      ],
      areasServed: [n1, n2, n3, n4, n5],
      faq: [
        {
          question: `How far is the clinic from ${n2}?`,
          answer: `About ${minutes} minutes by car: take ${road} past the ${landmark}, and park behind the building where the ${n3} bus stops.`,
        },
        {
          question: `Do you see patients who work at ${work}?`,
          answer: `Yes. Blood draws begin at ${opens}, so crews from ${n4} finish labs before a shift, and ${day} suit anyone on rotating schedules.`,
        },
      ],
      whyCity: `Men in ${n5} and ${n1} told us they wanted care near the ${landmark} rather than an hour's drive away. Dr. ${doctorLast} chose ${road} because patients who love ${activity} can stop in after practice. Our ${county} County team knows the traffic around ${n2} and books follow-ups to dodge it.`,
    };
    const input: Record<string, unknown> = {
      ...base,
      city,
      address: `${1000 + i * 37} ${road}`,
      zipCode: zip,
      phone: `(${area}) 555-01${String(i).padStart(2, '0')}`,
      email: `${slug}@example.com`,
      domainName: `${slug}.example.com`,
      legal: { ...(base.legal as Record<string, unknown>), courts: `${county} County` },
      localContent,
    };
    delete input.description;
    return { slug, input };
  });
}
