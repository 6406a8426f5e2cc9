import type { AnyQuestion, Question } from '@kontor/contract/api/query-forms';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { html, type SafeHtml, trusted } from '../../public/html';
import type { RawAnswers } from './answers';

/**
 * The public fill page's markup (server-rendered, no bundle): every value escaped by `html`,
 * labels for every input, errors linked to their inputs (aria-describedby) and listed in a
 * summary that links to the fields. Works without JavaScript; only the signature pad needs it,
 * and a typed name stands in for it.
 */

export const pageStyle = `
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1a1b1e;line-height:1.5}
header{background:#fff;border-bottom:1px solid #dee2e6;padding:12px 16px}
.brand{max-width:760px;margin:0 auto;display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;min-height:40px}
.brand img{max-height:40px;max-width:160px;object-fit:contain}
.brand span{font-weight:700;font-size:17px;overflow-wrap:break-word;min-width:0}
main{max-width:760px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:20px 16px}
h1{margin:0 0 8px;font-size:24px;line-height:1.3;overflow-wrap:anywhere}
.note{margin:0 0 20px;color:#495057;font-size:14px}
.grid{display:grid;grid-template-columns:1fr;gap:18px}
.q{min-width:0}
label,.legend{display:block;font-weight:600;margin:0 0 6px;overflow-wrap:anywhere}
fieldset{border:0;margin:0;padding:0;min-width:0}legend{padding:0}
.req{color:#c92a2a}
input[type=text],input[type=date],textarea,select{width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #adb5bd;border-radius:8px;background:#fff;color:inherit}
textarea{min-height:120px;resize:vertical}
input:focus,textarea:focus,select:focus,button:focus,a:focus,canvas:focus{outline:3px solid #4c6ef5;outline-offset:2px}
.choice{display:flex;align-items:flex-start;gap:10px;padding:6px 0;font-weight:400}
.choice input{width:20px;height:20px;margin:2px 0 0;flex:none}
[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:6px 0 0;font-size:14px}
.summary{border:2px solid #c92a2a;border-radius:8px;padding:12px 16px;margin:0 0 20px;background:#fff5f5}
.summary h2{margin:0 0 6px;font-size:16px}.summary ul{margin:0;padding-left:20px}.summary a{color:#c92a2a}
.rows{display:grid;gap:12px}
.row{border:1px solid #dee2e6;border-radius:8px;padding:12px}
.row-title{font-weight:600;font-size:14px;color:#495057;margin:0 0 8px}
.row .grid{gap:12px}
button{font:inherit;cursor:pointer;border-radius:8px}
.primary{background:#364fc7;color:#fff;border:0;padding:12px 24px;font-weight:600;font-size:16px;width:100%}
.secondary{background:#fff;color:#364fc7;border:1px solid #364fc7;padding:8px 14px;margin-top:8px}
.pad{display:block;width:100%;height:160px;border:1px dashed #868e96;border-radius:8px;background:#fff;touch-action:none}
.hint{color:#495057;font-size:14px;margin:4px 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.actions{margin-top:24px}
.center{text-align:center}
.nav{margin-left:auto;display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px 12px;align-items:center}
.nav button,.link-button{background:none;border:1px solid #adb5bd;color:#1a1b1e;padding:6px 12px;font-size:14px}
.list{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.item{border:1px solid #dee2e6;border-radius:8px;padding:14px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
.item-main{flex:1 1 220px;min-width:0}.item-title{font-weight:600;overflow-wrap:anywhere;margin:0}
.item-meta{margin:2px 0 0;color:#495057;font-size:14px}
.badge{display:inline-block;background:#fff4e6;color:#a61e4d;border-radius:999px;padding:1px 10px;font-size:13px;font-weight:600;margin-left:6px}
.button{display:inline-block;background:#364fc7;color:#fff;text-decoration:none;border-radius:8px;padding:8px 16px;font-weight:600}
.secondary-link{color:#364fc7}
h2{font-size:18px;margin:28px 0 12px}
.ok{border:2px solid #2b8a3e;background:#ebfbee;border-radius:8px;padding:12px 16px;margin:0 0 20px}
.stack>*+*{margin-top:12px}
.sheet{margin:0;display:grid;gap:12px}.sheet div{border-bottom:1px solid #dee2e6;padding:0 0 10px}
.sheet dt{font-weight:600;margin:0 0 2px}.sheet dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
@media (min-width:640px){main{padding:32px 16px}.card{padding:32px}
.grid{grid-template-columns:repeat(12,minmax(0,1fr))}.q{grid-column:span var(--c,12)}
.primary{width:auto}}
${Array.from({ length: 12 }, (_, i) => `.c${i + 1}{--c:${i + 1}}`).join('')}`;

