// Toasts where a creator meets them: edits refused on a locked track are said in words (no
// IDs), as warnings (never a success's check), dismissed by the user, and however many
// stack up they cover neither the monitor's transport nor the Export button — measured with
// bounding boxes at 1280×800 and 1600×1000.
import type { Locator, Page } from '@playwright/test';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The controls a toast must never cover: the monitor's transport and the Export button. */
function guarded(page: Page): Record<string, Locator> {
  const monitor = page.getByRole('region', { name: 'Monitor' });
  return {
    'Play backwards': monitor.getByRole('button', { name: 'Play backwards' }),
    Play: monitor.getByRole('button', { name: 'Play', exact: true }),
    'Monitor time': monitor.getByLabel('Monitor time'),
    Loop: monitor.getByRole('button', { name: 'Loop' }),
    'Monitor zoom': monitor.getByLabel('Monitor zoom'),
    'Bigger monitor': monitor.getByRole('button', { name: 'Bigger monitor' }),
    'Full screen': monitor.getByRole('button', { name: 'Full screen' }),
    'Export…': page.getByRole('button', { name: 'Export…' }),
  };
}

async function expectNothingCovered(page: Page, toasts: Locator): Promise<void> {
  const list = await box(toasts);
  for (const [name, control] of Object.entries(guarded(page))) {
    const covered = overlaps(list, await box(control));
    expect(covered, `the toasts (${JSON.stringify(list)}) cover ${name}`).toBe(false);
  }
}

test('refused edits are warnings in words that stay, and the toasts cover neither the transport nor Export', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Notices');
  await api.upload(await makeMp4(fixtureDir(), { seconds: 3, name: 'street.mp4' }), projectId);
  const tl = timelinePage(page);
  await tl.open('Notices');
  await tl.addMedia('street.mp4');
  await tl.saved();

  // The clip selected, the playhead inside it, then its track locked: every edit of it is refused.
  await tl.clip('Video 1', 'street.mp4').click();
  await tl.setPlayhead(1);
  await page.getByRole('button', { name: 'Lock Video 1', exact: true }).click();
  await tl.saved();
  const tools = page.getByRole('toolbar', { name: 'Timeline tools' });
  await tools.getByRole('button', { name: 'Split', exact: true }).click();
  await tools.getByRole('button', { name: 'Delete', exact: true }).click();
  await tools.getByRole('button', { name: 'Ripple delete' }).click();
  await tools.getByRole('button', { name: 'Copy' }).click();
  await tools.getByRole('button', { name: 'Paste' }).click();

  const notifications = page.getByRole('region', { name: 'Notifications' });
  const shown = notifications.getByRole('listitem');
  await expect(shown).toHaveCount(4);
  for (const title of ['Split at playhead', 'Ripple delete', 'Delete clip', 'Paste clip']) {
    const toast = shown.filter({ hasText: `${title}: not possible` });
    await expect(toast).toContainText('Track "Video 1" is locked.');
    await expect(toast).toHaveAttribute('data-kind', 'warning');
    await expect(toast.getByRole('alert')).toBeVisible();
  }
  expect(await notifications.textContent()).not.toMatch(UUID);
  // No success look for a failure.
  await expect(notifications.locator('[data-kind="success"]')).toHaveCount(0);

  await expectNothingCovered(page, notifications);
  await keepScreenshot(page, testInfo, 'toasts-1280x800.png');
  await page.setViewportSize({ width: 1600, height: 1000 });
  await expectNothingCovered(page, notifications);
  await keepScreenshot(page, testInfo, 'toasts-1600x1000.png');

  // A warning goes when dismissed (how long each kind stays: test/unit/toastStore.test.ts).
  await notifications.getByRole('button', { name: 'Dismiss: Split at playhead: not possible' }).click();
  await expect(shown).toHaveCount(3);
});
