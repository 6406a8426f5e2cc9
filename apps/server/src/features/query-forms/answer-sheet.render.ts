import type { Question } from '@kontor/contract/api/query-forms';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { html, type SafeHtml } from '../../public/html';
import { answerText } from './answers';

/**
 * One answer read-only, question by question (the portal shows it when the link is not
 * `editable`): every value as escaped plain text, as the answers table shows it; an unanswered
 * question as a dash.
 */
export const answerSheet = (definition: readonly Question[], data: Record<string, unknown>, t: Translate): SafeHtml =>
  html`<dl class="sheet">${definition.map((q) => {
    const text = answerText(q, data[q.key], t);
    return html`<div><dt>${q.title || q.key}</dt><dd>${text || '–'}</dd></div>`;
  })}</dl>`;
