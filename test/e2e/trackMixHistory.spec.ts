// The track header's switches and mix, and the History panel, against the service: solo,
// hide and sync lock toggled, gain and pan set and undone, each checked in the service's
// timeline (hiding the video track takes its picture off the monitor); then a revision from before them restored from the History panel, which makes
// one new revision equal to the old timeline.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { productionPage } from './pages/productionPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

type MixedTrack = { name: string; gainDb: number; pan: number; solo: boolean; hidden: boolean; syncLocked: boolean };

test('track header toggles and mix, and restoring a revision from the History panel', async ({ page, app }) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Mixing');
  const asset = await api.upload(await makeMp4(fixtureDir(), { seconds: 1, name: 'take.mp4' }), projectId);
  const start = await api.timeline(projectId);
  const placed = await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: asset.id, startMs: 0 },
  ]);
  expect(placed.revision).toBe('r1');
  const mixOf = async (name: string) =>
    (await api.timeline(projectId)).tracks.find((t) => t.name === name) as unknown as MixedTrack;
  const tl = timelinePage(page);
  await tl.open('Mixing');

  await page.getByRole('button', { name: 'Solo Audio 1' }).click();
  await tl.saved();
  await expect.poll(async () => (await mixOf('Audio 1')).solo).toBe(true);
  await expect(page.getByRole('button', { name: 'Solo Audio 1' })).toHaveAttribute('aria-pressed', 'true');

  // The monitor, paused on the clip, shows its picture; hidden, the track draws nothing there.
  const monitor = page.getByRole('img', { name: 'The composed frame under the playhead' });
  await tl.setPlayhead(0.5);
  await expect(monitor).toHaveAttribute('data-time-ms', '500');
  await expect(monitor).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  const withPicture = await monitor.screenshot();
  await page.getByRole('button', { name: 'Hide Video 1' }).click();
  await tl.saved();
  await expect.poll(async () => (await mixOf('Video 1')).hidden).toBe(true);
  await expect.poll(async () => (await monitor.screenshot()).equals(withPicture)).toBe(false);
  // An audio track has no picture to hide.
  await expect(page.getByRole('button', { name: 'Hide Audio 1' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sync lock Captions 1' }).click();
  await tl.saved();
  await expect.poll(async () => (await mixOf('Captions 1')).syncLocked).toBe(false);

  // Gain and pan: out of range is refused in the dialog, saying the range; then set, then undone.
  await page.getByRole('button', { name: 'Audio 1 track actions' }).click();
  await page.getByRole('menuitem', { name: /^Gain and pan/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Gain and pan of Audio 1' });
  await dialog.getByLabel('Gain (dB)').fill('20');
  await expect(dialog.getByRole('alert')).toHaveText('Enter a number from -60 to 12 dB, not 20.');
  await dialog.getByLabel('Gain (dB)').fill('-6');
  await dialog.getByLabel('Pan').fill('-0.5');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await tl.saved();
  await expect.poll(async () => mixOf('Audio 1')).toMatchObject({ gainDb: -6, pan: -0.5, solo: true });
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => mixOf('Audio 1')).toMatchObject({ gainDb: 0, pan: 0, solo: true });

  // The History panel lists every revision, newest first; restoring r1 is one more edit.
  const latest = (await api.timeline(projectId)).revision;
  const panels = productionPage(page);
  await panels.tab('History').click();
  const list = panels.panel.getByRole('list', { name: 'Timeline revisions' });
  await expect(list.getByRole('listitem').first()).toContainText(latest);
  await expect(list.getByRole('listitem').filter({ hasText: 'r0' })).toContainText('New timeline');
  await list.getByRole('button', { name: 'Restore r1' }).click();
  // The restore reads r1 first, then sends its edit: one new revision.
  const next = `r${Number(latest.slice(1)) + 1}`;
  await expect.poll(async () => (await api.timeline(projectId)).revision, { timeout: 20_000 }).toBe(next);
  await tl.saved();
  const restored = await api.timeline(projectId);
  expect(restored.revision).toBe(next);
  expect(restored.tracks).toEqual(placed.tracks);
  await expect(list.getByRole('listitem').first()).toContainText(restored.revision);
  await expect(page.getByRole('button', { name: 'Solo Audio 1' })).toHaveAttribute('aria-pressed', 'false');
});

test('linked clips split and delete together, and come back linked with undo', async ({ page, app }) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Linked');
  const asset = await api.upload(await makeMp4(fixtureDir(), { seconds: 2, name: 'talk.mp4' }), projectId);
  const start = await api.timeline(projectId);
  const [picture, sound, linkId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const linked = await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, clipId: picture, assetId: asset.id, startMs: 0 },
    { type: 'addClip', trackId: trackOf(start, 'audio').id, clipId: sound, assetId: asset.id, startMs: 0 },
    { type: 'linkClips', clipIds: [picture, sound], linkId },
  ]);
  const links = async () =>
    (await api.timeline(projectId)).tracks
      .filter((t) => t.kind !== 'caption')
      .map((t) => t.clips.map((c) => [c.startMs, (c as unknown as { linkId?: string }).linkId === linkId]));
  const tl = timelinePage(page);
  await tl.open('Linked');

  // Selecting the picture and splitting at 1 s splits its sound too: left parts keep the link.
  await tl.clip('Video 1', 'talk.mp4').click();
  await tl.setPlayhead(1);
  await tl.press('s');
  await tl.saved();
  await expect.poll(links).toEqual([
    [
      [0, true],
      [1000, false],
    ],
    [
      [0, true],
      [1000, false],
    ],
  ]);
  const after = (await api.timeline(projectId)).tracks.filter((t) => t.kind !== 'caption');
  const rightLinks = after.map((t) => (t.clips[1] as unknown as { linkId?: string }).linkId);
  expect(rightLinks[0]).toBeTruthy();
  expect(rightLinks[0]).toBe(rightLinks[1]);

  // Deleting the left picture deletes its sound; undo brings both back, linked.
  await tl.clip('Video 1', 'talk.mp4').first().click();
  await tl.press('Delete');
  await tl.saved();
  await expect.poll(links).toEqual([[[1000, false]], [[1000, false]]]);
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(links).toEqual([
    [
      [0, true],
      [1000, false],
    ],
    [
      [0, true],
      [1000, false],
    ],
  ]);
  expect(linked.revision).toBe('r1');
});
