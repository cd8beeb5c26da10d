// The monitor against the service's render for every caption style property (DESIGN.md
// "Seeing the edit"; docs/render-semantics.md "Caption style properties"): a caption track
// with default style properties and captions over it that set the rest — colour, outline,
// shadow, upper case, a box with its colour, opacity and padding, positionY, the most
// characters per line and lines, a title moved up, and word-timed captions with the active
// word's colour, pop and box. At moments inside each caption, the band of the frame the
// caption is drawn in, at the render's own 1920×1080, is compared with the same frame of
// the render: a PSNR of at least 30 dB or an SSIM of at least 0.95.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { monitorAtFullSize } from './pages/fullSizeMonitor.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';
import { frameOf, movingVideo } from './support/monitorMedia.ts';

const run = promisify(execFile);
const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

const MIN_PSNR = 30;
const MIN_SSIM = 0.95;

/** PSNR and SSIM of the rows `top`..`bottom` (shares of the height) of two same-size pictures, unscaled. */
async function compareBand(a: string, b: string, top: number, bottom: number) {
  const crop = `crop=iw:ih*${bottom - top}:0:ih*${top}`;
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-i', a, '-i', b],
    ...['-lavfi', `[0]${crop},split[a1][a2];[1]${crop},split[b1][b2];[a1][b1]psnr;[a2][b2]ssim`, '-f', 'null', '-'],
  ]);
  const psnr = /average:(inf|[\d.]+)/.exec(stderr);
  const ssim = /All:([\d.]+)/.exec(stderr);
  if (!psnr || !ssim) throw new Error(`no PSNR or SSIM in ffmpeg's output: ${stderr.slice(-500)}`);
  return { psnr: psnr[1] === 'inf' ? Infinity : Number(psnr[1]), ssim: Number(ssim[1]) };
}

/** Each moment, what it shows, and the band of the frame (shares of the height) its caption is in. */
const MOMENTS = [
  { ms: 500, what: 'text colour, outline (track default), shadow, upper case, no box', band: [0.75, 1] },
  { ms: 1500, what: 'box colour, opacity, padding; positionY; maxCharsPerLine; maxLines', band: [0.3, 0.7] },
  { ms: 2100, what: 'active word: colour, pop, box (first word)', band: [0.6, 0.95] },
  { ms: 3100, what: 'active word: colour, pop, box (a middle word)', band: [0.6, 0.95] },
  { ms: 3700, what: 'active word: colour, pop, box (the last word)', band: [0.6, 0.95] },
  { ms: 4500, what: 'karaoke preset with a size, font and no outline of its own', band: [0.6, 1] },
  { ms: 5500, what: 'title moved up by positionY, its colour', band: [0.1, 0.5] },
] as const;

test('every caption style property and the active-word look: the monitor matches the render', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 2100, height: 1850 });
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Caption looks');
  const background = await movingVideo(fixtures.dir, 'bg.mp4', {
    source: 'gradients',
    size: '1280x720',
    seconds: 6,
    tone: 440,
  });
  const asset = (await api.upload(background, projectId)).id;
  const [video, words] = [randomUUID(), randomUUID()];
  const said = ['Posted', 'captions', 'pop', 'word', 'by', 'word'];
  const before = await api.timeline(projectId);
  await api.apply(projectId, before.revision, [
    { type: 'addTrack', kind: 'video', trackId: video, name: 'Picture' },
    { type: 'addTrack', kind: 'caption', trackId: words, name: 'Words' },
    { type: 'addClip', trackId: video, assetId: asset, startMs: 0, inMs: 0, outMs: 6000 },
    // The track's defaults: every caption below gets them unless it says otherwise.
    {
      type: 'updateTrack',
      trackId: words,
      captionStyle: { fontSizePx: 64, outlineWidthPx: 4, outlineColor: '#101010' },
    },
    {
      type: 'addCaption',
      trackId: words,
      startMs: 0,
      endMs: 1000,
      text: 'Shadowed and outlined',
      style: 'subtitle',
      captionStyle: { textColor: '#ffe000', shadow: true, uppercase: true, boxOpacity: 0 },
    },
    {
      type: 'addCaption',
      trackId: words,
      startMs: 1000,
      endMs: 2000,
      text: 'A boxed caption in the middle of the frame with more words than two lines can hold',
      style: 'subtitle',
      captionStyle: {
        boxColor: '#2040A0',
        boxOpacity: 0.8,
        boxPaddingPx: 30,
        positionY: 0.62,
        maxCharsPerLine: 18,
        maxLines: 2,
        outlineWidthPx: 0,
      },
    },
    {
      type: 'addCaption',
      trackId: words,
      startMs: 2000,
      endMs: 4000,
      text: said.join(' '),
      style: 'subtitle',
      words: said.map((text, i) => ({ text, startMs: 2000 + i * 300, endMs: 2000 + (i + 1) * 300 })),
      captionStyle: {
        uppercase: true,
        boxOpacity: 0,
        fontSizePx: 80,
        activeWordColor: '#00FF66',
        activeWordScale: 1.3,
        activeWordBoxColor: '#C0147A',
        positionY: 0.85,
      },
    },
    {
      type: 'addCaption',
      trackId: words,
      startMs: 4000,
      endMs: 5000,
      text: 'Karaoke keeps its yellow',
      style: 'karaoke',
      font: 'roboto',
      captionStyle: { fontSizePx: 90, outlineWidthPx: 0 },
    },
    {
      type: 'addCaption',
      trackId: words,
      startMs: 5000,
      endMs: 6000,
      text: 'A title up top',
      style: 'title',
      captionStyle: { positionY: 0.3, textColor: '#FF4040' },
    },
  ]);

  const tl = timelinePage(page);
  const frame = await monitorAtFullSize(page);
  const shots: string[] = [];
  for (const { ms } of MOMENTS) {
    await tl.setPlayhead(ms / 1000);
    await expect(frame).toHaveAttribute('data-time-ms', String(ms));
    await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    const path = testInfo.outputPath(`caption-monitor-${ms}.png`);
    await frame.screenshot({ path, animations: 'allow' });
    shots.push(path);
  }
  const rendered = testInfo.outputPath('captions.mp4');
  writeFileSync(rendered, await api.renderWhole(projectId, { quality: 'high' }));
  const results: { ms: number; what: string; psnr: number; ssim: number }[] = [];
  for (const [i, { ms, what, band }] of MOMENTS.entries()) {
    const reference = await frameOf(
      rendered,
      (ms * 30) / 1000,
      1920,
      1080,
      testInfo.outputPath(`caption-render-${ms}.png`),
    );
    results.push({ ms, what, ...(await compareBand(shots[i]!, reference, band[0], band[1])) });
  }
  await testInfo.attach('caption-psnr.json', {
    body: JSON.stringify(results, null, 2),
    contentType: 'application/json',
  });
  process.stdout.write(`captions, monitor vs render: ${JSON.stringify(results)}\n`);
  for (const { ms, what, psnr, ssim } of results)
    expect(psnr >= MIN_PSNR || ssim >= MIN_SSIM, `at ${ms} ms (${what}): ${JSON.stringify(results)}`).toBe(true);
});
