import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 AA rules). */
export const expectNoSeriousA11yViolations = async (page: Page, what: string): Promise<void> => {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => `${n.target.join(' ')} [${n.any.map((a) => a.message).join('; ')}]`).join(', ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
};
