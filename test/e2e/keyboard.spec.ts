// The editor's keyboard: one keymap wherever the focus is. After a click on the tracks'
// background, Ctrl+K splits every unlocked clip under the playhead (with clips selected,
// only those); a focused button never takes Space; typing in a field stays the field's
// (Space is a space, Ctrl+Z undoes the typing, not an edit); the help panel and the
// tooltips name the keys.
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

test('Ctrl+K after a click on the timeline background splits the clips under the playhead; Space and Ctrl+Z go where they belong', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Keys');
  const [video, audio] = await Promise.all([
    makeMp4(fixtures.dir, { seconds: 3, name: 'walk.mp4' }),
    makeWav(fixtures.dir, { seconds: 3, name: 'birds.wav' }),
  ]);
  for (const file of [video, audio]) await api.upload(file, projectId);
  const read = () => api.timeline(projectId);
  const counts = (t: ServiceTimeline) => [trackOf(t, 'video').clips.length, trackOf(t, 'audio').clips.length];

  const tl = timelinePage(page);
  await tl.open('Keys');
  await tl.addMedia('walk.mp4');
  await tl.addMedia('birds.wav');
  await tl.saved();
  const before = await read();
  expect(counts(before)).toEqual([1, 1]);

  // Typing in the timecode field is the field's: Space is typed, Ctrl+Z undoes the typing, no edit is undone.
  const timecode = page.getByLabel('Playhead time');
  await timecode.click();
  await timecode.fill('00:00:01');
  await page.keyboard.press(' ');
  await expect(timecode).toHaveValue('00:00:01 ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(tl.clips('Video 1')).toHaveCount(1);
  await timecode.fill('00:00:01.500');
  await timecode.press('Enter');
  await expect(page.getByRole('slider', { name: 'Playhead' })).toHaveAttribute('aria-valuenow', '1500');
  expect((await read()).revision).toBe(before.revision);

  // Focus back in the field, then a click on the tracks' background: Ctrl+K splits both clips.
  await tl.clip('Video 1', 'walk.mp4').click();
  await timecode.focus();
  const lanes = page.getByRole('group', { name: 'Timeline tracks' });
  const box = (await lanes.boundingBox())!;
  // The first lane's background, right of its clip.
  await page.mouse.click(box.x + box.width - 20, box.y + 10);
  await expect(page.getByRole('status', { name: 'Selection' })).toHaveText('No clip selected');
  await page.keyboard.press('Control+k');
  await tl.saved();
  await expect.poll(async () => counts(await read()), { timeout: 20_000 }).toEqual([2, 2]);
  expect(trackOf(await read(), 'video').clips.map((c) => [c.startMs, c.endMs])).toEqual([
    [0, 1500],
    [1500, 3000],
  ]);

  // With a clip selected, only it is split.
  await tl.setPlayhead(2.5);
  await tl.clip('Video 1', 'walk.mp4, 00:00:01.500').click();
  await page.keyboard.press('Control+k');
  await tl.saved();
  await expect.poll(async () => counts(await read()), { timeout: 20_000 }).toEqual([3, 2]);

  // A focused button never takes Space: Space plays, the button is not pressed again.
  const snap = page.getByRole('button', { name: 'Snap' });
  await snap.click();
  await expect(snap).toHaveAttribute('aria-pressed', 'false');
  // From the start (Home, also from the button), so it plays long enough to be seen playing.
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(snap).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('k');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // Ctrl+Z undoes the last split from anywhere outside a field.
  await page.keyboard.press('Control+z');
  await tl.saved();
  await expect.poll(async () => counts(await read()), { timeout: 20_000 }).toEqual([2, 2]);

  // The keys are named in the tooltips and in the help panel.
  const split = page.getByRole('button', { name: 'Split', exact: true });
  await expect(split).toHaveAttribute('aria-keyshortcuts', 'S Control+K Control+B');
  await split.hover();
  await expect(page.locator('.ui-tooltip')).toContainText('Split at the playhead');
  await expect(page.locator('.ui-tooltip')).toContainText('S, Ctrl+K, Ctrl+B');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /Ctrl\+K/ })).toContainText('Split at the playhead');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});
