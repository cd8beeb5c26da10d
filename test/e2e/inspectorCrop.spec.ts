// The Inspector's Crop section: the four sides of the selected clip, typed values reaching the
// service's timeline, a keyframe from the diamond, and a crop that would leave nothing refused
// with what to change, the clip left as it was; then the monitor's crop mode: an edge moved by
// an arrow key and another dragged, one edit each.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

interface ServiceClip {
  properties: Record<string, number>;
  keyframes?: Record<string, { atMs: number; value: number }[]>;
}

test('the Crop section sets and keyframes the sides of a clip, refusing a crop that leaves nothing', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Cropping');
  const asset = await api.upload(await makeMp4(fixtures.dir, { seconds: 2, name: 'shot.mp4' }), projectId);
  const start = await api.timeline(projectId);
  await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: asset.id, startMs: 0, inMs: 0, outMs: 2000 },
  ]);
  const clip = async () => (trackOf(await api.timeline(projectId), 'video').clips as unknown as ServiceClip[])[0]!;

  const tl = timelinePage(page);
  await tl.open('Cropping');
  await tl.clip('Video 1', 'shot.mp4').click({ position: { x: 20, y: 48 } });
  const crop = page.getByRole('region', { name: 'Inspector' }).getByRole('region', { name: 'Crop' });
  for (const side of ['Crop left', 'Crop right', 'Crop top', 'Crop bottom'])
    await expect(crop.getByRole('spinbutton', { name: side })).toHaveValue('0');

  const left = crop.getByRole('spinbutton', { name: 'Crop left' });
  await left.fill('0.3');
  await left.press('Enter');
  await tl.saved();
  expect((await clip()).properties).toMatchObject({ cropLeft: 0.3, cropRight: 0 });

  // Right 0.8 with left 0.3 would leave nothing: refused, with what to change.
  const right = crop.getByRole('spinbutton', { name: 'Crop right' });
  await right.fill('0.8');
  await right.press('Enter');
  await expect(page.getByText(/left and right together must stay below 100%/)).toBeVisible();
  expect((await clip()).properties.cropRight).toBe(0);

  await tl.setPlayhead(0.5);
  await crop.getByRole('button', { name: 'Crop top keyframe at playhead' }).click();
  await tl.saved();
  expect((await clip()).keyframes?.cropTop).toEqual([{ atMs: 500, value: 0, easing: 'linear' }]);

  // In the monitor's crop mode: an arrow key on the left edge's handle, then the bottom edge dragged up.
  await page.setViewportSize({ width: 1800, height: 1400 });
  await page.getByRole('button', { name: 'Bigger monitor' }).click();
  await page.getByRole('button', { name: 'Crop in the monitor' }).click();
  const leftEdge = page.getByRole('button', { name: 'Crop shot.mp4 from the left' });
  await leftEdge.focus();
  await leftEdge.press('Shift+ArrowRight');
  await tl.saved();
  expect((await clip()).properties.cropLeft).toBeCloseTo(0.4, 6);
  await expect(page.getByRole('button', { name: 'Move shot.mp4' })).toHaveCount(0);
  const frame = await page.getByRole('img', { name: 'The composed frame under the playhead' }).boundingBox();
  const bottom = await page.getByRole('button', { name: 'Crop shot.mp4 from the bottom' }).boundingBox();
  const from = { x: bottom!.x + bottom!.width / 2, y: bottom!.y + bottom!.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y - frame!.height * 0.1, { steps: 4 });
  await page.mouse.up();
  await tl.saved();
  expect((await clip()).properties.cropBottom).toBeCloseTo(0.1, 1);
  expect((await clip()).properties.cropLeft).toBeCloseTo(0.4, 6);
});
