// The work around the timeline, end to end in browser mode against the bundled sandbox: a
// timeline of three interview clips (built through the API, as another editor would),
// transcribed, captioned, tightened by an accepted speech-edit proposal, exported and
// downloaded, with the file's length checked by ffprobe against the trimmed clips.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type BrowserApp } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { productionPage } from './pages/productionPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import {
  makeSpokenClip,
  makeToneClip,
  probeDurationMs,
  serviceApi,
  videoTrackLengthMs,
  type ServiceApi,
} from './support/productionMedia.ts';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { sentence } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
// A desktop window: the timeline, the panels around it and the export dialog side by side.
test.use({ viewport: { width: 1440, height: 1000 } });
test.afterAll(() => fixtures.cleanup());

/** Polls the service until `check` holds (the app's edits reach it through the outbox). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A project whose timeline plays three trimmed interview clips, and the Timeline screen open on it. */
async function interviewTimeline(
  page: Page,
  app: BrowserApp,
  more?: (api: ServiceApi, projectId: number) => Promise<void>,
): Promise<{ api: ServiceApi; projectId: number }> {
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Interview cut');
  const api = await serviceApi(app);
  const projectId: number = (await api.get('/projects?limit=1')).data[0].id;
  // The opening is speech with a long pause (two recorded sentences): what the recogniser hears and the
  // interview edit tightens. The answer and the closing are a tone, sound that is not speech: the answer's
  // long silence is what the review finds.
  const files = await Promise.all([
    makeSpokenClip(fixtures.dir, `opening-${projectId}.mp4`, [sentence('0880'), { silenceMs: 1500 }, sentence('0930')]),
    makeToneClip(fixtures.dir, `answer-${projectId}.mp4`, 5, [{ startMs: 2500, endMs: 4700 }]),
    makeToneClip(fixtures.dir, `closing-${projectId}.mp4`, 4, []),
  ]);
  const assets = [];
  for (const file of files) assets.push(await api.upload(file, projectId));
  const timeline = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const video = timeline.tracks.find((t: { kind: string }) => t.kind === 'video');
  const applied = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: timeline.revision,
    commands: [
      { type: 'addClip', trackId: video.id, assetId: assets[0].id, startMs: 0, inMs: 300, outMs: 5600 },
      { type: 'addClip', trackId: video.id, assetId: assets[1].id, startMs: 5300, inMs: 0, outMs: 4600 },
      { type: 'addClip', trackId: video.id, assetId: assets[2].id, startMs: 9900, inMs: 500, outMs: 3500 },
    ],
  });
  expect(applied.error).toBeUndefined();
  await more?.(api, projectId);

  const shell = shellPage(page);
  await shell.railEntry('Timeline').click();
  await expect(shell.screenHeading('Timeline')).toBeVisible();
  await expect(productionPage(page).dock).toBeVisible({ timeout: 30_000 });
  return { api, projectId };
}

