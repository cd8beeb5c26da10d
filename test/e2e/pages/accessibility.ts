// axe-core on the page as it is now, with every rule it has (the experimental ones too, which
// it leaves off by default): a test fails on any violation, each named with its rule, its
// impact, what it means and where (the first few elements).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * Every rule but AAA's enhanced contrast (7:1): the palette is held to AA's 4.5:1 (color-contrast),
 * and 7:1 would be another palette, a design choice rather than a fix.
 */
const EVERY_RULE = axe
  .getRules()
  .map((rule) => rule.ruleId)
  .filter((id) => id !== 'color-contrast-enhanced');

/**
 * Not a fault: a splitter is a focusable `separator` (the ARIA window-splitter pattern; ARIA 1.2
 * makes a focusable separator a widget), which the experimental focus-order-semantics rule
 * does not count as one yet.
 */
const isFocusableSeparator = (id: string, html: string) =>
  id === 'focus-order-semantics' && /role="separator"/.test(html);

export async function expectNoViolations(page: Page, where: string): Promise<void> {
  // Colours are judged at rest: a button just enabled fades to its colour (a 90 ms
  // transition), and axe once measured it halfway. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withRules(EVERY_RULE).analyze();
  const found = results.violations
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter((node) => !isFocusableSeparator(violation.id, node.html)),
    }))
    .filter((violation) => violation.nodes.length > 0)
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 4)
          .map(
            (node) =>
              `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.replaceAll('\n', ' ')}]` : ''}`,
          )
          .join('; ')}`,
    );
  expect(found, `accessibility violations on ${where}`).toEqual([]);
}
