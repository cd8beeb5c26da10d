// The timeline end to end, against the local sandbox: a timeline built from three uploaded
// assets (added from the bin, one dragged onto its track), trimmed and split by mouse and
// keyboard, undone and redone — the service's timeline checked after each; an edit that
// meets a change made behind the app's back (409) reviewed and re-applied; and a 5,000-clip
// timeline whose DOM holds only the clips on screen.
import { randomUUID } from 'node:crypto';
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();

/** A screenshot kept beside the test's results (and attached to its report). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
test.afterAll(() => fixtures.cleanup());

/** Polls the service's timeline until `check` holds (the outbox sends edits in the background). */
async function serviceHas(
  read: () => Promise<ServiceTimeline>,
  check: (t: ServiceTimeline) => boolean,
  what: string,
): Promise<ServiceTimeline> {
  let last: ServiceTimeline | null = null;
  await expect
    .poll(
      async () => {
        last = await read();
        return check(last);
      },
      { message: what, timeout: 20_000 },
    )
    .toBe(true);
  return last!;
}

test('build a timeline from three assets, trim and split, undo and redo — the service follows each edit', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Holiday cut');
  const [beach, street, tone] = await Promise.all([
    makeMp4(fixtures.dir, { seconds: 2, name: 'beach.mp4' }),
    makeMp4(fixtures.dir, { seconds: 3, name: 'street.mp4' }),
    makeWav(fixtures.dir, { seconds: 4, name: 'tone.wav' }),
  ]);
  for (const file of [beach, street, tone]) await api.upload(file, projectId);
  const read = () => api.timeline(projectId);

  const tl = timelinePage(page);
  await tl.open('Holiday cut');
  await tl.addMedia('beach.mp4');
  await tl.addMedia('street.mp4');
  // The third is dragged from the bin onto the audio track (listed below the captions and the video).
  const lanes = page.getByRole('group', { name: 'Timeline tracks' });
  const audioLaneY = (await tl.lane('Audio 1').boundingBox())!.y - (await lanes.boundingBox())!.y;
  await tl.binItem('tone.wav').dragTo(lanes, { targetPosition: { x: 20, y: audioLaneY + 30 } });
  await tl.saved();
  let service = await serviceHas(
    read,
    (t) => trackOf(t, 'video').clips.length === 2 && trackOf(t, 'audio').clips.length === 1,
    'two video clips and one audio clip',
  );
  const [beachClip, streetClip] = trackOf(service, 'video').clips;
  expect([beachClip!.startMs, beachClip!.endMs, streetClip!.startMs, streetClip!.endMs]).toEqual([0, 2000, 2000, 5000]);
  await expect(tl.clips('Video 1')).toHaveCount(2);
  await expect(tl.clip('Audio 1', 'tone.wav')).toBeVisible();
  await keepScreenshot(page, testInfo, 'timeline-built');

  // Trim by keyboard: the street clip's end to the playhead at 4 s.
  await tl.clip('Video 1', 'street.mp4').click();
  await tl.setPlayhead(4);
  await tl.press('w');
  await tl.saved();
  service = await serviceHas(
    read,
    (t) => trackOf(t, 'video').clips[1]?.outMs === 2000,
    'the street clip trimmed to 2 s of its media',
  );

  // Trim by mouse: the beach clip's start dragged right (Alt: no snapping); one drag is one edit.
  const before = Number(service.revision.slice(1));
  const box = (await tl.clip('Video 1', 'beach.mp4').boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let dx = 4; dx <= 40; dx += 4) await page.mouse.move(box.x + 2 + dx, box.y + box.height / 2);
  await page.keyboard.down('Alt');
  await page.mouse.move(box.x + 42, box.y + box.height / 2);
  await page.mouse.up();
  await page.keyboard.up('Alt');
  await tl.saved();
  service = await serviceHas(
    read,
    (t) => (trackOf(t, 'video').clips[0]?.inMs ?? 0) > 0,
    'the beach clip trimmed at its start',
  );
  expect(Number(service.revision.slice(1))).toBe(before + 1);
  const trimmedIn = trackOf(service, 'video').clips[0]!.inMs!;
  expect(trackOf(service, 'video').clips[0]!.startMs).toBe(trimmedIn);

  // Split the street clip at 3 s.
  await tl.clip('Video 1', 'street.mp4').click();
  await tl.setPlayhead(3);
  await tl.press('s');
  await tl.saved();
  service = await serviceHas(read, (t) => trackOf(t, 'video').clips.length === 3, 'the street clip split in two');
  expect(trackOf(service, 'video').clips.map((c) => [c.startMs, c.endMs])).toEqual([
    [trimmedIn, 2000],
    [2000, 3000],
    [3000, 4000],
  ]);
  const splitRevision = service.revision;

  // Undo is a new edit (the revision moves on); the split is gone.
  await tl.press('Control+z');
  await tl.saved();
  service = await serviceHas(read, (t) => trackOf(t, 'video').clips.length === 2, 'the split undone');
  expect(Number(service.revision.slice(1))).toBe(Number(splitRevision.slice(1)) + 1);
  expect(trackOf(service, 'video').clips.map((c) => [c.startMs, c.endMs, c.inMs, c.outMs])).toEqual([
    [trimmedIn, 2000, trimmedIn, 2000],
    [2000, 4000, 0, 2000],
  ]);

  // Undo again: the mouse trim is undone too.
  await tl.press('Control+z');
  await tl.saved();
  await serviceHas(
    read,
    (t) => trackOf(t, 'video').clips[0]?.inMs === 0 && trackOf(t, 'video').clips[0]?.startMs === 0,
    'the trim undone',
  );

  // Redo twice: the trim, then the split, again.
  await tl.press('Control+Shift+z');
  await tl.press('Control+Shift+z');
  await tl.saved();
  service = await serviceHas(
    read,
    (t) => trackOf(t, 'video').clips.length === 3 && trackOf(t, 'video').clips[0]!.inMs === trimmedIn,
    'the trim and the split redone',
  );
  expect(trackOf(service, 'video').clips.map((c) => [c.startMs, c.endMs])).toEqual([
    [trimmedIn, 2000],
    [2000, 3000],
    [3000, 4000],
  ]);
  await expect(tl.clips('Video 1')).toHaveCount(3);
  await keepScreenshot(page, testInfo, 'timeline-edited');

  // The shortcuts are listed.
  await tl.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Split at the playhead');
  await keepScreenshot(page, testInfo, 'timeline-shortcuts');
  await help.getByRole('button', { name: 'Close' }).click();
});

