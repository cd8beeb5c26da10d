// The Timeline screen's monitor made bigger and set to 100 %: the frame at the render's own
// 1920×1080, as the specs that compare the monitor with the service's render need it. Text is
// set in whole pixels, so only at the same size do both sides round alike (at 540 lines each
// character's advance is rounded on its own). The page must be large enough (about 2100×1850).
import { expect, type Locator, type Page } from '@playwright/test';

export async function monitorAtFullSize(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Timeline', exact: true }).click();
  await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Bigger monitor' }).click();
  await page.getByLabel('Monitor zoom').selectOption('100%');
  const frame = page.getByRole('img', { name: 'The composed frame under the playhead' });
  // All of it on screen (a zoomed frame larger than its panel would scroll).
  const stage = (await frame.locator('..').boundingBox())!;
  expect(stage.height).toBeGreaterThanOrEqual(1080);
  expect(stage.width).toBeGreaterThanOrEqual(1920);
  return frame;
}
