// "Follow the subject" in the Inspector: on a clip that overflows the frame (scaled up), it
// starts the service's auto reframe job, shows that the keyframes were written, and the
// clip's positionX keyframes are on the service's timeline as one new revision.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

test('"Follow the subject" writes position keyframes through the auto reframe job', async ({ page, app }) => {
  test.setTimeout(180_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Follow');
  const asset = await api.upload(await makeMp4(fixtures.dir, { seconds: 2, name: 'walk.mp4' }), projectId);
  const start = await api.timeline(projectId);
  const clipId = crypto.randomUUID();
  const edited = await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, clipId, assetId: asset.id, startMs: 0 },
    { type: 'setClipProperties', clipId, properties: { scale: 2 } },
  ]);

  const tl = timelinePage(page);
  await tl.open('Follow');
  await tl.clip('Video 1', 'walk.mp4').click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await inspector.getByRole('button', { name: 'Follow the subject' }).click();
  await expect(inspector.getByRole('status').filter({ hasText: 'Keyframes written' })).toBeVisible({
    timeout: 120_000,
  });
  const after = await api.timeline(projectId);
  expect(after.revision).not.toBe(edited.revision);
  const clip = trackOf(after, 'video').clips.find((c: { id: string }) => c.id === clipId) as {
    keyframes?: Record<string, unknown[]>;
  };
  expect(clip.keyframes?.positionX?.length).toBeGreaterThan(0);
});