test('an edit that meets a change made behind the app’s back is reviewed and re-applied, nothing lost or doubled', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Interview');
  const asset = await api.upload(await makeMp4(fixtures.dir, { seconds: 4, name: 'interview.mp4' }), projectId);
  let service = await api.timeline(projectId);
  const clipId = randomUUID();
  service = await api.apply(projectId, service.revision, [
    {
      type: 'addClip',
      trackId: trackOf(service, 'video').id,
      clipId,
      assetId: asset.id,
      startMs: 0,
      inMs: 0,
      outMs: 4000,
    },
  ]);

  const tl = timelinePage(page);
  await tl.open('Interview');
  await expect(tl.clip('Video 1', 'interview.mp4')).toBeVisible();

  // Someone else lowers the clip's volume and trims it, through the API.
  service = await api.apply(projectId, service.revision, [
    { type: 'setClipProperties', clipId, properties: { volume: 0.5 } },
    { type: 'trimClip', clipId, outMs: 3500 },
  ]);
  const theirs = service.revision;

  // The app splits the clip at 1 s on the timeline it read: the service answers 409.
  await tl.clip('Video 1', 'interview.mp4').click();
  await tl.setPlayhead(1);
  await tl.press('s');
  await expect(tl.review).toBeVisible({ timeout: 20_000 });
  await expect(tl.review).toContainText('Split at playhead');
  await expect(tl.review.getByRole('list', { name: 'Changes by others' })).toContainText(
    /interview\.mp4.*changed: end, out point, volume/,
  );
  await expect(tl.review).toContainText(theirs);
  await keepScreenshot(page, testInfo, 'timeline-review');

  await tl.review.getByRole('button', { name: /Re-apply my edit/ }).click();
  await expect(tl.review).toHaveCount(0);
  await tl.saved();
  service = await serviceHas(
    () => api.timeline(projectId),
    (t) => trackOf(t, 'video').clips.length === 2,
    'the split re-applied',
  );
  const [left, right] = trackOf(service, 'video').clips as (ServiceTimeline['tracks'][number]['clips'][number] & {
    properties: Record<string, number>;
  })[];
  // Both edits hold: theirs (volume, trim) and the user's (the split), applied once.
  expect([left!.startMs, left!.endMs, right!.startMs, right!.endMs]).toEqual([0, 1000, 1000, 3500]);
  expect(left!.properties.volume).toBe(0.5);
  expect(right!.properties.volume).toBe(0.5);
  expect(Number(service.revision.slice(1))).toBe(Number(theirs.slice(1)) + 1);
  await expect(tl.clips('Video 1')).toHaveCount(2);
});

