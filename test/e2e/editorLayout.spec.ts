// The editor's panels as a user resizes them: every boundary is a separator that the mouse
// drags and the keyboard moves, the sizes are saved with the app's settings (a reload, like
// a restart, finds them), and however far the top panels or the dock are pulled, the tracks
// keep room for three tracks. Also the primitives the editor is built from, where a user
// meets them: a modal dialog (focus inside, the page behind out of reach, Escape, focus
// back) and a toolbar tooltip naming the shortcut.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

const LANE_PX = 64;
const RULER_PX = 28;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function openEditor(page: Page, app: Parameters<typeof serviceApi>[0]) {
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  await api.createProject('Layout');
  await timelinePage(page).open('Layout');
}

test('the editor’s panels resize by mouse and keyboard, are remembered, and always leave three tracks', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEditor(page, app);

  const binWidth = page.getByRole('separator', { name: 'Media bin width' });
  const topHeight = page.getByRole('separator', { name: 'Height of the panels above the tracks' });
  const dockHeight = page.getByRole('separator', { name: 'Height of the tools around the timeline' });
  await expect(page.getByRole('separator', { name: 'Inspector width' })).toBeVisible();
  const bin = page.getByRole('region', { name: 'Media' });

  // Keyboard: three steps right widen the bin by three steps.
  const before = Number(await binWidth.getAttribute('aria-valuenow'));
  const binBefore = (await box(bin)).width;
  await binWidth.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(binWidth).toHaveAttribute('aria-valuenow', String(before + 48));
  expect((await box(bin)).width).toBeCloseTo(binBefore + 48, 0);
  // The arrows moved the panel, not the playhead.
  await expect(page.getByRole('slider', { name: 'Playhead' })).toHaveAttribute('aria-valuenow', '0');

  // Mouse: the top panels pulled far down, the dock pulled far up: the tracks keep three lanes.
  for (const [separator, dy] of [
    [topHeight, 600],
    [dockHeight, -600],
  ] as const) {
    const handle = await box(separator);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + dy, { steps: 8 });
    await page.mouse.up();
  }
  const panel = await box(page.locator('.tl-panel'));
  expect(panel.height).toBeGreaterThanOrEqual(RULER_PX + 3 * LANE_PX);
  const third = await box(page.getByText('Captions 1', { exact: true }));
  expect(third.y + third.height).toBeLessThanOrEqual(panel.y + panel.height);
  await page.screenshot({ path: testInfo.outputPath('panels-pulled.png') });

  // Saved with the app's settings: on disk, and read back after a reload. (A size kept may be
  // larger than the one shown: the top panels wanted more than the dock, pulled later, left.)
  const bin2 = Number(await binWidth.getAttribute('aria-valuenow'));
  const top2 = Number(await topHeight.getAttribute('aria-valuenow'));
  // The dock's size decides how much of the top panels' is shown: both are on disk before the reload.
  const dock2 = Number(await dockHeight.getAttribute('aria-valuenow'));
  await expect
    .poll(() => {
      const settings = JSON.parse(readFileSync(join(app.userDataDir, 'settings.json'), 'utf8')) as {
        preferences: { panels: Record<string, number> };
      };
      const { panels } = settings.preferences;
      return [panels['timeline.bin'], panels['timeline.dock']];
    })
    .toEqual([bin2, dock2]);
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Timeline', exact: true }).click();
  await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
  await expect(binWidth).toHaveAttribute('aria-valuenow', String(bin2));
  await expect(topHeight).toHaveAttribute('aria-valuenow', String(top2));

  // With the dock folded away the tracks take its room; a double-click gives a panel its default size back.
  await page.getByRole('button', { name: 'Hide panels' }).click();
  await expect(dockHeight).toHaveCount(0);
  await binWidth.dblclick();
  await expect(binWidth).toHaveAttribute('aria-valuenow', '240');
});

test('a dialog holds the focus and the keys, Escape closes it and the focus goes back; tooltips name shortcuts', async ({
  page,
  app,
}) => {
  await openEditor(page, app);

  // Tooltip: hovering a tool names it and its keys.
  await page.getByRole('button', { name: 'Split', exact: true }).hover();
  await expect(page.locator('.ui-tooltip')).toHaveText(/Split at the playhead.*S, Ctrl\+K/);
  await expect(page.getByRole('button', { name: 'Split', exact: true })).toHaveAttribute(
    'aria-keyshortcuts',
    /Control\+K/,
  );

  const opener = page.getByRole('button', { name: 'Export…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await expect(dialog).toBeVisible();
  // Modal: a click on the page behind lands on the dialog's backdrop, and the focus is inside.
  const rail = await box(page.getByRole('button', { name: 'Projects', exact: true }));
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.tagName,
    [rail.x + rail.width / 2, rail.y + rail.height / 2],
  );
  expect(hit).toBe('DIALOG');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
