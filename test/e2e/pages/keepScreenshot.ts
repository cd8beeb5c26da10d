// A screenshot kept as a test artifact: a file in the test's output folder (test-results/e2e/…)
// and an attachment in the report.
import type { Page, TestInfo } from '@playwright/test';

export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
