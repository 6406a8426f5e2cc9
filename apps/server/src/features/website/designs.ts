import type { Design, DesignBlock, DesignVariable } from '@kontor/contract/api/website';

/**
 * The designs shipped with the product (spec 02 §3 "Design"), as data: each names its variables,
 * its blocks and its menu slots; its style sheet is built from the variables (only checked colours
 * reach the CSS, so a variable cannot inject rules). Every design offers the same block library.
 */

const f = (key: string, label: string, type: DesignBlock['fields'][number]['type'], value: string | number = '') => ({
  key,
  label,
  type,
  default: value,
});

export const blockLibrary: readonly DesignBlock[] = [
  {
    name: 'hero',
    label: 'Kopfbereich',
    description: 'Große Überschrift mit Untertitel, Bild und Schaltfläche.',
    fields: [
      f('heading', 'Überschrift', 'string', 'Willkommen'),
      f('text', 'Untertitel', 'text'),
      f('image', 'Bild', 'image'),
      f('button_label', 'Beschriftung der Schaltfläche', 'string'),
      f('button_url', 'Ziel der Schaltfläche', 'string'),
    ],
  },
  {
    name: 'text',
    label: 'Text',
    description: 'Überschrift und Fließtext; Absätze durch Leerzeilen.',
    fields: [f('heading', 'Überschrift', 'string'), f('text', 'Text', 'text')],
  },
  {
    name: 'html',
    label: 'HTML',
    description: 'Eigenes HTML (wird beim Speichern und Ausliefern bereinigt).',
    fields: [f('html', 'HTML', 'html', '<p>Ihr Inhalt</p>')],
  },
  {
    name: 'image',
    label: 'Bild',
    description: 'Ein Bild aus der Dateiverwaltung mit Beschreibung.',
    fields: [
      f('image', 'Bild', 'image'),
      f('alt', 'Alternativtext', 'string'),
      f('caption', 'Bildunterschrift', 'string'),
    ],
  },
  {
    name: 'columns',
    label: 'Zwei Spalten',
    description: 'Zwei Spalten nebeneinander, auf dem Handy untereinander.',
    fields: [
      f('heading', 'Überschrift', 'string'),
      f('left', 'Linke Spalte', 'html'),
      f('right', 'Rechte Spalte', 'html'),
    ],
  },
  {
    name: 'contact',
    label: 'Kontakt und Adresse',
    description: 'Firmenname, Adresse, Telefon und E-Mail aus den Einstellungen der Firmenumgebung.',
    fields: [f('heading', 'Überschrift', 'string', 'Kontakt')],
  },
  {
    name: 'opening_hours',
    label: 'Öffnungszeiten',
    description: 'Eine Zeile je Tag, z. B. „Montag: 9–18 Uhr“.',
    fields: [
      f('heading', 'Überschrift', 'string', 'Öffnungszeiten'),
      f('hours', 'Zeiten', 'text', 'Montag–Freitag: 9–18 Uhr\nSamstag: 10–14 Uhr'),
    ],
  },
  {
    name: 'query_form',
    label: 'Formular',
    description: 'Verweist auf ein veröffentlichtes Formular.',
    fields: [
      f('heading', 'Überschrift', 'string', 'Anfrage'),
      f('text', 'Text', 'text'),
      f('form', 'Veröffentlichungsschlüssel des Formulars', 'queryforms'),
      f('button_label', 'Beschriftung der Schaltfläche', 'string', 'Zum Formular'),
    ],
  },
  {
    name: 'record_list',
    label: 'Datensatz-Liste',
    description: 'Zeigt Datensätze eines Typs über eine Liste (z. B. Speisekarte, Referenzen).',
    fields: [
      f('heading', 'Überschrift', 'string'),
      f('type', 'Datensatz-Typ', 'recordtype'),
      f('list', 'Liste (leer: Standardliste)', 'string'),
      f('limit', 'Anzahl (1–100)', 'number', 20),
    ],
  },
  {
    name: 'record_detail',
    label: 'Datensatz-Details',
    description: 'Zeigt den Datensatz einer Datensatz-Seite.',
    fields: [f('heading', 'Überschrift (leer: erster Wert)', 'string')],
  },
];

const v = (
  name: string,
  label: string,
  type: DesignVariable['type'],
  value: string | boolean,
  columns = 6,
): DesignVariable => ({ name, label, type, default: value, columns });

type Palette = Readonly<{
  font: string;
  headingFont: string;
  bg: string;
  surface: string;
  text: string;
  muted: string;
}>;

type ShippedDesign = Design & Readonly<{ palette: Palette; extraCss: string }>;

const commonVariables = (primary: string, tagline: string): DesignVariable[] => [
  v('logo', 'Logo', 'image', ''),
  v('primary_color', 'Hauptfarbe', 'color', primary),
  v('tagline', 'Slogan', 'string', tagline, 12),
  v('show_contact_footer', 'Kontakt im Fußbereich zeigen', 'boolean', true),
  v('footer_html', 'Fußzeile (HTML)', 'html', '', 12),
];

const menuSlots = [
  { key: 'main', label: 'Hauptnavigation' },
  { key: 'footer', label: 'Fußbereich' },
];