test('a 5,000-clip timeline keeps only the clips on screen in the page', async ({ page, app }, testInfo) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Long timeline');
  const asset = await api.upload(await makeMp4(fixtures.dir, { seconds: 1, name: 'tick.mp4' }), projectId);
  let service = await api.timeline(projectId);
  const video = trackOf(service, 'video').id;
  for (let from = 0; from < 5000; from += 500) {
    const commands = Array.from({ length: 500 }, (_, k) => ({
      type: 'addClip',
      trackId: video,
      clipId: randomUUID(),
      assetId: asset.id,
      startMs: (from + k) * 1000,
      inMs: 0,
      outMs: 1000,
    }));
    service = await api.apply(projectId, service.revision, commands);
  }
  expect(trackOf(service, 'video').clips).toHaveLength(5000);

  const tl = timelinePage(page);
  await tl.open('Long timeline');
  const rendered = page.locator('[data-clip-id]');
  await expect(rendered.first()).toBeVisible();
  const visibleCount = await rendered.count();
  // The window drawn is three screens wide; at most a few hundred one-second clips fit in it.
  expect(visibleCount).toBeGreaterThan(0);
  expect(visibleCount).toBeLessThan(400);
  await expect(page.locator(`[aria-label^="tick.mp4, 00:00:00.000 to"]`)).toHaveCount(1);

  // At the end of the timeline, the last clips are drawn and the first are gone.
  await tl.press('End');
  await expect(page.getByRole('button', { name: /^tick\.mp4, 01:23:19\.000 to 01:23:20\.000/ })).toBeVisible();
  await expect(page.locator(`[aria-label^="tick.mp4, 00:00:00.000 to"]`)).toHaveCount(0);
  expect(await rendered.count()).toBeLessThan(400);

  // Zoomed out over the whole project, narrow clips are drawn as clusters, not 5,000 elements.
  await tl.press('z');
  await expect.poll(() => rendered.count()).toBeLessThan(400);
  await keepScreenshot(page, testInfo, 'timeline-5000');
});

test('a preview range is rendered as a job and plays in the player; the whole timeline too, both listed in Jobs', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Teaser');
  const asset = await api.upload(await makeMp4(fixtures.dir, { seconds: 3, name: 'teaser.mp4' }), projectId);
  const service = await api.timeline(projectId);
  await api.apply(projectId, service.revision, [
    {
      type: 'addClip',
      trackId: trackOf(service, 'video').id,
      clipId: randomUUID(),
      assetId: asset.id,
      startMs: 0,
      inMs: 0,
      outMs: 3000,
    },
  ]);

  const tl = timelinePage(page);
  await tl.open('Teaser');
  await tl.setPlayhead(1);
  await tl.press('i');
  await tl.setPlayhead(2.5);
  await tl.press('o');
  const player = page.getByRole('region', { name: 'Render preview' });
  await player.getByRole('heading', { name: 'Render preview' }).click();
  await expect(player.getByLabel('From')).toHaveValue('00:00:01.000');
  await expect(player.getByLabel('To')).toHaveValue('00:00:02.500');
  await player.getByRole('button', { name: 'Render preview' }).click();
  const renders = player.getByRole('list', { name: 'Renders' });
  await expect(renders).toContainText(/Preview 1\.0–2\.5 s/);
  // A finished preview plays at once: a real video, 1.5 s long.
  const video = player.getByRole('application', { name: 'Rendered preview' }).or(player.locator('video'));
  await expect(video).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? Math.round(v.duration * 10) / 10 : 0)), {
      timeout: 20_000,
    })
    .toBeCloseTo(1.5, 0);

  await player.getByRole('button', { name: 'Render whole timeline' }).click();
  await expect(renders.getByRole('listitem').filter({ hasText: 'Whole timeline' })).toContainText('done', {
    timeout: 60_000,
  });
  await renders
    .getByRole('listitem')
    .filter({ hasText: 'Whole timeline' })
    .getByRole('button', { name: 'Play' })
    .click();
  await expect(renders.getByRole('link', { name: 'Download' }).first()).toHaveAttribute('href', /^blob:/);
  await keepScreenshot(page, testInfo, 'timeline-preview');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByRole('main')).toContainText('Render');
});
