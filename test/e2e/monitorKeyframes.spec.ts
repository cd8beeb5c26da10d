// Change over time in the live monitor against the service's render (issue 23): the paused
// monitor at the render's own 1920×1080 is compared with the same frames of the service's
// render (PSNR ≥ 30 dB or SSIM ≥ 0.95) at moments between keyframes of every animatable
// property (opacity, scale, position, rotation) and an effect parameter, in every easing;
// inside picture fades in and out; across a sound-only crossfade; through a fade at a
// clip's out edge; in a reversed clip; and on a freeze frame. Playing, the reversed clip's
// source runs backwards. Sources are small (640×360) and the timeline 4 s.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { monitorAtFullSize } from './pages/fullSizeMonitor.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';
import { compare, frameOf, movingVideo } from './support/monitorMedia.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

const MIN_PSNR = 30;
const MIN_SSIM = 0.95;
const COMPARED = { width: 960, height: 540 };
/**
 * On the 30 fps grid: 300 inside the fade in and between the high clip's keyframes (all
 * easings); 700 and 1300 either side of the hold's step; 1900 in the fade out and the
 * crossfade; 2300 in the reversed clip (on a source frame's edge); 2900 on the freeze frame;
 * 3700 in the fade at the reversed clip's out edge.
 */
const MOMENTS = [300, 700, 1300, 1900, 2300, 2900, 3700];