export const designs: readonly ShippedDesign[] = [
  {
    key: 'business',
    name: 'Klar & geschäftlich',
    description: 'Ruhiges, sachliches Design für Dienstleister und Büros.',
    variables: commonVariables('#1c5fb8', 'Ihr verlässlicher Partner'),
    blocks: [...blockLibrary],
    menuSlots,
    palette: {
      font: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
      headingFont: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
      bg: '#ffffff',
      surface: '#f3f6fa',
      text: '#1a1d21',
      muted: '#4a5360',
    },
    extraCss: '.hero{background:var(--surface)}',
  },
  {
    key: 'craft',
    name: 'Handwerk',
    description: 'Kräftig und bodenständig, für Betriebe aus Handwerk und Bau.',
    variables: commonVariables('#9a3d0c', 'Qualität aus Meisterhand'),
    blocks: [...blockLibrary],
    menuSlots,
    palette: {
      font: 'Georgia,"Times New Roman",serif',
      headingFont: '"Trebuchet MS",system-ui,sans-serif',
      bg: '#fbf8f3',
      surface: '#efe6d8',
      text: '#2b2118',
      muted: '#5a4a3a',
    },
    extraCss:
      'h1,h2{text-transform:uppercase;letter-spacing:.04em}.hero{background:var(--surface);border-bottom:6px solid var(--primary)}',
  },
  {
    key: 'restaurant',
    name: 'Restaurant',
    description: 'Warm und einladend, mit Speisekarte und Öffnungszeiten im Mittelpunkt.',
    variables: commonVariables('#7a1f2b', 'Frisch gekocht mit regionalen Zutaten'),
    blocks: [...blockLibrary],
    menuSlots,
    palette: {
      font: '"Palatino Linotype",Palatino,Georgia,serif',
      headingFont: '"Palatino Linotype",Palatino,Georgia,serif',
      bg: '#fffdf8',
      surface: '#f6eee2',
      text: '#231a14',
      muted: '#574a3f',
    },
    extraCss:
      '.hero{background:var(--surface);text-align:center}.hero p.lead{margin-left:auto;margin-right:auto}.hero .actions{justify-content:center}.records-list li{border-bottom:1px dotted var(--muted)}.records-list .cells{justify-content:space-between}',
  },
];

export const defaultDesignKey = 'business';

export const findDesign = (key: string): ShippedDesign | undefined => designs.find((d) => d.key === key);

export const publicDesign = ({ palette: _p, extraCss: _c, ...design }: ShippedDesign): Design => design;

const hexColour = /^#[0-9a-fA-F]{6}$/;

/** The style sheet of a design with its variables; only a checked colour is interpolated. */
export const designCss = (design: ShippedDesign, config: Record<string, unknown>): string => {
  const primary =
    typeof config.primary_color === 'string' && hexColour.test(config.primary_color)
      ? config.primary_color
      : String(design.variables.find((x) => x.name === 'primary_color')?.default ?? '#1c5fb8');
  const p = design.palette;
  return `:root{--primary:${primary};--bg:${p.bg};--surface:${p.surface};--text:${p.text};--muted:${p.muted}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font-family:${p.font};background:var(--bg);color:var(--text);line-height:1.6;font-size:1.0625rem}
h1,h2,h3{font-family:${p.headingFont};line-height:1.2;margin:0 0 .6em}h1{font-size:clamp(2rem,5vw,3rem)}h2{font-size:clamp(1.5rem,3.5vw,2rem)}
a{color:var(--primary)}a:focus-visible,button:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
img{max-width:100%;height:auto}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
.wrap{max-width:1080px;margin:0 auto;padding:0 20px}
header.site{border-bottom:1px solid rgba(0,0,0,.08);background:var(--bg)}
header.site .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;padding-top:14px;padding-bottom:14px}
.brand{display:flex;align-items:center;gap:12px;color:var(--text);text-decoration:none;font-weight:700;font-size:1.25rem}
.brand img{height:44px;width:auto}.tagline{display:block;font-weight:400;font-size:.85rem;color:var(--muted)}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px}nav a{text-decoration:none;color:var(--text);font-weight:600;padding:6px 0;display:inline-block}
nav a:hover,nav a[aria-current=page]{color:var(--primary);text-decoration:underline;text-underline-offset:6px}
nav ul ul{display:none}
main section{padding:48px 0}main section+section{padding-top:8px}
.hero{padding:72px 0}.hero p.lead{font-size:1.25rem;color:var(--muted);max-width:46em}.hero img{border-radius:12px;margin-top:24px}
.actions{display:flex;gap:12px;margin-top:20px}.button{display:inline-block;background:var(--primary);color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:700}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:32px}@media (max-width:720px){.cols{grid-template-columns:1fr}}
figure{margin:0}figcaption{color:var(--muted);font-size:.95rem;margin-top:8px}
.card{background:var(--surface);border-radius:12px;padding:24px}
dl.hours{display:grid;grid-template-columns:max-content 1fr;gap:4px 24px;margin:0}dl.hours dt{font-weight:700}dl.hours dd{margin:0}
.records-list{list-style:none;padding:0;margin:0;display:grid;gap:12px}.records-list li{padding:12px 0}
.records-list .cells{display:flex;flex-wrap:wrap;gap:4px 24px}.records-list .cells span:first-child{font-weight:700}
dl.record{display:grid;grid-template-columns:minmax(120px,max-content) 1fr;gap:6px 24px}dl.record dt{color:var(--muted)}dl.record dd{margin:0}
.muted{color:var(--muted)}.error{border:2px solid #b00020;background:#fff0f0;color:#6b0010;padding:12px;border-radius:8px;white-space:pre-wrap}
footer.site{margin-top:48px;background:var(--surface);padding:32px 0;font-size:.95rem}footer.site .wrap{display:flex;flex-wrap:wrap;gap:24px;justify-content:space-between}
footer.site ul{list-style:none;margin:0;padding:0}address{font-style:normal}
${design.extraCss}`;
};
