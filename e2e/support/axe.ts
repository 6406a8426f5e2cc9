import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/**
 * axe-core run in the page itself, injected once per document. @axe-core/playwright injected its
 * 500 kB twice per check and opened a second page for every result (its cross-frame protocol):
 * a third of a screenshot flow's time, for pages that have no frames to cross (issue 30 item 4).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, for the checks that ask for those rules only; without tags axe runs all its rules. */
export const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeScope = Readonly<{
  /** Selectors of the parts to check; those not on the page are left out. Default: the whole page. */
  include?: readonly string[];
  tags?: readonly string[];
}>;

type Finding = Readonly<{ id: string; impact: string; help: string; nodes: readonly string[] }>;

declare global {
  interface Window {
    axe?: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };
  }
}

/** The serious and critical axe findings on the page now, each with the elements it concerns. */
export const seriousAxeFindings = async (page: Page, scope: AxeScope = {}): Promise<Finding[]> => {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  return page.evaluate(async ({ include, tags }) => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core was not injected');
    const present = include?.filter((selector) => document.querySelector(selector) !== null);
    if (include && present?.length === 0)
      throw new Error(`nothing to check: none of ${include.join(', ')} is on the page`);
    const context: ElementContext = present ? { include: present.map((selector) => [selector]) } : document;
    const options: RunOptions = {
      // Only violations are asked for: axe then skips collecting the passing and undecided nodes.
      resultTypes: ['violations'],
      ...(tags ? { runOnly: { type: 'tag', values: [...tags] } } : {}),
    };
    const { violations } = await axe.run(context, options);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()),
      }));
  }, scope);
};

/** No serious or critical axe finding in `scope` of the page (what: named in the failure). */
export const expectNoSeriousAxeFindings = async (page: Page, what: string, scope: AxeScope = {}): Promise<void> => {
  const findings = await seriousAxeFindings(page, scope);
  expect(
    findings.map((f) => `${f.id} (${f.impact}): ${f.help} → ${f.nodes.join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
};

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 AA rules). */
export const expectNoSeriousA11yViolations = (page: Page, what: string): Promise<void> =>
  expectNoSeriousAxeFindings(page, what, { tags: wcag21aa });
