// The status bar as a creator reads it: workspace, connection, wallet, pending work — and no
// request count while the budget is far from its limit (the count is in the tooltip).
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';

test('the rate budget stays out of the status bar far from its limit, and is in the tooltip', async ({ page }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  const bar = page.getByRole('contentinfo', { name: 'Status' });
  await expect(bar.getByRole('status', { name: 'Connection' })).toHaveText('Online', { timeout: 30_000 });
  await expect(bar.getByText('Wallet:')).toBeVisible();
  await expect(bar).not.toContainText('Requests this minute');
  await expect(bar.getByRole('status', { name: 'Rate budget' })).toHaveCount(0);
  await expect
    .poll(() => bar.getByRole('status', { name: 'Connection' }).locator('..').getAttribute('title'))
    .toMatch(/^Requests this minute: \d+ of 120$/);
});