test('the paused monitor follows keyframes, easings, fades, an out-edge transition, a reversed clip and a freeze frame as the render does', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 2100, height: 1850 });
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Over time');
  const [bars, soft] = await Promise.all([
    movingVideo(fixtures.dir, 'bars.mp4', { source: 'testsrc2', size: '640x360', seconds: 4, tone: 440 }),
    movingVideo(fixtures.dir, 'soft.mp4', { source: 'gradients', size: '640x360', seconds: 4, tone: 660 }),
  ]);
  const assets = { bars: (await api.upload(bars, projectId)).id, soft: (await api.upload(soft, projectId)).id };
  const [low, high] = [randomUUID(), randomUUID()];
  const [fading, reversed, moving, frozen] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const keys = (easing: string, from: number, to: number, atMs = 0, untilMs = 2000) => [
    { atMs, value: from, easing },
    { atMs: untilMs, value: to },
  ];
  const before = await api.timeline(projectId);
  await api.apply(projectId, before.revision, [
    { type: 'addTrack', kind: 'video', trackId: low, name: 'Low' },
    { type: 'addTrack', kind: 'video', trackId: high, name: 'High' },
    // Low: fades in and out, its brightness eased in and out; a crossfade (sound only) into a
    // reversed clip that goes out by a fade to black.
    { type: 'addClip', trackId: low, clipId: fading, assetId: assets.soft, startMs: 0, inMs: 0, outMs: 2000 },
    { type: 'setClipProperties', clipId: fading, properties: { fadeInMs: 500, fadeOutMs: 400 } },
    { type: 'applyEffect', clipId: fading, effectId: 'brightness', params: { amount: 0 } },
    {
      type: 'setKeyframes',
      clipId: fading,
      property: 'effect:brightness.amount',
      keyframes: keys('easeInOut', -0.5, 0.3),
    },
    { type: 'addClip', trackId: low, clipId: reversed, assetId: assets.bars, startMs: 2000, inMs: 0, outMs: 2000 },
    { type: 'setClipProperties', clipId: reversed, properties: { reverse: 1 } },
    { type: 'setTransition', clipId: reversed, transitionId: 'crossfade', durationMs: 400 },
    { type: 'setTransition', clipId: reversed, transitionId: 'fade', durationMs: 600, edge: 'out' },
    // High: every property animated, one easing each, over a picture that moves.
    { type: 'addClip', trackId: high, clipId: moving, assetId: assets.bars, startMs: 0, inMs: 1000, outMs: 3000 },
    { type: 'setKeyframes', clipId: moving, property: 'opacity', keyframes: keys('linear', 1, 0.5) },
    { type: 'setKeyframes', clipId: moving, property: 'scale', keyframes: keys('easeIn', 0.3, 0.7) },
    { type: 'setKeyframes', clipId: moving, property: 'positionX', keyframes: keys('easeOut', -0.3, 0.2) },
    { type: 'setKeyframes', clipId: moving, property: 'positionY', keyframes: keys('linear', -0.2, 0.15) },
    {
      type: 'setKeyframes',
      clipId: moving,
      property: 'rotation',
      keyframes: [
        { atMs: 0, value: 0, easing: 'hold' },
        { atMs: 1000, value: 25, easing: 'easeInOut' },
        { atMs: 2000, value: -15 },
      ],
    },
    // Then a clip frozen halfway for 800 ms, placed and turned.
    { type: 'addClip', trackId: high, assetId: assets.soft, startMs: 2000, inMs: 500, outMs: 1500, clipId: frozen },
    {
      type: 'setClipProperties',
      clipId: frozen,
      properties: { scale: 0.4, positionX: 0.25, positionY: 0.28, rotation: 10 },
    },
    { type: 'freezeFrame', clipId: frozen, atMs: 2500, durationMs: 800 },
  ]);

  const tl = timelinePage(page);
  const frame = await monitorAtFullSize(page);
  const shots: string[] = [];
  for (const ms of MOMENTS) {
    await tl.setPlayhead(ms / 1000);
    await expect(frame).toHaveAttribute('data-time-ms', String(ms));
    await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    const path = testInfo.outputPath(`keyframes-monitor-${ms}.png`);
    await frame.screenshot({ path, animations: 'allow' });
    shots.push(path);
  }
  // Playing in the reversed clip: its element is sought backwards frame by frame, the clock runs
  // on. The range 2.1–3.9 s (inside the clip) loops, so however slowly the page is sampled on a
  // busy machine the playhead stays in the clip.
  await tl.setPlayhead(2.1);
  await tl.press('i');
  await tl.setPlayhead(3.9);
  await tl.press('o');
  await tl.press('Shift+L');
  await tl.setPlayhead(2.1);
  await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await tl.press(' ');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  // The bottom layer (the low track's reversed clip): the monitor's time and its source moment.
  const sample = () =>
    frame.evaluate((root) => {
      const layer = [...root.querySelectorAll<HTMLElement>('.pv-layer')].find(
        (l) => l.style.zIndex === '1' && l.style.visibility !== 'hidden',
      );
      const source = layer?.querySelector('video')?.currentTime;
      return source === undefined ? null : { atMs: Number(root.getAttribute('data-time-ms')), source };
    });
  // Two readings of one pass through the range, at least 200 ms of the timeline apart.
  let pair: { first: { atMs: number; source: number }; later: { atMs: number; source: number } } | null = null;
  await expect
    .poll(
      async () => {
        const first = await sample();
        await page.waitForTimeout(250);
        const later = await sample();
        if (first && later && later.atMs - first.atMs >= 200) pair = { first, later };
        return pair !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const { first, later } = pair!;
  expect(later.source).toBeLessThan(first.source);
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // The pictures' own size (a PNG's IHDR, 1920 × about 1080): the render is scaled to it.
  const header = readFileSync(shots[0]!);
  const [width, height] = [header.readUInt32BE(16), header.readUInt32BE(20)];

  const rendered = testInfo.outputPath('keyframes-render.mp4');
  writeFileSync(rendered, await api.renderWhole(projectId, { quality: 'high' }));
  const results: { ms: number; psnr: number; ssim: number }[] = [];
  for (const [i, ms] of MOMENTS.entries()) {
    const reference = testInfo.outputPath(`keyframes-render-${ms}.png`);
    await frameOf(rendered, (ms * 30) / 1000, width, height, reference);
    results.push({ ms, ...(await compare(shots[i]!, reference, COMPARED)) });
  }
  await testInfo.attach('keyframes-psnr.json', {
    body: JSON.stringify(results, null, 2),
    contentType: 'application/json',
  });
  process.stdout.write(`change over time, monitor vs render: ${JSON.stringify(results)}\n`);
  for (const { ms, psnr, ssim } of results)
    expect(psnr >= MIN_PSNR || ssim >= MIN_SSIM, `at ${ms} ms (all: ${JSON.stringify(results)})`).toBe(true);
});