/** The signature pad: draws into a canvas and keeps a PNG data URL in the hidden input. */
export const signatureScript = `document.querySelectorAll('[data-pad]').forEach(function(box){
var c=box.querySelector('canvas'),input=box.querySelector('input[type=hidden]'),clear=box.querySelector('button');
box.hidden=false;var ctx=c.getContext('2d'),drawing=false,dirty=false;
function size(){var r=c.getBoundingClientRect();c.width=r.width;c.height=r.height;ctx.lineWidth=2;ctx.lineCap='round';ctx.strokeStyle='#1a1b1e';}
size();function at(e){var r=c.getBoundingClientRect();return[e.clientX-r.left,e.clientY-r.top];}
c.addEventListener('pointerdown',function(e){drawing=true;c.setPointerCapture(e.pointerId);var p=at(e);ctx.beginPath();ctx.moveTo(p[0],p[1]);});
c.addEventListener('pointermove',function(e){if(!drawing)return;var p=at(e);ctx.lineTo(p[0],p[1]);ctx.stroke();dirty=true;});
function end(){if(!drawing)return;drawing=false;if(dirty)input.value=c.toDataURL('image/png');}
c.addEventListener('pointerup',end);c.addEventListener('pointercancel',end);
clear.addEventListener('click',function(){ctx.clearRect(0,0,c.width,c.height);input.value='';dirty=false;});
});`;

const trustedScript = trusted(signatureScript);

export type FormPageModel = Readonly<{
  brand: { title: string; logoUrl: string | null };
  title: string;
  definition: readonly Question[];
  values: RawAnswers;
  errors: Record<string, string[]>;
  /** Extra empty rows per array question (the "another row" button without JavaScript). */
  rows: Record<string, number>;
  action: string;
  timeToken: string;
  /** The portal's CSRF token (issue 30); null on the public form page, which no session stands behind. */
  csrf: string | null;
  message?: string;
  /** Links or buttons in the header (the portal's logout). */
  nav?: SafeHtml;
  t: Translate;
}>;

const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : typeof v === 'string' ? [v] : []);

type Ctx = Readonly<{ errors: Record<string, string[]>; t: Translate }>;

const errorOf = (ctx: Ctx, errorKey: string, id: string) => {
  const messages = ctx.errors[errorKey];
  return messages?.length ? html`<p class="error" id="${id}-error">${messages.join(' ')}</p>` : '';
};
const invalidAttrs = (ctx: Ctx, errorKey: string, id: string) =>
  ctx.errors[errorKey]?.length ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
const star = (q: AnyQuestion, ctx: Ctx) =>
  q.required
    ? html` <span class="req" aria-hidden="true">*</span><span class="hp">${ctx.t('queryForms.publicRequired')}</span>`
    : '';

