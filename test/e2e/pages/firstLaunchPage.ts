// The first-launch screen, found as a screen reader would.
import { expect, type Page } from '@playwright/test';

export function firstLaunchPage(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'Welcome to Clipdesk' }),
    async useLocalWorkspace() {
      await page.getByRole('button', { name: 'Use the local workspace' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
    },
  };
}
