import { expect, test } from '@playwright/test';
import { seriousAxeFindings, wcag21aa } from './support/axe';

/**
 * The accessibility check of every screenshot (support/axe.ts) runs axe-core in the page itself:
 * proof that it finds what it must, in the scope it is given, once injected per document.
 */
test('the axe check finds a missing label and an image without text, only in the scope asked for', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="de"><head><title>Probe</title></head><body>
    <main><h1>Probe</h1><input type="text"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main>
    <aside><p>Ohne Befund</p></aside></body></html>`);
  const ids = (await seriousAxeFindings(page, { tags: wcag21aa })).map((f) => f.id).sort();
  expect(ids).toEqual(['image-alt', 'label']);
  // The second check on the same document reuses the injected axe and can be narrowed.
  expect(await seriousAxeFindings(page, { include: ['aside'] })).toEqual([]);
  await expect(seriousAxeFindings(page, { include: ['nav'] })).rejects.toThrow(/nothing to check/);
});
