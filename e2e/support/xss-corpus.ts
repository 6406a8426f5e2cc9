/**
 * Hostile texts for fields a user or a stranger types (issue 19 item 8): script tags, event
 * handlers, `javascript:` URLs, broken-out attributes, SVG/MathML, template and CSS tricks, in
 * several spellings. Every payload that ran would set `window.__xss` or open a dialog; the specs
 * that use this corpus fail on either.
 */
const hit = 'window.__xss=1;alert(1)';

const vectors = [
  `<script>${hit}</script>`,
  `<ScRiPt>${hit}</sCrIpT>`,
  `<script src="data:text/javascript,${encodeURIComponent(hit)}"></script>`,
  `<img src=x onerror="${hit}">`,
  `<img src=x onerror=${hit}>`,
  `<IMG SRC=x ONERROR="${hit}">`,
  `<img src="x" onerror\u000c="${hit}">`,
  `<svg onload="${hit}">`,
  `<svg><script>${hit}</script></svg>`,
  `<svg><animate onbegin="${hit}" attributeName=x dur=1s>`,
  `<body onload="${hit}">`,
  `<iframe src="javascript:${hit}"></iframe>`,
  `<iframe srcdoc="<script>${hit}</script>"></iframe>`,
  `<a href="javascript:${hit}">klick</a>`,
  `<a href="JaVaScRiPt:${hit}">klick</a>`,
  `<a href="&#106;avascript:${hit}">klick</a>`,
  `<a href=" javascript:${hit}">klick</a>`,
  `<a href="data:text/html,<script>${hit}</script>">klick</a>`,
  `<details open ontoggle="${hit}">`,
  `<input autofocus onfocus="${hit}">`,
  `<select autofocus onfocus="${hit}"></select>`,
  `<textarea autofocus onfocus="${hit}"></textarea>`,
  `<video><source onerror="${hit}"></video>`,
  `<audio src=x onerror="${hit}">`,
  `<object data="javascript:${hit}"></object>`,
  `<embed src="javascript:${hit}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${hit}">`,
  `<form action="javascript:${hit}"><button>senden</button></form>`,
  `<isindex type=image src=1 onerror="${hit}">`,
  `<marquee onstart="${hit}">`,
  `<div style="background:url(javascript:${hit})">`,
  `<style>@import 'javascript:${hit}';</style>`,
  `<link rel=stylesheet href="javascript:${hit}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${hit}">`,
  `<base href="javascript:${hit}//">`,
  `"><script>${hit}</script>`,
  `'><script>${hit}</script>`,
  `" onmouseover="${hit}" x="`,
  `' onfocus='${hit}' autofocus x='`,
  `</textarea><script>${hit}</script>`,
  `</title><script>${hit}</script>`,
  `</style><script>${hit}</script>`,
  `<!--<img src="--><img src=x onerror="${hit}">`,
  `<noscript><p title="</noscript><img src=x onerror=${hit}>">`,
  `<scr<script>ipt>${hit}</scr</script>ipt>`,
  `&lt;script&gt;${hit}&lt;/script&gt;`,
  `\u003cscript\u003e${hit}\u003c/script\u003e`,
  `javascript:${hit}`,
  `JAVASCRIPT:${hit}`,
  `vbscript:msgbox(1)`,
  `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
  `{{constructor.constructor('${hit}')()}}`,
  `\${${hit}}`,
  `<%= ${hit} %>`,
  `{{7*7}}<img src=x onerror="${hit}">`,
  `=cmd|' /C calc'!A0`,
];

/** Each vector bare, inside text and with a German umlaut around it: 3 × 56 payloads. */
export const xssCorpus: readonly string[] = vectors.flatMap((v) => [v, `Firma ${v} GmbH`, `Ä${v}ß`]);
