// Linked clips in the app (issue 25): a picture and its sound linked from a clip's menu move
// together when one is dragged; an Alt (Option) drag moves one alone, and both then show the
// out-of-sync badge with the offset in frames; Unlink breaks the link, and one undo brings it
// back. Every step is checked on the service's timeline.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

const FRAME_MS = 1000 / 30;

interface Pair {
  picture: { startMs: number; inMs: number; linkId?: string };
  sound: { startMs: number; inMs: number; linkId?: string };
}

function pairOf(timeline: ServiceTimeline): Pair {
  const [picture] = trackOf(timeline, 'video').clips as unknown as Pair['picture'][];
  const [sound] = trackOf(timeline, 'audio').clips as unknown as Pair['sound'][];
  return { picture: picture!, sound: sound! };
}

test('link from a clip’s menu, drag together, Alt-drag one alone with the out-of-sync badge, unlink and undo', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Linking');
  const talk = await api.upload(await makeMp4(fixtureDir(), { seconds: 4, name: 'talk.mp4' }), projectId);
  const start = await api.timeline(projectId);
  await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: talk.id, startMs: 1000, inMs: 0, outMs: 2000 },
    { type: 'addClip', trackId: trackOf(start, 'audio').id, assetId: talk.id, startMs: 1000, inMs: 0, outMs: 2000 },
  ]);
  const now = async () => pairOf(await api.timeline(projectId));

  const tl = timelinePage(page);
  await tl.open('Linking');
  const picture = tl.clip('Video 1', 'talk.mp4');
  const sound = tl.clip('Audio 1', 'talk.mp4');
  const clipMenu = async (item: string) => {
    await page.getByRole('button', { name: 'Clip', exact: true }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${item}`) }).click();
  };

  // One clip alone cannot be linked: the menu says what to select, and nothing is sent.
  await picture.click();
  await clipMenu('Link clips');
  await expect(page.getByText(/Select at least two clips on different tracks/)).toBeVisible();
  expect((await now()).picture.linkId).toBeUndefined();

  // The picture and its sound, linked from the menu a right-click on a selected clip opens (the selection stays).
  await sound.click({ modifiers: ['Shift'] });
  await picture.click({ button: 'right' });
  const actions = page.getByRole('menu', { name: 'Clip actions' });
  await expect(actions.getByRole('menuitem', { name: /^Unlink clips/ })).toBeDisabled();
  await actions.getByRole('menuitem', { name: /^Link clips/ }).click();
  await expect(actions).toHaveCount(0);
  await tl.saved();
  await expect.poll(async () => (await now()).picture.linkId).toBeDefined();
  const linked = await now();
  expect(linked.sound.linkId).toBe(linked.picture.linkId);

  // With nothing selected, dragging the picture moves its sound too.
  await tl.press('Escape');
  const box = (await picture.boundingBox())!;
  const msPerPx = 2000 / box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, y, { steps: 5 });
  await page.mouse.up();
  await tl.saved();
  await expect.poll(async () => (await now()).picture.startMs).not.toBe(1000);
  const moved = await now();
  expect(moved.picture.startMs).toBeGreaterThan(1000);
  expect(moved.sound.startMs).toBe(moved.picture.startMs);
  await expect(page.locator('.tl-sync-badge')).toHaveCount(0);

  // Alt held as the drag begins: the picture moves alone, out of sync with its sound.
  await tl.press('Escape');
  const from = (await picture.boundingBox())!;
  const dragPx = Math.max(40, Math.ceil((5 * FRAME_MS) / msPerPx));
  await page.keyboard.down('Alt');
  await page.mouse.move(from.x + from.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + dragPx, y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Alt');
  await tl.saved();
  await expect.poll(async () => (await now()).picture.startMs).not.toBe(moved.picture.startMs);
  const alone = await now();
  expect(alone.sound.startMs).toBe(moved.sound.startMs);
  expect(alone.picture.linkId).toBe(linked.picture.linkId);
  const frames = Math.round((alone.picture.startMs - alone.sound.startMs) / FRAME_MS);
  expect(frames).toBeGreaterThanOrEqual(3);
  const badge = (clip: typeof picture) => clip.locator('.tl-sync-badge');
  await expect(badge(picture)).toHaveText(`+${frames}`);
  await expect(badge(sound)).toHaveText(`−${frames}`);
  await expect(badge(picture)).toHaveAccessibleName(`Out of sync by ${frames} frames`);
  await expect(tl.clip('Video 1', `talk.mp4.*out of sync by ${frames} frames`)).toHaveCount(1);

  // Dragging the picture's end edge trims its sound's end with it, by the same amount.
  await tl.press('Escape');
  const edge = (await picture.boundingBox())!;
  await page.mouse.move(edge.x + edge.width - 2, y);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width - 32, y, { steps: 5 });
  await page.mouse.up();
  await tl.saved();
  const service = async () => {
    const t = await api.timeline(projectId);
    return [trackOf(t, 'video').clips[0]!, trackOf(t, 'audio').clips[0]!];
  };
  await expect.poll(async () => (await service())[0]!.endMs).toBeLessThan(alone.picture.startMs + 2000);
  const [trimmedPicture, trimmedSound] = await service();
  const cut = alone.picture.startMs + 2000 - trimmedPicture!.endMs;
  expect(trimmedSound!.endMs).toBe(alone.sound.startMs + 2000 - cut);
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => (await service())[0]!.endMs).toBe(alone.picture.startMs + 2000);

  // Unlink (the sound alone selected breaks the whole link); the badges go. One undo links them again.
  await sound.click();
  await clipMenu('Unlink clips');
  await tl.saved();
  await expect.poll(async () => (await now()).picture.linkId).toBeUndefined();
  expect((await now()).sound.linkId).toBeUndefined();
  await expect(page.locator('.tl-sync-badge')).toHaveCount(0);
  await tl.press('Control+z');
  await tl.saved();
  await expect.poll(async () => (await now()).picture.linkId).toBe(linked.picture.linkId);
  expect((await now()).sound.linkId).toBe(linked.picture.linkId);
  await expect(badge(picture)).toHaveText(`+${frames}`);
});
