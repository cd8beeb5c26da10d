// Crop in the live monitor against the service's render (issue 24): the paused monitor at the
// render's own 1920×1080 is compared with the same frames of the service's render (PSNR ≥ 30 dB
// or SSIM ≥ 0.95) on a clip cropped on all four sides, scaled, placed and turned, and on a clip
// whose crop is keyframed (eased and linear sides, with a static one), over a moving picture
// beneath that shows through what is cut. Sources are small (640×360) and the timeline 3 s.
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
/** On the 30 fps grid: two moments of the static crop, three along the keyframed one's curves. */
const MOMENTS = [400, 1000, 1800, 2200, 2700];

test('the paused monitor crops as the render does: static on four sides, and keyframed', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 2100, height: 1850 });
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Cropped');
  const [bars, soft] = await Promise.all([
    movingVideo(fixtures.dir, 'bars.mp4', { source: 'testsrc2', size: '640x360', seconds: 3, tone: 440 }),
    movingVideo(fixtures.dir, 'soft.mp4', { source: 'gradients', size: '640x360', seconds: 3, tone: 660 }),
  ]);
  const assets = { bars: (await api.upload(bars, projectId)).id, soft: (await api.upload(soft, projectId)).id };
  const [low, high] = [randomUUID(), randomUUID()];
  const [beneath, still, moving] = [randomUUID(), randomUUID(), randomUUID()];
  const before = await api.timeline(projectId);
  await api.apply(projectId, before.revision, [
    { type: 'addTrack', kind: 'video', trackId: low, name: 'Low' },
    { type: 'addTrack', kind: 'video', trackId: high, name: 'High' },
    { type: 'addClip', trackId: low, clipId: beneath, assetId: assets.soft, startMs: 0, inMs: 0, outMs: 3000 },
    { type: 'addClip', trackId: high, clipId: still, assetId: assets.bars, startMs: 0, inMs: 0, outMs: 1500 },
    {
      type: 'setClipProperties',
      clipId: still,
      properties: {
        cropLeft: 0.2,
        cropRight: 0.15,
        cropTop: 0.1,
        cropBottom: 0.3,
        scale: 0.7,
        positionX: 0.1,
        rotation: 12,
      },
    },
    { type: 'addClip', trackId: high, clipId: moving, assetId: assets.bars, startMs: 1500, inMs: 1500, outMs: 3000 },
    { type: 'setClipProperties', clipId: moving, properties: { cropRight: 0.1, scale: 0.8, positionY: -0.05 } },
    {
      type: 'setKeyframes',
      clipId: moving,
      property: 'cropLeft',
      keyframes: [
        { atMs: 0, value: 0, easing: 'easeInOut' },
        { atMs: 1500, value: 0.4 },
      ],
    },
    {
      type: 'setKeyframes',
      clipId: moving,
      property: 'cropBottom',
      keyframes: [
        { atMs: 0, value: 0.5 },
        { atMs: 1200, value: 0 },
      ],
    },
  ]);

  const tl = timelinePage(page);
  const frame = await monitorAtFullSize(page);
  // The keyframed clip is shown once before the moments: a clip cued while hidden first showed its
  // source's frame 0 in Chromium though its element stood at the sought time (a monitor issue
  // outside crop, reported separately), which this proof is not about.
  await tl.setPlayhead(2.5);
  await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  const shots: string[] = [];
  for (const ms of MOMENTS) {
    await tl.setPlayhead(ms / 1000);
    await expect(frame).toHaveAttribute('data-time-ms', String(ms));
    await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    const path = testInfo.outputPath(`crop-monitor-${ms}.png`);
    await frame.screenshot({ path, animations: 'allow' });
    shots.push(path);
  }

  const header = readFileSync(shots[0]!);
  const [width, height] = [header.readUInt32BE(16), header.readUInt32BE(20)];
  const rendered = testInfo.outputPath('crop-render.mp4');
  writeFileSync(rendered, await api.renderWhole(projectId, { quality: 'high' }));
  const results: { ms: number; psnr: number; ssim: number }[] = [];
  for (const [i, ms] of MOMENTS.entries()) {
    const reference = testInfo.outputPath(`crop-render-${ms}.png`);
    await frameOf(rendered, (ms * 30) / 1000, width, height, reference);
    results.push({ ms, ...(await compare(shots[i]!, reference, COMPARED)) });
  }
  await testInfo.attach('crop-psnr.json', { body: JSON.stringify(results, null, 2), contentType: 'application/json' });
  process.stdout.write(`crop, monitor vs render: ${JSON.stringify(results)}\n`);
  for (const { ms, psnr, ssim } of results)
    expect(psnr >= MIN_PSNR || ssim >= MIN_SSIM, `at ${ms} ms (all: ${JSON.stringify(results)})`).toBe(true);
});
