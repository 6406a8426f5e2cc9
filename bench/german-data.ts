/** Deterministic, realistic German business data for the benchmark. */

/** mulberry32: a tiny seeded PRNG, so every run generates the same records. */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export type Random = () => number;
export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const lastNames = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Schmitz',
  'Krause',
  'Meier',
  'Lehmann',
  'Schmid',
  'Schulze',
  'Maier',
  'Köhler',
  'Herrmann',
  'König',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Möller',
  'Weiß',
  'Jung',
  'Hahn',
  'Vogel',
];
const firstNames = [
  'Anna',
  'Lukas',
  'Marie',
  'Felix',
  'Sophie',
  'Jonas',
  'Laura',
  'Paul',
  'Lea',
  'Leon',
  'Julia',
  'Maximilian',
  'Katharina',
  'Tobias',
  'Hannah',
  'Jan',
  'Lena',
  'Niklas',
  'Sarah',
  'Florian',
  'Jörg',
  'Sabine',
  'Uwe',
  'Birgit',
  'Jürgen',
  'Günther',
  'Ursula',
  'Björn',
  'Käthe',
  'Özlem',
];
const trades = [
  'Bäckerei',
  'Metzgerei',
  'Elektro',
  'Sanitär',
  'Malerbetrieb',
  'Dachdeckerei',
  'Schreinerei',
  'Autohaus',
  'Steuerkanzlei',
  'Zahnarztpraxis',
  'Friseursalon',
  'Gärtnerei',
  'Blumenhaus',
  'Café',
  'Restaurant',
  'Physiotherapie',
  'Architekturbüro',
  'Fahrschule',
  'Optiker',
  'Hausverwaltung',
];
const forms = ['GmbH', 'GmbH & Co. KG', 'KG', 'e.K.', 'OHG', 'AG', 'UG (haftungsbeschränkt)', 'GbR', ''];
const streets = [
  'Hauptstraße',
  'Schulstraße',
  'Gartenstraße',
  'Bahnhofstraße',
  'Dorfstraße',
  'Bergstraße',
  'Birkenweg',
  'Lindenstraße',
  'Kirchstraße',
  'Waldstraße',
  'Ringstraße',
  'Schillerstraße',
  'Goethestraße',
  'Mühlenweg',
  'Am Markt',
  'Friedrichstraße',
  'Königsallee',
  'Rosenweg',
  'Industriestraße',
  'Wiesenweg',
];
export const cities: ReadonlyArray<readonly [string, string]> = [
  ['10115', 'Berlin'],
  ['20095', 'Hamburg'],
  ['80331', 'München'],
  ['50667', 'Köln'],
  ['60311', 'Frankfurt am Main'],
  ['70173', 'Stuttgart'],
  ['40213', 'Düsseldorf'],
  ['44135', 'Dortmund'],
  ['45127', 'Essen'],
  ['04109', 'Leipzig'],
  ['28195', 'Bremen'],
  ['01067', 'Dresden'],
  ['30159', 'Hannover'],
  ['90402', 'Nürnberg'],
  ['47051', 'Duisburg'],
  ['44787', 'Bochum'],
  ['42103', 'Wuppertal'],
  ['33602', 'Bielefeld'],
  ['53111', 'Bonn'],
  ['48143', 'Münster'],
  ['76133', 'Karlsruhe'],
  ['68159', 'Mannheim'],
  ['86150', 'Augsburg'],
  ['65183', 'Wiesbaden'],
  ['79098', 'Freiburg im Breisgau'],
  ['55116', 'Mainz'],
  ['24103', 'Kiel'],
  ['99084', 'Erfurt'],
  ['18055', 'Rostock'],
  ['93047', 'Regensburg'],
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A customer with ten filled fields, as the `customers` type of the craftsman preset stores it. */
export const customer = (random: Random, n: number) => {
  const last = pick(random, lastNames);
  const person = random() < 0.3;
  const name = person
    ? `${pick(random, firstNames)} ${last}`
    : `${pick(random, trades)} ${last} ${pick(random, forms)}`.trim();
  const [zip, city] = pick(random, cities);
  return {
    customer_number: `K-${String(n).padStart(6, '0')}`,
    name,
    kind: person ? 'person' : 'company',
    street: pick(random, streets),
    housenumber: String(1 + Math.floor(random() * 120)),
    zip,
    city,
    country: 'Deutschland',
    email: `${slug(last)}${n}@${person ? 'example.de' : `${slug(name).slice(0, 20)}.de`}`,
    phone: `0${Math.floor(200 + random() * 799)} ${Math.floor(100000 + random() * 899999)}`,
  };
};

/** Twenty invoice lines with mixed units, prices and the two German VAT rates. */
export const positions = (random: Random, count = 20) =>
  Array.from({ length: count }, (_, i) => {
    const seven = random() < 0.2;
    return {
      title: `${pick(random, ['Arbeitsstunde', 'Material', 'Anfahrt', 'Montage', 'Wartung', 'Ersatzteil'])} ${i + 1}`,
      quantity: Math.round((1 + random() * 20) * 100) / 100,
      unit: pick(random, ['stk', 'std', 'psch', 'm', 'kg']),
      price_single: Math.round(random() * 25000) / 100,
      taxes: [{ name: seven ? 'USt. 7 %' : 'USt. 19 %', percent: seven ? 7 : 19, number: seven ? '8300' : '8400' }],
    };
  });

export const searchTerms = [
  'berlin',
  'müller',
  'bäckerei',
  'gmbh',
  'hamburg',
  'schmidt',
  'köln',
  'elektro',
  'weber',
  'münchen',
];
