// Change over time in the app: keyframes added from the Inspector (with an easing) reach the
// service's timeline; a diamond dragged in the clip's keyframe lane moves its keyframe onto a
// frame; Ctrl-click on an audio clip's volume line adds a volume keyframe; dragging a clip's
// fade handle sets its fade out. Each is one edit, and one undo takes it back.
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

interface AnimatedClip {
  keyframes?: Record<string, { atMs: number; value: number; easing?: string }[]>;
  properties: Record<string, number>;
}
const FRAME_MS = 1000 / 30;
const onFrame = (ms: number) => Math.abs(ms - Math.round(ms / FRAME_MS) * FRAME_MS) < 1;
const clipOf = (t: ServiceTimeline, kind: 'video' | 'audio') => trackOf(t, kind).clips[0] as unknown as AnimatedClip;

test('keyframes, the volume line and fade handles edit the service timeline, one undo each', async ({ page, app }) => {
  test.setTimeout(150_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Keyframes');
  const [video, sound] = await Promise.all([
    makeMp4(fixtureDir(), { seconds: 4, name: 'shot.mp4' }),
    makeWav(fixtureDir(), { seconds: 4, name: 'bed.wav' }),
  ]);
  const assets = [await api.upload(video, projectId), await api.upload(sound, projectId)];
  const start = await api.timeline(projectId);
  await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: assets[0]!.id, startMs: 0 },
    { type: 'addClip', trackId: trackOf(start, 'audio').id, assetId: assets[1]!.id, startMs: 0 },
  ]);
  const tl = timelinePage(page);
  await tl.open('Keyframes');
  const inspector = page.getByRole('region', { name: 'Inspector' });
  const service = async () => api.timeline(projectId);

  // From the Inspector: a keyframe at 0.5 s (the diamond), a value typed at 2 s (a second keyframe), an easing.
  await tl.clip('Video 1', 'shot.mp4').click({ position: { x: 20, y: 48 } });
  await tl.setPlayhead(0.5);
  await inspector.getByRole('button', { name: 'Opacity keyframe at playhead' }).click();
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes?.opacity).toEqual([{ atMs: 500, value: 1, easing: 'linear' }]);
  await tl.setPlayhead(2);
  const opacity = inspector.getByRole('spinbutton', { name: 'Opacity' });
  await opacity.fill('0.2');
  await opacity.press('Enter');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes?.opacity).toHaveLength(2);
  // One undo takes the typed keyframe away; redo brings it back.
  await tl.press('Control+z');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes?.opacity).toHaveLength(1);
  await tl.press('Control+Shift+z');
  await tl.saved();
  await tl.setPlayhead(0.5);
  await expect(inspector.getByRole('button', { name: 'Opacity keyframe at playhead' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await inspector.getByRole('combobox', { name: 'Opacity easing' }).selectOption({ label: 'Ease out' });
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes?.opacity).toEqual([
    { atMs: 500, value: 1, easing: 'easeOut' },
    { atMs: 2000, value: 0.2, easing: 'linear' },
  ]);
  // The value shown is the curve's at the playhead: between the two keyframes, eased out.
  await tl.setPlayhead(1.25);
  const halfway = Number(await opacity.inputValue());
  expect(halfway).toBeGreaterThan(0.2);
  expect(halfway).toBeLessThan(0.6);
  await tl.press('Control+z');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes?.opacity?.[0]).toEqual({ atMs: 500, value: 1, easing: 'linear' });

  // A diamond in the clip's keyframe lane, dragged right: the keyframe moves onto a frame.
  const clipBox = (await tl.clip('Video 1', 'shot.mp4').boundingBox())!;
  const pxPerMs = clipBox.width / 4000;
  const diamond = tl.lane('Video 1').getByRole('slider', { name: 'Opacity keyframe at 00:00:02.000' });
  const at = (await diamond.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 + 400 * pxPerMs + 3, at.y + at.height / 2, { steps: 5 });
  await page.mouse.up();
  await tl.saved();
  const moved = clipOf(await service(), 'video').keyframes!.opacity!;
  expect(moved).toHaveLength(2);
  expect(moved[1]!.atMs).toBeGreaterThan(2300);
  expect(moved[1]!.atMs).toBeLessThan(2500);
  expect(onFrame(moved[1]!.atMs), `${moved[1]!.atMs} ms is on a frame`).toBe(true);
  await tl.press('Control+z');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes!.opacity![1]!.atMs).toBe(2000);

  // Ctrl-click on the audio clip's volume line: a volume keyframe where it was clicked.
  const line = tl.lane('Audio 1').getByRole('slider', { name: 'Volume line of bed.wav' });
  // A flat line has no height to click the middle of: it is clicked where it is drawn, gain 1
  // halfway up the waveform (38 px tall, 2 px below the clip's top).
  await expect(line).toHaveAttribute('aria-valuenow', '1');
  const bed = (await tl.clip('Audio 1', 'bed.wav').boundingBox())!;
  await page.keyboard.down('Control');
  await page.mouse.click(bed.x + bed.width / 2, bed.y + 2 + 19);
  await page.keyboard.up('Control');
  await tl.saved();
  const points = clipOf(await service(), 'audio').keyframes?.volume;
  expect(points).toHaveLength(1);
  expect(points![0]!.value).toBe(1);
  expect(Math.abs(points![0]!.atMs - 2000)).toBeLessThan(200);
  await tl.press('Control+z');
  await tl.saved();
  expect(clipOf(await service(), 'audio').keyframes?.volume ?? []).toEqual([]);

  // The fade handle on the video clip's top right corner, dragged left by about 0.8 s.
  const handle = tl.lane('Video 1').getByRole('slider', { name: 'Fade out of shot.mp4' });
  const h = (await handle.boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2 - 800 * pxPerMs, h.y + h.height / 2, { steps: 5 });
  await page.mouse.up();
  await tl.saved();
  const fadeOut = clipOf(await service(), 'video').properties.fadeOutMs!;
  expect(fadeOut).toBeGreaterThan(600);
  expect(fadeOut).toBeLessThan(1000);
  expect(onFrame(fadeOut)).toBe(true);
  await expect(handle).toHaveAttribute('aria-valuenow', String(fadeOut));
  await tl.press('Control+z');
  await tl.saved();
  expect(clipOf(await service(), 'video').properties.fadeOutMs ?? 0).toBe(0);

  // By keyboard: Alt+K adds a keyframe at the playhead; a focused diamond moves a frame with → and goes with Delete.
  await tl.setPlayhead(1);
  await tl.press('Alt+k');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes!.opacity!.map((k) => k.atMs)).toEqual([500, 1000, 2000]);
  const third = tl.lane('Video 1').getByRole('slider', { name: 'Opacity keyframe at 00:00:01.000' });
  await third.focus();
  await third.press('ArrowRight');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes!.opacity!.map((k) => k.atMs)).toEqual([500, 1033, 2000]);
  await tl.lane('Video 1').getByRole('slider', { name: 'Opacity keyframe at 00:00:01.033' }).press('Delete');
  await tl.saved();
  expect(clipOf(await service(), 'video').keyframes!.opacity!.map((k) => k.atMs)).toEqual([500, 2000]);
  // Video 1 still holds its one clip: Delete on a diamond is the diamond's, not the clip's.
  expect(trackOf(await service(), 'video').clips).toHaveLength(1);

  // F: a freeze frame at the playhead, two seconds long.
  await tl.setPlayhead(3);
  await tl.press('f');
  await tl.saved();
  const frozen = trackOf(await service(), 'video').clips as unknown as {
    startMs: number;
    endMs: number;
    freezeMs?: number;
  }[];
  expect(frozen.map((c) => [c.startMs, c.endMs, c.freezeMs ?? null])).toEqual([
    [0, 3000, null],
    [3000, 5000, 2000],
    [5000, 6000, null],
  ]);
});
