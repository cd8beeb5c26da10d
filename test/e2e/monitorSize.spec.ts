// A vertical project's monitor at 1600×1000: the frame is limited by the monitor's height, so
// the monitor takes the height the tracks and the tools leave, and the frame fills it (it was
// 126×225 px in a 964×225 panel).
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { timelinePage } from './pages/timelinePage.ts';

test('a 9:16 frame fills the monitor’s height, and the monitor takes the height the editor can give', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await firstLaunchPage(page).useLocalWorkspace();
  const secrets = await app.localSecrets();
  const res = await fetch(`${app.localCreateBaseUrl()}/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secrets!.createApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Vertical', aspectRatio: '9:16' }),
  });
  expect(res.status).toBe(201);
  await timelinePage(page).open('Vertical');

  const frame = page.getByTestId('monitor-frame');
  const stage = frame.locator('..');
  await expect
    .poll(async () => {
      const box = (await frame.boundingBox())!;
      return Math.abs(box.width / box.height - 9 / 16);
    })
    .toBeLessThan(0.01);
  const framed = (await frame.boundingBox())!;
  const room = (await stage.boundingBox())!;
  // A vertical frame uses the height it has: as tall as the stage, and narrower.
  expect(framed.height).toBeCloseTo(room.height, 0);
  expect(framed.width).toBeLessThan(room.width);
  // …and the monitor has height to give: at least 35% of the window (it had 22.5%).
  expect(framed.height, `the frame is ${framed.width}×${framed.height} px`).toBeGreaterThanOrEqual(0.35 * 1000);
  // The tracks still show three lanes.
  await expect(page.getByRole('group', { name: 'Captions 1 track' })).toBeInViewport();
  await keepScreenshot(page, testInfo, 'vertical-monitor-1600x1000.png');
});
