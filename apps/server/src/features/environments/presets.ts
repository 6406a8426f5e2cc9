import type { EnvironmentFunctions, MenuEntry } from './environments.table';

/**
 * Templates offered when creating an environment. `recordTypes` names the base record types
 * an environment of this kind gets as its own child types, with demo records (the record engine
 * seeds them); `functions` and `menu` are applied at creation.
 */
export type PresetDefinition = Readonly<{
  key: string;
  title: string;
  description: string;
  functions: EnvironmentFunctions;
  menu: MenuEntry[];
  recordTypes: readonly string[];
}>;

const fns = (on: Array<keyof EnvironmentFunctions>): EnvironmentFunctions => ({
  website: { active: on.includes('website') },
  bookings: { active: on.includes('bookings') },
  queryForms: { active: on.includes('queryForms') },
  filemanager: { active: on.includes('filemanager') },
});

export const presetDefinitions: readonly PresetDefinition[] = [
  {
    key: 'craftsman',
    title: 'Handwerksbetrieb',
    description:
      'Kunden, Ansprechpartner, Artikel, Angebote und Rechnungen mit Positionen und Steuern; dazu ein Dateimanager für Pläne und Fotos.',
    functions: fns(['filemanager', 'queryForms']),
    menu: [
      { type: 'title', label: 'Vertrieb' },
      { type: 'link', label: 'Kunden', path: '/dyn/customers', icon: 'users' },
      { type: 'link', label: 'Ansprechpartner', path: '/dyn/contacts', icon: 'address-book' },
      { type: 'link', label: 'Angebote', path: '/dyn/offers', icon: 'file-description' },
      { type: 'link', label: 'Rechnungen', path: '/dyn/invoices', icon: 'file-invoice' },
      { type: 'link', label: 'Eingangsrechnungen', path: '/dyn/incoming_invoices', icon: 'receipt' },
      { type: 'title', label: 'Stammdaten' },
      { type: 'link', label: 'Artikel', path: '/dyn/articles', icon: 'package' },
    ],
    recordTypes: ['customer', 'contact', 'article', 'offer', 'invoice', 'incoming_invoice'],
  },
  {
    key: 'agency',
    title: 'Agentur & Dienstleistung',
    description:
      'Kunden und Ansprechpartner, Leistungen, Angebote und Rechnungen; mit Webseite, Formularen für Anfragen und Dateimanager.',
    functions: fns(['website', 'queryForms', 'filemanager']),
    menu: [
      { type: 'title', label: 'Kunden' },
      { type: 'link', label: 'Kunden', path: '/dyn/customers', icon: 'users' },
      { type: 'link', label: 'Ansprechpartner', path: '/dyn/contacts', icon: 'address-book' },
      { type: 'title', label: 'Aufträge' },
      { type: 'link', label: 'Angebote', path: '/dyn/offers', icon: 'file-description' },
      { type: 'link', label: 'Rechnungen', path: '/dyn/invoices', icon: 'file-invoice' },
      { type: 'link', label: 'Eingangsrechnungen', path: '/dyn/incoming_invoices', icon: 'receipt' },
      { type: 'link', label: 'Leistungen', path: '/dyn/articles', icon: 'briefcase' },
    ],
    recordTypes: ['customer', 'contact', 'article', 'offer', 'invoice', 'incoming_invoice'],
  },
  {
    key: 'gastronomy',
    title: 'Gastronomie & Veranstaltungen',
    description:
      'Räume und Tischreservierungen im Buchungsmanager, Gäste als Kunden, Rechnungen; mit Webseite und Formularen.',
    functions: fns(['website', 'bookings', 'queryForms', 'filemanager']),
    menu: [
      { type: 'title', label: 'Gäste' },
      { type: 'link', label: 'Kunden', path: '/dyn/customers', icon: 'users' },
      { type: 'link', label: 'Rechnungen', path: '/dyn/invoices', icon: 'file-invoice' },
      { type: 'link', label: 'Eingangsrechnungen', path: '/dyn/incoming_invoices', icon: 'receipt' },
      { type: 'title', label: 'Angebot' },
      { type: 'link', label: 'Speisen & Getränke', path: '/dyn/articles', icon: 'tools-kitchen' },
    ],
    recordTypes: ['customer', 'article', 'invoice', 'incoming_invoice'],
  },
];

const noPresetDefinition: PresetDefinition = {
  key: 'none',
  title: 'Keine Vorlage',
  description: '',
  functions: fns(['filemanager']),
  menu: [],
  recordTypes: [],
};

export const findPreset = (key: string): PresetDefinition | undefined =>
  key === noPresetDefinition.key ? noPresetDefinition : presetDefinitions.find((p) => p.key === key);
