// axe-core on the page as it is now: a test fails on any serious or critical violation, each
// named with its rule, what it means and where (the first few elements).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
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
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
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
  expect(serious, `accessibility violations on ${where}`).toEqual([]);
}
