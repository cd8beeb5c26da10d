// The level meters beside the monitor (issue 25), in a real Chromium: a timeline of recorded
// speech over a quiet tone is played through once; the channel meters move, the loudness
// figures appear, and the integrated loudness the meters measured on the monitor's own Web
// Audio mix is within 0.5 LU of ffmpeg's ebur128 on the service's render of the same
// timeline. Then the tone is driven past full scale: the clip lights come on, and Reset puts
// them out and starts the integrated loudness again.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator } from '@playwright/test';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

const run = promisify(execFile);
let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

/** A meter's figure as it reads it out ("−20.1 LUFS"), as a number; NaN while it has none. */
async function figure(meter: Locator): Promise<number> {
  const text = (await meter.getAttribute('aria-valuetext')) ?? '';
  const match = /^([−+]?)(\d+\.\d)/.exec(text);
  return match ? (match[1] === '−' ? -1 : 1) * Number(match[2]) : NaN;
}

test('the meters move while the timeline plays; integrated loudness matches ebur128 on the render; clip and reset', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(240_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Metered');
  const speech = await makeSpokenMedia(fixtureDir(), [sentence('0880'), { silenceMs: 500 }, sentence('0930')]);
  // A 330 Hz tone at −6 dBFS: quiet under the speech at volume 0.1, past full scale at 2 with +12 dB.
  const tone = join(fixtureDir(), 'tone.wav');
  // prettier-ignore
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=6,volume=12dB', tone]);
  const assets = {
    speech: (await api.upload(speech.path, projectId)).id,
    tone: (await api.upload(tone, projectId)).id,
  };
  const start = await api.timeline(projectId);
  const music = crypto.randomUUID();
  const toneClip = crypto.randomUUID();
  await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'audio').id, assetId: assets.speech, startMs: 0 },
    { type: 'addTrack', kind: 'audio', trackId: music, name: 'Music' },
    { type: 'addClip', trackId: music, clipId: toneClip, assetId: assets.tone, startMs: 0 },
    { type: 'setClipProperties', clipId: toneClip, properties: { volume: 0.1 } },
  ]);

  const tl = timelinePage(page);
  await tl.open('Metered');
  const meters = page.getByRole('region', { name: 'Level meters' });
  const left = meters.getByRole('meter', { name: 'Left level' });
  const right = meters.getByRole('meter', { name: 'Right level' });
  const momentary = meters.getByRole('meter', { name: 'Momentary loudness' });
  const integrated = meters.getByRole('meter', { name: 'Integrated loudness' });
  const truePeak = meters.getByRole('meter', { name: 'True peak' });
  // Before any sound: nothing measured, and it says so.
  await expect(left).toHaveAttribute('aria-valuetext', 'Not measuring: play to measure');
  await expect(integrated).toHaveAttribute('aria-valuetext', 'Not measured');

  // Played from the start to the end: the bars move (their values change while it plays).
  await tl.setPlayhead(0);
  await tl.press(' ');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(left).toHaveAttribute('aria-valuetext', /^peak [−+]?\d+\.\d dBFS, RMS/, { timeout: 15_000 });
  await expect(momentary).toHaveAttribute('aria-valuetext', /LUFS$/);
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    seen.add(`${await left.getAttribute('aria-valuenow')}|${await right.getAttribute('aria-valuenow')}`);
    await page.waitForTimeout(250);
  }
  expect(seen.size).toBeGreaterThan(3);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 30_000 });
  // The last block of sound is measured a moment after the end.
  await page.waitForTimeout(600);
  const measured = await figure(integrated);
  expect(measured).toBeGreaterThan(-50);
  expect(await figure(truePeak)).toBeLessThan(0);
  await expect(meters.locator('.tl-meter.is-clipped')).toHaveCount(0);

  // The service's render of the same timeline, measured by ffmpeg.
  const rendered = testInfo.outputPath('render.mp4');
  writeFileSync(rendered, await api.renderWhole(projectId));
  // prettier-ignore
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-i', rendered, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const reference = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  console.log(JSON.stringify({ monitorIntegratedLufs: measured, ebur128OnRenderLufs: reference }));
  expect(Math.abs(measured - reference)).toBeLessThanOrEqual(0.5);

  // The tone driven past full scale: the mix clips before the limiter, and the lights say so.
  const now = await api.timeline(projectId);
  await api.apply(projectId, now.revision, [
    { type: 'setClipProperties', clipId: toneClip, properties: { volume: 2 } },
    { type: 'updateTrack', trackId: music, gainDb: 12 },
  ]);
  // Changed behind the app's back: a reload reads it (and makes the monitor's mix anew).
  await page.reload();
  await tl.open('Metered');
  await expect(left).toHaveAttribute('aria-valuetext', 'Not measuring: play to measure');
  await tl.setPlayhead(1);
  await tl.press(' ');
  await expect(left).toHaveAttribute('aria-valuetext', /clipped since the reset$/, { timeout: 15_000 });
  await expect(meters.locator('.tl-meter.is-clipped')).toHaveCount(2);
  await tl.press(' ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await meters.getByRole('button', { name: 'Reset integrated loudness' }).click();
  await expect(meters.locator('.tl-meter.is-clipped')).toHaveCount(0);
  await expect(integrated).toHaveAttribute('aria-valuetext', 'Not measured');
  await expect(left).not.toHaveAttribute('aria-valuetext', /clipped/);
});
