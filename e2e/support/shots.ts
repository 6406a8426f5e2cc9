import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './axe';

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/screens';

/**
 * After a resize the shell's navigation slides between its desktop and phone layouts: two frames
 * for the resize to start its transitions, then until every finite animation has ended (a fixed
 * wait cost half a second per picture and was still too short on a loaded machine). It asks the
 * page, so it needs JavaScript: a context without it must not call it.
 */
export const settleLayout = async (page: Page): Promise<void> => {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    null,
    { timeout: 5_000 },
  );
};

/**
 * Screenshots at desktop (1280) and phone (375) width, for a person to look at, with nothing
 * sticking out sideways and no serious or critical axe finding at either width. With a dialog open
 * only the dialog is checked: the page behind lies under the overlay.
 */
export const shotAtBothWidths = async (page: Page, file: string): Promise<void> => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settleLayout(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shotsDir}/${file}-${width}.png`, fullPage: true });
    const dialogOpen = (await page.getByRole('dialog').count()) > 0;
    await expectNoSeriousAxeFindings(
      page,
      `${file} at ${width} px`,
      dialogOpen ? { include: ['[role="dialog"]'] } : {},
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};