/** One question's input; `name` is the posted name, `errorKey` where its messages live. */
const questionInput = (q: AnyQuestion, name: string, errorKey: string, value: unknown, ctx: Ctx): SafeHtml => {
  const id = fieldId(errorKey);
  const req = q.required ? html` required aria-required="true"` : '';
  const bad = invalidAttrs(ctx, errorKey, id);
  const label = html`<label for="${id}">${q.title || q.key}${star(q, ctx)}</label>`;
  switch (q.questionType) {
    case 'text':
      return html`${label}<textarea id="${id}" name="${name}" maxlength="10000"${req}${bad}>${str(value)}</textarea>${errorOf(ctx, errorKey, id)}`;
    case 'number':
      return html`${label}<input type="text" inputmode="decimal" id="${id}" name="${name}" value="${str(value)}" maxlength="40"${req}${bad}>${errorOf(ctx, errorKey, id)}`;
    case 'date':
      return html`${label}<input type="date" id="${id}" name="${name}" value="${str(value)}"${req}${bad}>${errorOf(ctx, errorKey, id)}`;
    case 'selection': {
      const chosen = str(value);
      const options = q.options ?? [];
      if (options.length <= 6) {
        return html`<fieldset id="${id}"${bad}><legend class="legend">${q.title || q.key}${star(q, ctx)}</legend>
${options.map((o, i) => html`<label class="choice"><input type="radio" name="${name}" value="${o.value}" id="${id}-${i}"${chosen === o.value ? html` checked` : ''}${i === 0 ? req : ''}>${o.label || o.value}</label>`)}
</fieldset>${errorOf(ctx, errorKey, id)}`;
      }
      return html`${label}<select id="${id}" name="${name}"${req}${bad}><option value="">${ctx.t('queryForms.publicChoose')}</option>
${options.map((o) => html`<option value="${o.value}"${chosen === o.value ? html` selected` : ''}>${o.label || o.value}</option>`)}</select>${errorOf(ctx, errorKey, id)}`;
    }
    case 'selection-multi': {
      const chosen = new Set(strs(value));
      return html`<fieldset id="${id}"${bad}><legend class="legend">${q.title || q.key}${star(q, ctx)}</legend>
${(q.options ?? []).map((o, i) => html`<label class="choice"><input type="checkbox" name="${name}" value="${o.value}" id="${id}-${i}"${chosen.has(o.value) ? html` checked` : ''}>${o.label || o.value}</label>`)}
</fieldset>${errorOf(ctx, errorKey, id)}`;
    }
    case 'signature': {
      const sig = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      return html`<fieldset id="${id}"${bad}><legend class="legend">${q.title || q.key}${star(q, ctx)}</legend>
<div data-pad hidden><p class="hint">${ctx.t('queryForms.publicSignatureDraw')}</p>
<canvas class="pad" role="img" aria-label="${q.title || q.key}"></canvas>
<input type="hidden" name="${name}[image]" value="${str(sig.image)}">
<button type="button" class="secondary">${ctx.t('queryForms.publicSignatureClear')}</button></div>
<label for="${id}-name" class="hint">${ctx.t('queryForms.publicSignatureTyped')}</label>
<input type="text" id="${id}-name" name="${name}[name]" value="${str(sig.name)}" maxlength="200" autocomplete="name"${bad}>
</fieldset>${errorOf(ctx, errorKey, id)}`;
    }
    default:
      return html`${label}<input type="text" id="${id}" name="${name}" value="${str(value)}" maxlength="1000"${req}${bad}>${errorOf(ctx, errorKey, id)}`;
  }
};

const arrayInput = (q: Question, value: unknown, extra: number, ctx: Ctx): SafeHtml => {
  const posted = Array.isArray(value) ? value : [];
  const count = Math.min(Math.max(posted.length, 1) + extra, 50);
  const id = fieldId(q.key);
  return html`<fieldset id="${id}"${invalidAttrs(ctx, q.key, id)}><legend class="legend">${q.title || q.key}${star(q, ctx)}</legend>
<div class="rows">${Array.from({ length: count }, (_, i) => {
    const row = (posted[i] ?? {}) as Record<string, unknown>;
    return html`<div class="row"><p class="row-title">${ctx.t('queryForms.publicRow', { n: i + 1 })}</p><div class="grid">${(
      q.definition ?? []
    ).map(
      (sub) =>
        html`<div class="q c${sub.columns}">${questionInput(
          { ...sub, required: false },
          `q[${q.key}][${i}][${sub.key}]`,
          `${q.key}[${i}].${sub.key}`,
          row[sub.key],
          ctx,
        )}</div>`,
    )}</div></div>`;
  })}</div>
<button type="submit" class="secondary" name="_add" value="${q.key}" formnovalidate>${ctx.t('queryForms.publicAddRow')}</button>
</fieldset>${errorOf(ctx, q.key, id)}`;
};

export const brandBar = (brand: FormPageModel['brand'], nav?: SafeHtml) =>
  html`<header><div class="brand">${brand.logoUrl ? html`<img src="${brand.logoUrl}" alt="">` : ''}<span>${brand.title}</span>${nav ? html`<nav class="nav">${nav}</nav>` : ''}</div></header>`;