test('transcribe a clip, caption it, accept a speech edit, then export and download the cut', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  const { api, projectId } = await interviewTimeline(page, app);
  const panels = productionPage(page);
  await expect(panels.clip.locator('option')).toHaveCount(3);
  await panels.clip.selectOption({ index: 0 });
  await expect(panels.clip.locator('option:checked')).toHaveText(/^Clip 1: opening-\d+\.mp4/);

  // Transcribe: a charged job, followed to its end, then the word-timed transcript beside the timeline.
  await panels.tab('Transcript').click();
  await panels.panel.getByRole('button', { name: 'Transcribe clip' }).click();
  await expect(panels.transcript).toBeVisible({ timeout: 45_000 });
  await expect(panels.panel).toContainText(
    /Transcription #\d+ · en · \d+ words, \d+ on the timeline · charged \$0\.\d+ for 8 s of audio/,
  );
  expect(await panels.words.count()).toBeGreaterThan(5);

  // Click-to-seek: the playhead moves to where the clip plays that word (the clip starts 300 ms into its media).
  const word = panels.words.nth(3);
  const label = (await word.getAttribute('aria-label'))!;
  const seconds = /, at (\d+):(\d\d\.\d)/.exec(label)!;
  await word.click();
  await expect(word).toHaveAttribute('aria-current', 'time');
  const expectedMs = Number(seconds[1]) * 60_000 + Number(seconds[2]) * 1000;
  const playheadMs = async () => {
    const [h, m, rest] = (await page.getByLabel('Playhead time').inputValue()).split(':');
    return (Number(h) * 60 + Number(m)) * 60_000 + Math.round(Number(rest) * 1000);
  };
  await expect.poll(async () => Math.abs((await playheadMs()) - expectedMs)).toBeLessThanOrEqual(50);

  // Captions: the words as caption entries on the caption track, through the timeline's edits.
  await panels.panel.getByRole('button', { name: 'Add captions to the timeline' }).click();
  const added = panels.panel.getByRole('status').filter({ hasText: /^Added \d+ captions to Captions 1\.$/ });
  await expect(added).toBeVisible();
  const count = Number(/Added (\d+)/.exec((await added.textContent())!)![1]);
  const captioned = await eventually(
    async () => (await api.get(`/projects/${projectId}/editor/timeline`)).data,
    (t) => t.tracks.find((k: { kind: string }) => k.kind === 'caption').clips.length === count,
  );
  const firstCaption = captioned.tracks.find((k: { kind: string }) => k.kind === 'caption').clips[0];
  expect(firstCaption.startMs).toBeGreaterThanOrEqual(0);
  expect(firstCaption.text.length).toBeGreaterThan(0);

  // The caption files come through main (the key never reaches the page).
  const [srt] = await Promise.all([
    page.waitForEvent('download'),
    panels.panel.getByRole('button', { name: 'Download SRT' }).click(),
  ]);
  expect(srt.suggestedFilename()).toMatch(/^transcription-\d+\.srt$/);
  const srtPath = testInfo.outputPath('captions.srt');
  await srt.saveAs(srtPath);
  expect(readFileSync(srtPath, 'utf8')).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n\S/);
  await keepScreenshot(page, testInfo, 'transcript-and-captions.png');

  // Speech edits: the text model's price first, then proposals, applied only when accepted.
  await panels.tab('Speech edits').click();
  const price = panels.panel
    .getByRole('definition')
    .filter({ hasText: /about \d+ input and \d+ output tokens: about \$0\.\d+/ });
  await expect(price).toBeVisible();
  // The model's own prices, as GET /models?kind=text gives them, shown before anything is asked.
  const models: { id: string; available: boolean; speechTasks: string[]; inputCreditsPerMillionTokens: number }[] = (
    await api.get('/models?kind=text')
  ).data;
  const model = models.find((m) => m.available && m.speechTasks.includes('interview-edit'))!;
  await expect(panels.panel.getByLabel('Text model')).toHaveValue(model.id);
  await expect(panels.panel.locator('dl[aria-label="Price"]')).toContainText(
    `${model.inputCreditsPerMillionTokens.toLocaleString('en-US')} credits`,
  );
  const before = videoTrackLengthMs((await api.get(`/projects/${projectId}/editor/timeline`)).data);
  await panels.panel.getByRole('button', { name: 'Ask for proposed edits' }).click();
  await expect(panels.proposals).toBeVisible({ timeout: 45_000 });
  await expect(panels.panel).toContainText(/\d+ input and \d+ output tokens, charged \$0\.\d+/);
  const choosable = panels.proposals.getByRole('checkbox').and(page.locator(':enabled'));
  expect(await choosable.count()).toBeGreaterThan(0);
  // Nothing changed on the timeline yet: proposals are only proposals.
  expect(videoTrackLengthMs((await api.get(`/projects/${projectId}/editor/timeline`)).data)).toBe(before);
  const described = (await panels.proposals
    .getByRole('listitem')
    .filter({ has: page.locator('input[type=checkbox]:enabled') })
    .first()
    .textContent())!;
  const proposal = panels.proposals.getByRole('listitem').filter({ hasText: described });
  const removed = /\((\d+):(\d\d\.\d) removed/.exec(described)!;
  const removedMs = Number(removed[1]) * 60_000 + Number(removed[2]) * 1000;
  await proposal.getByRole('checkbox').check();
  await panels.panel.getByRole('button', { name: 'Accept 1 selected' }).click();
  await expect(panels.panel.getByRole('status').filter({ hasText: 'Applied 1 of 1 proposals.' })).toBeVisible();
  await expect(proposal).toContainText('Applied');
  const cut = await eventually(
    async () => (await api.get(`/projects/${projectId}/editor/timeline`)).data,
    (t) => videoTrackLengthMs(t) < before,
  );
  // The part removed is the proposal's range (shown to a tenth of a second).
  expect(Math.abs(before - videoTrackLengthMs(cut) - removedMs)).toBeLessThanOrEqual(60);
  expect(cut.tracks.find((k: { kind: string }) => k.kind === 'video').clips.length).toBeGreaterThan(3);
  await keepScreenshot(page, testInfo, 'speech-edit-proposals.png');

  // Export: the whole timeline as it plays, at the settings chosen, sent, followed, downloaded.
  await panels.dock.getByRole('button', { name: 'Export…' }).click();
  const dialog = panels.exportDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status').first()).toContainText('The whole timeline');
  await expect(dialog.getByLabel('Resolution')).toHaveValue('1080p');
  await dialog.getByLabel('Resolution').selectOption('360p');
  await expect(dialog.getByText('640 × 360 pixels')).toBeVisible();
  await dialog.getByLabel('Frame rate').selectOption('25');
  await keepScreenshot(page, testInfo, 'export-dialog.png');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const downloadButton = dialog.getByRole('button', { name: 'Download the export' });
  await expect(downloadButton).toBeVisible({ timeout: 90_000 });
  await expect(dialog.getByRole('status', { name: /^Export #\d+ status$/ })).toContainText('done');
  const [file] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  const saved = testInfo.outputPath('export.mp4');
  await file.saveAs(saved);
  // The whole timeline: every track, so as long as the timeline, not only its video track.
  expect(Math.abs((await probeDurationMs(saved)) - cut.durationMs)).toBeLessThanOrEqual(150);
  // The export is the workspace's: the Jobs screen lists it too.
  await keepScreenshot(page, testInfo, 'export-done.png');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panels.dock.getByRole('button', { name: 'Download the export' })).toBeVisible();
});

test('review findings on the timeline, a finish swapped in, and a template with variants rendered in a batch', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  let stillName = '';
  const { api, projectId } = await interviewTimeline(page, app, async (api, projectId) => {
    // A caption to make a template slot of, and an image a variant may wrongly put in a video slot.
    const timeline = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
    const captions = timeline.tracks.find((t: { kind: string }) => t.kind === 'caption');
    const added = await api.post(`/projects/${projectId}/editor/commands`, {
      revision: timeline.revision,
      commands: [
        {
          type: 'addCaption',
          trackId: captions.id,
          startMs: 0,
          endMs: 2000,
          text: 'Welcome to the show',
          style: 'title',
        },
      ],
    });
    expect(added.error).toBeUndefined();
    stillName = `still-${projectId}.png`;
    await api.upload(await makePng(fixtures.dir, { name: stillName }), projectId);
  });
  const panels = productionPage(page);
  await expect(panels.clip.locator('option')).toHaveCount(3);

  // Review: the answer's long silence is a finding, shown where it occurs on the timeline.
  await panels.clip.selectOption({ index: 1 });
  await panels.tab('Review').click();
  await panels.panel.getByRole('button', { name: "Review the clip's media" }).click();
  await expect(panels.findings).toBeVisible({ timeout: 45_000 });
  const silence = panels.findings.getByRole('listitem').filter({ hasText: /No sound for \d\.\d s/ });
  await expect(silence).toHaveCount(1);
  // The clip starts at 5.3 s on the timeline and plays its media from 0; the silence starts 2.5 s in.
  const shown = /(\d+):(\d\d\.\d)/.exec((await silence.locator('.pr-time').textContent())!)!;
  const atMs = Number(shown[1]) * 60_000 + Number(shown[2]) * 1000;
  expect(Math.abs(atMs - 7800)).toBeLessThanOrEqual(100);
  await silence.getByRole('button', { name: /^Go to / }).click();
  await expect
    .poll(async () => {
      const [h, m, rest] = (await page.getByLabel('Playhead time').inputValue()).split(':');
      return Math.abs((Number(h) * 60 + Number(m)) * 60_000 + Math.round(Number(rest) * 1000) - atMs);
    })
    .toBeLessThanOrEqual(50);
  // Under the tracks, on the timeline's own scale, now that the playhead brought it into view.
  const marker = panels.lane.getByRole('button', { name: /No sound for/ });
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(page.getByRole('button', { name: /^answer-\d+\.mp4, / }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await keepScreenshot(page, testInfo, 'review-findings.png');

  // Finishing: a new, normalised asset, swapped in at the same place with the same trims.
  await panels.tab('Finishing').click();
  await panels.panel.getByRole('button', { name: 'Normalise the audio' }).click();
  const swap = panels.panel.getByRole('button', { name: 'Swap into the timeline' });
  await expect(swap).toBeEnabled({ timeout: 45_000 });
  await expect(panels.panel.getByRole('definition').filter({ hasText: /^-1[5-7]\.\d LUFS/ })).toBeVisible();
  await keepScreenshot(page, testInfo, 'finish.png');
  const original = (await api.get(`/projects/${projectId}/editor/timeline`)).data.tracks[0].clips[1];
  await swap.click();
  const swapped = await eventually(
    async () => (await api.get(`/projects/${projectId}/editor/timeline`)).data.tracks[0].clips[1],
    (clip) => clip.assetId !== original.assetId,
  );
  expect(swapped).toMatchObject({
    id: original.id,
    startMs: original.startMs,
    inMs: original.inMs,
    outMs: original.outMs,
  });
  const finished = (await api.get(`/assets/${swapped.assetId}`)).data;
  expect(finished).toMatchObject({ source: 'finish', projectId });

  // Templates: the caption's text and the first clip's video become typed slots of a published version.
  await panels.tab('Templates').click();
  const publish = panels.panel.getByRole('form', { name: 'Publish a template' });
  await publish.getByRole('checkbox', { name: /^Make a slot of Caption at 0:00\.0: “Welcome to the show”$/ }).check();
  await publish.getByRole('textbox', { name: /^Slot name for Caption at/ }).fill('headline');
  await publish.getByRole('checkbox', { name: /^Make a slot of Clip 1's video/ }).check();
  await publish.getByRole('textbox', { name: /^Slot name for Clip 1's video/ }).fill('opening');
  await publish.getByRole('checkbox', { name: 'Slot opening is required' }).uncheck();
  await publish.getByRole('button', { name: 'Publish version' }).click();
  await expect(page.getByRole('status').filter({ hasText: /version 1 with 2 slots/ })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss: Template published' }).click();
  const variants = panels.panel.getByRole('table', { name: 'Variants' });
  await expect(variants).toBeVisible();
  await expect(panels.panel).toContainText('version 1: headline (text, required), opening (video)');

  // A dry run shows each variant's slot errors first; nothing is made until every variant fits.
  await panels.panel.getByRole('button', { name: 'Add a variant' }).click();
  await variants.getByRole('textbox', { name: 'headline of Variant 1' }).fill('Spring launch');
  await variants
    .getByRole('combobox', { name: 'opening of Variant 2' })
    .selectOption({ label: `${stillName} (image)` });
  await panels.panel.getByRole('button', { name: 'Check the variants (dry run)' }).click();
  const errors = variants.getByRole('list', { name: 'Errors of Variant 2' });
  await expect(errors).toContainText('headline: is required');
  await expect(errors).toContainText('opening:');
  await expect(errors).toContainText('image');
  await expect(panels.panel.getByRole('button', { name: 'Make 2 prepared projects' })).toBeDisabled();
  await keepScreenshot(page, testInfo, 'template-dry-run.png');
  await variants.getByRole('textbox', { name: 'headline of Variant 2' }).fill('Summer launch');
  await variants
    .getByRole('combobox', { name: 'opening of Variant 2' })
    .selectOption({ label: `closing-${projectId}.mp4 (video)` });
  await panels.panel.getByRole('button', { name: 'Check the variants (dry run)' }).click();
  await expect(panels.panel.getByRole('status').filter({ hasText: 'Every variant fits the template.' })).toBeVisible();
  await panels.panel.getByRole('button', { name: 'Make 2 prepared projects' }).click();
  const prepared = panels.panel.getByRole('region', { name: 'Prepared projects' });
  await expect(prepared.getByRole('listitem')).toHaveCount(2);

  // The batch renders both, followed to its end here (and in Jobs); each video can be downloaded.
  await prepared.getByRole('button', { name: 'Render the prepared projects (batch)' }).click();
  const downloads = prepared.getByRole('button', { name: /^Download the video of project #\d+$/ });
  await expect(downloads).toHaveCount(2, { timeout: 90_000 });
  await expect(prepared.getByRole('status', { name: 'Batch status' })).toContainText('done');
  await keepScreenshot(page, testInfo, 'template-batch.png');
  const [video] = await Promise.all([page.waitForEvent('download'), downloads.first().click()]);
  const saved = testInfo.outputPath('variant.mp4');
  await video.saveAs(saved);
  expect(await probeDurationMs(saved)).toBeGreaterThan(10_000);
});

test('the export dialog takes a timeline over 30 minutes (the service draws it in parts)', async ({
  page,
  app,
}, testInfo) => {
  let lastsMs = 0;
  await interviewTimeline(page, app, async (api, projectId) => {
    // Copies of the closing shot after the others until the timeline passes 30 minutes.
    let timeline = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
    const video = timeline.tracks.find((t: { kind: string }) => t.kind === 'video');
    const closing = video.clips.at(-1);
    const length = closing.outMs - closing.inMs;
    let at = timeline.durationMs;
    while (at <= 30 * 60_000) {
      const commands = [];
      for (; at <= 30 * 60_000 && commands.length < 400; at += length)
        commands.push({
          type: 'addClip',
          trackId: video.id,
          assetId: closing.assetId,
          startMs: at,
          inMs: closing.inMs,
          outMs: closing.outMs,
        });
      const added = await api.post(`/projects/${projectId}/editor/commands`, { revision: timeline.revision, commands });
      expect(added.error).toBeUndefined();
      timeline = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
    }
    lastsMs = timeline.durationMs;
  });
  expect(lastsMs).toBeGreaterThan(30 * 60_000);
  const panels = productionPage(page);
  await panels.dock.getByRole('button', { name: 'Export…' }).click();
  const dialog = panels.exportDialog;
  // Issue 24: a timeline export has no 30-minute limit any more (that limit is the clip list's).
  await expect(dialog.getByRole('status').first()).toContainText('The whole timeline');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
  await keepScreenshot(page, testInfo, 'export-over-30-minutes.png');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Exports', exact: true }).click();
  await expect(page.getByText('No exports yet')).toBeVisible();
});
