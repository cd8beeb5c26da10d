// The on-canvas transform in the monitor: the selected clip's box is drawn over the frame with
// handles a screen reader can name; dragging the box moves the picture and the Inspector's
// position follows by the distance dragged (as a fraction of the frame); the whole drag is ONE
// edit (one revision at the service, one undo entry: one undo puts it back); a corner drag
// scales about the opposite corner; Escape cancels a drag; an arrow key nudges by one pixel of
// the export's frame; the handle above the box turns it. axe finds nothing wrong with the box
// in either theme, and screenshots of it in both are kept in test-results/e2e.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './pages/accessibility.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

async function valueOf(field: Locator): Promise<number> {
  return Number((await field.inputValue()).replace('−', '-'));
}

/** Drags from `from` to `to` in steps, as a hand would (many pointer moves). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

/** The monitor alone, kept in the test's output folder (test-results/e2e/…) and the report. */
async function keepMonitor(monitor: Locator, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await monitor.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('dragging the selected clip in the monitor moves it as one edit, one undo puts it back, a corner scales it', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Transform');
  const asset = await api.upload(await makeMp4(fixtureDir(), { seconds: 3, name: 'shot.mp4' }), projectId);
  const start = await api.timeline(projectId);
  const clipId = crypto.randomUUID();
  // At half size, so the box and its corners lie inside the frame.
  await api.apply(projectId, start.revision, [
    {
      type: 'addClip',
      trackId: trackOf(start, 'video').id,
      clipId,
      assetId: asset.id,
      startMs: 0,
      inMs: 0,
      outMs: 3000,
    },
    { type: 'setClipProperties', clipId, properties: { scale: 0.5 } },
  ]);

  const tl = timelinePage(page);
  await tl.open('Transform');
  const inspector = page.getByRole('region', { name: 'Inspector' });
  const positionX = inspector.getByRole('spinbutton', { name: 'Horizontal position' });
  const positionY = inspector.getByRole('spinbutton', { name: 'Vertical position' });
  const scale = inspector.getByRole('spinbutton', { name: 'Scale' });
  const monitor = page.getByRole('region', { name: 'Monitor' });
  const undo = page.getByRole('toolbar', { name: 'Timeline tools' }).getByRole('button', { name: 'Undo' });

  // Nothing selected: no box. Selected: the box with its handles, each named.
  await expect(monitor.getByRole('group', { name: /^Place / })).toHaveCount(0);
  await tl.clip('Video 1', 'shot.mp4').click();
  const place = monitor.getByRole('group', { name: 'Place shot.mp4 in the frame' });
  await expect(place).toBeVisible({ timeout: 30_000 });
  const moveHandle = place.getByRole('button', { name: 'Move shot.mp4' });
  const bottomRight = place.getByRole('button', { name: 'Scale shot.mp4 from the bottom right corner' });
  await expect(place.getByRole('button', { name: /^Scale shot\.mp4 from the / })).toHaveCount(4);
  await expect(place.getByRole('button', { name: 'Rotate shot.mp4' })).toBeVisible();
  await expect(positionX).toHaveValue('0');
  await expect(undo).toBeDisabled();

  const frame = (await page.getByTestId('monitor-frame').boundingBox())!;
  // The box is the fitted picture at half size, in the middle of the frame.
  const box = (await moveHandle.boundingBox())!;
  expect(box.width).toBeCloseTo(frame.width / 2, 0);
  expect(box.x + box.width / 2).toBeCloseTo(frame.x + frame.width / 2, 0);
  await keepMonitor(monitor, testInfo, 'transform-handles-dark.png');
  await expectNoViolations(page, 'the monitor with the transform box (dark)');
  // The same in the light theme (the monitor's picture stays dark in both).
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await keepMonitor(monitor, testInfo, 'transform-handles-light.png');
  await expectNoViolations(page, 'the monitor with the transform box (light)');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));

  // Near the frame's centre lines the box snaps to them, with a guide for each; Escape
  // during a drag cancels it: nothing is edited.
  const before = Number((await api.timeline(projectId)).revision.slice(1));
  const from = await centreOf(moveHandle);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 50, from.y + 30, { steps: 5 });
  await expect(page.getByTestId('snap-guide')).toHaveCount(0);
  await page.mouse.move(from.x + 3, from.y - 2, { steps: 5 });
  await expect(page.getByTestId('snap-guide')).toHaveCount(2);
  await keepMonitor(monitor, testInfo, 'transform-snapped-dark.png');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('snap-guide')).toHaveCount(0);
  await page.mouse.up();
  await expect(positionX).toHaveValue('0');
  await expect(undo).toBeDisabled();

  // A drag of 0.1 frame widths right and 0.05 heights down (away from every snapping line).
  const dx = Math.round(frame.width * 0.1);
  const dy = Math.round(frame.height * 0.05);
  await drag(page, from, { x: from.x + dx, y: from.y + dy });
  await tl.saved();
  expect(await valueOf(positionX)).toBeCloseTo(dx / frame.width, 3);
  expect(await valueOf(positionY)).toBeCloseTo(dy / frame.height, 3);
  // One edit at the service, and one undo entry, however many pointer moves.
  const moved = await api.timeline(projectId);
  expect(Number(moved.revision.slice(1))).toBe(before + 1);
  const props = (trackOf(moved, 'video').clips[0] as unknown as { properties: Record<string, number> }).properties;
  expect(props.positionX).toBeCloseTo(dx / frame.width, 3);
  await tl.press('Control+z');
  await tl.saved();
  await expect(positionX).toHaveValue('0');
  await expect(positionY).toHaveValue('0');
  await expect(undo).toBeDisabled();

  // The bottom-right corner dragged out along the diagonal by a quarter of the frame's:
  // the diagonal from the fixed top-left corner (half the frame's) grows by half → scale 0.75.
  const corner = await centreOf(bottomRight);
  const grow = { x: frame.width / 4, y: frame.height / 4 };
  await drag(page, corner, { x: corner.x + grow.x, y: corner.y + grow.y });
  await tl.saved();
  expect(await valueOf(scale)).toBeCloseTo(0.75, 2);
  // The top-left corner stayed: the centre moved by half the growth.
  expect(await valueOf(positionX)).toBeCloseTo(0.125, 2);
  expect(await valueOf(positionY)).toBeCloseTo(0.125, 2);

  // That corner now sits on the frame's edge: taken a little inside it and dragged on past the
  // monitor's edge, the drag holds (the knob stays on the page) and ends in one more edit.
  const edge = await centreOf(bottomRight);
  const grip = { x: edge.x - 4, y: edge.y - 4 };
  const past = 40;
  await drag(page, grip, { x: grip.x + past, y: grip.y + past });
  await tl.saved();
  const diagonal = { x: 0.75 * frame.width, y: 0.75 * frame.height };
  const grown = 1 + (past * (diagonal.x + diagonal.y)) / (diagonal.x ** 2 + diagonal.y ** 2);
  expect(await valueOf(scale)).toBeCloseTo(0.75 * grown, 2);
  await tl.press('Control+z');
  await tl.saved();
  expect(await valueOf(scale)).toBeCloseTo(0.75, 2);

  // An arrow key on a handle nudges by one pixel of the 1920-wide export frame, as one edit.
  const nudgedFrom = await valueOf(positionX);
  await moveHandle.focus();
  await page.keyboard.press('ArrowRight');
  await tl.saved();
  expect(await valueOf(positionX)).toBeCloseTo(nudgedFrom + 1 / 1920, 5);

  // The handle above the box, swept a quarter turn clockwise about the box's centre.
  const knob = place.getByRole('button', { name: 'Rotate shot.mp4' });
  const centre = await centreOf(moveHandle);
  const hold = await centreOf(knob);
  const reach = Math.hypot(hold.x - centre.x, hold.y - centre.y);
  await page.mouse.move(hold.x, hold.y);
  await page.mouse.down();
  for (const deg of [15, 30, 45, 60, 75, 90]) {
    const a = (deg * Math.PI) / 180;
    await page.mouse.move(centre.x + reach * Math.sin(a), centre.y - reach * Math.cos(a));
  }
  await page.mouse.up();
  await tl.saved();
  expect(await valueOf(inspector.getByRole('spinbutton', { name: 'Rotation' }))).toBeCloseTo(90, 0);
  await keepMonitor(monitor, testInfo, 'transform-turned-dark.png');
});
