import type { Language } from '@kontor/contract/i18n/catalogs';
import type { FastifyReply } from 'fastify';
import { html } from './html';
import { htmlDocument, sendPage } from './public-page';

/** The plain style of the binder's own answers: no brand, nothing of the environment. */
const style = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1a1b1e}
main{max-width:520px;width:100%;background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:32px 24px;
box-shadow:0 8px 24px rgba(30,40,90,.06);text-align:center}h1{margin:0 0 8px;font-size:24px;line-height:1.3}
p{margin:0;color:#495057;line-height:1.5}`;

export const htmlLang = (language: Language): 'de' | 'en' => (language === 'en' ? 'en' : 'de');

/**
 * A short page with a title and a sentence: what every public page answers for an unknown address,
 * an expired link, too many requests or a refused post (http/public-route.ts).
 */
export const sendMessagePage = (
  reply: FastifyReply,
  m: Readonly<{ status: number; title: string; text: string; language: Language }>,
): FastifyReply =>
  sendPage(
    reply,
    m.status,
    htmlDocument({
      title: m.title,
      body: html`<main><h1>${m.title}</h1><p>${m.text}</p></main>`,
      style,
      lang: htmlLang(m.language),
    }),
    { styles: [style] },
  );
