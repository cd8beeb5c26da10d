// A reload (or a restart) comes back where the user was (issue 21): the same screen, the same
// project, the same panel sizes and the same timeline zoom. The window's own storage is
// cleared before the reload, as a new launch would find it: what comes back is what main kept.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

test('reload: same screen, same project, same panel sizes, same zoom', async ({ page, app }) => {
  test.setTimeout(90_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  await api.createProject('Harbour film');
  // The newest project: what the app would open with nothing remembered.
  await api.createProject('Mountain film');
  const timeline = timelinePage(page);
  await timeline.open('Harbour film');

  const zoom = page.getByRole('slider', { name: 'Zoom' });
  const before = await zoom.getAttribute('aria-valuetext');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoomed = await zoom.getAttribute('aria-valuetext');
  expect(zoomed).not.toBe(before);

  const bin = page.getByRole('separator', { name: 'Media bin width' });
  await bin.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const binWidth = await bin.getAttribute('aria-valuenow');

  // Saved once the user stops zooming: wait for main to have been told, not for a time.
  const told = (what: string) => app.frames.some((f) => f.direction === 'sent' && f.payload.includes(what));
  await expect.poll(() => told('timelineZooms') && told('"Timeline"') && told('timeline.bin')).toBe(true);

  await page.evaluate(() => localStorage.clear());
  await page.reload();

  await expect(timeline.heading).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Project', exact: true }).locator('option:checked')).toHaveText(
    'Harbour film',
  );
  await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
  await expect(zoom).toHaveAttribute('aria-valuetext', zoomed!);
  await expect(page.getByRole('separator', { name: 'Media bin width' })).toHaveAttribute('aria-valuenow', binWidth!);
});