/** Links from the error summary to each field with a message. */
const summary = (m: FormPageModel) => {
  const keys = Object.keys(m.errors);
  if (keys.length === 0 && !m.message) return '';
  return html`<div class="summary" role="alert" tabindex="-1" id="summary"><h2>${m.message ?? m.t('queryForms.publicErrorSummary')}</h2>
${keys.length ? html`<ul>${keys.map((k) => html`<li><a href="#${fieldId(k)}">${m.errors[k]?.join(' ')}</a></li>`)}</ul>` : ''}</div>`;
};

export const formPage = (m: FormPageModel): SafeHtml => {
  const ctx: Ctx = { errors: m.errors, t: m.t };
  const hasSignature = m.definition.some((q) => q.questionType === 'signature');
  return html`${brandBar(m.brand, m.nav)}<main><div class="card">
<h1>${m.title}</h1>
${m.definition.some((q) => q.required) ? html`<p class="note">${m.t('queryForms.publicRequiredNote')}</p>` : ''}
${summary(m)}
<form method="post" action="${m.action}" novalidate>
<div class="hp" aria-hidden="true"><label for="hp-website">${m.t('queryForms.publicHoneypot')}</label><input type="text" id="hp-website" name="website" tabindex="-1" autocomplete="off"></div>
<input type="hidden" name="_ts" value="${m.timeToken}">${m.csrf === null ? '' : html`<input type="hidden" name="_csrf" value="${m.csrf}">`}
<div class="grid">${m.definition.map(
    (q) =>
      html`<div class="q c${q.columns}">${
        q.questionType === 'array'
          ? arrayInput(q, m.values[q.key], m.rows[q.key] ?? 0, ctx)
          : questionInput(q, `q[${q.key}]`, q.key, m.values[q.key], ctx)
      }</div>`,
  )}</div>
<div class="actions"><button type="submit" class="primary">${m.t('queryForms.publicSubmit')}</button></div>
</form></div></main>${hasSignature ? html`<script>${trustedScript}</script>` : ''}`;
};

/** A short page: thank you, not found, already filled in. */
export const messagePage = (brand: FormPageModel['brand'], title: string, text: string): SafeHtml =>
  html`${brandBar(brand)}<main><div class="card center"><h1>${title}</h1><p>${text}</p></div></main>`;

/**
 * Groups posted fields into answers: `q[key]`, `q[key]` repeated (multiple choice),
 * `q[key][image]`/`q[key][name]` (signature) and `q[key][row][sub]` (array rows).
 */
export const groupPosted = (params: URLSearchParams, definition: readonly Question[]): RawAnswers => {
  const types = new Map(definition.map((q) => [q.key, q.questionType]));
  const out: RawAnswers = {};
  const rowsOf = (key: string): Record<string, unknown>[] => {
    if (!Array.isArray(out[key])) out[key] = [];
    return out[key] as Record<string, unknown>[];
  };
  const signatureOf = (key: string): Record<string, unknown> => {
    if (!out[key] || typeof out[key] !== 'object') out[key] = {};
    return out[key] as Record<string, unknown>;
  };
  for (const [name, value] of params) {
    const m = /^q\[([^\]]{1,64})\](?:\[(\d{1,2})\]\[([^\]]{1,64})\]|\[(image|name)\])?$/.exec(name);
    if (!m) continue;
    const [, key = '', row, sub, part] = m;
    const type = types.get(key);
    if (!type) continue;
    if (row !== undefined && sub !== undefined && type === 'array') {
      const rows = rowsOf(key);
      const index = Number(row);
      if (index >= 50) continue;
      rows[index] ??= {};
      const cells = rows[index];
      const prev = cells[sub];
      cells[sub] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else if (part && type === 'signature') {
      signatureOf(key)[part] = value;
    } else if (type === 'selection-multi') {
      out[key] = [...strs(out[key]), value];
    } else if (row === undefined && !part) {
      out[key] = value;
    }
  }
  for (const [key, value] of Object.entries(out)) {
    if (Array.isArray(value) && types.get(key) === 'array') out[key] = Array.from(value, (r) => r ?? {});
  }
  return out;
};
