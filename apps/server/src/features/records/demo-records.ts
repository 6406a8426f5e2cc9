import type { RecordsService } from '../../engine/records.service';
import type { PresetDefinition } from '../environments/environments.service';

const customers = [
  {
    name: 'Bäckerei Schröder GmbH',
    street: 'Hauptstraße',
    housenumber: '12',
    zip: '50667',
    city: 'Köln',
    email: 'info@baeckerei-schroeder.de',
    phone: '0221 4711 0',
  },
  {
    name: 'Müller & Söhne KG',
    street: 'Industriestraße',
    housenumber: '4a',
    zip: '70173',
    city: 'Stuttgart',
    email: 'kontakt@mueller-soehne.de',
    phone: '0711 22 33 44',
  },
  {
    name: 'Praxis Dr. Weiß',
    street: 'Lindenallee',
    housenumber: '7',
    zip: '80331',
    city: 'München',
    email: 'praxis@dr-weiss.de',
    phone: '089 123 456',
  },
];

const articles = [
  { title: 'Arbeitsstunde Geselle', unit: 'std', price: 58 },
  { title: 'Arbeitsstunde Meister', unit: 'std', price: 72.5 },
  { title: 'Anfahrtspauschale', unit: 'psch', price: 35 },
  { title: 'Kleinmaterial', unit: 'psch', price: 19.9 },
];

const tax = (percent: number) => [
  { name: percent === 19 ? 'USt. 19 %' : 'USt. 7 %', percent, number: percent === 19 ? '8400' : '8300' },
];

/**
 * A few realistic records so a new environment from a preset shows working lists and forms at once.
 * They carry no numbers of their own (issue 31): customers, articles and the offer draw theirs from
 * the ranges like every record after them, and the invoices stay drafts that get theirs when frozen,
 * so sample numbers have the real format and never sit between real ones.
 */
export const demoRecords = async (records: RecordsService, preset: PresetDefinition): Promise<void> => {
  const has = (base: string) => preset.recordTypes.includes(base);
  const customerIds: string[] = [];
  if (has('customer'))
    for (const c of customers) customerIds.push((await records.save({ type: 'customers', id: 'new', data: c })).key);
  if (has('contact') && customerIds[0]) {
    await records.save({
      type: 'contacts',
      id: 'new',
      data: {
        salutation: 'frau',
        firstname: 'Sabine',
        lastname: 'Schröder',
        customer: customerIds[0],
        role: 'Geschäftsführerin',
        email: 's.schroeder@baeckerei-schroeder.de',
      },
    });
  }
  if (has('article')) for (const a of articles) await records.save({ type: 'articles', id: 'new', data: a });
  const positions = [
    { title: 'Arbeitsstunde Geselle', quantity: 6, unit: 'std', price_single: 58, taxes: tax(19) },
    { title: 'Anfahrtspauschale', quantity: 1, unit: 'psch', price_single: 35, taxes: tax(19) },
    { title: 'Kleinmaterial', quantity: 2, unit: 'psch', price_single: 19.9, taxes: tax(19) },
  ];
  if (has('offer') && customerIds[1]) {
    await records.save({
      type: 'offers',
      id: 'new',
      data: {
        customer: customerIds[1],
        date: '2026-11-02',
        valid_until: '2026-12-02',
        subject: 'Wartung Heizungsanlage',
        positions,
      },
    });
  }
  if (has('invoice') && customerIds[0]) {
    await records.save({
      type: 'invoices',
      id: 'new',
      data: {
        customer: customerIds[0],
        date: '2026-11-10',
        due_date: '2026-11-24',
        subject: 'Reparatur Backofen',
        positions,
      },
    });
    await records.save({
      type: 'invoices',
      id: 'new',
      data: {
        customer: customerIds[2] ?? customerIds[0],
        date: '2026-11-15',
        due_date: '2026-11-29',
        subject: 'Lieferung Fachbuch',
        positions: [{ title: 'Fachbuch Sanitärtechnik', quantity: 1, unit: 'stk', price_single: 49.9, taxes: tax(7) }],
      },
    });
  }
};
