// The Export dialog's choices, end to end in browser mode against the bundled sandbox
// (issue 24): presets that name what they make and warn when the project's shape is not
// theirs, the format they set (changing it makes the settings custom), the loudness of
// podcast audio, what of the timeline goes (whole, a range, the still at the playhead)
// chosen with the keyboard, the captions saved as SRT, and a still exported and downloaded
// as a PNG at the export's size.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './pages/accessibility.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { productionPage } from './pages/productionPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { makeToneClip, serviceApi } from './support/productionMedia.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const fixtures = makeFixtureDir();
test.use({ viewport: { width: 1440, height: 1000 } });
test.afterAll(() => fixtures.cleanup());

test('the Export dialog: presets, formats, what to export, captions as SRT, and a still', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Everywhere');
  const api = await serviceApi(app);
  const projectId: number = (await api.get('/projects?limit=1')).data[0].id;
  const asset = await api.upload(await makeToneClip(fixtures.dir, `tone-${projectId}.mp4`, 3, []), projectId);
  const timeline = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const trackOf = (kind: string) => timeline.tracks.find((t: { kind: string }) => t.kind === kind).id;
  const applied = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: timeline.revision,
    commands: [
      { type: 'addClip', trackId: trackOf('video'), assetId: asset.id, startMs: 0 },
      { type: 'addCaption', trackId: trackOf('caption'), startMs: 200, endMs: 1200, text: 'Hello' },
      { type: 'addCaption', trackId: trackOf('caption'), startMs: 1500, endMs: 2500, text: 'World' },
    ],
  });
  expect(applied.error).toBeUndefined();
  const shell = shellPage(page);
  await shell.railEntry('Timeline').click();
  const panels = productionPage(page);
  await expect(panels.dock).toBeVisible({ timeout: 30_000 });
  await panels.dock.getByRole('button', { name: 'Export…' }).click();
  const dialog = panels.exportDialog;
  await expect(dialog).toBeVisible();

  // A preset names its frame, frame rate, codecs and bit rates, and warns when the shape is not its own.
  const preset = dialog.getByLabel('Preset');
  await preset.selectOption({ label: 'Shorts / TikTok / Reels' });
  await expect(
    dialog.getByText(/^1920 × 1080, 30 fps, H\.264 video, AAC audio; video variable bit rate/),
  ).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Shape warning' })).toContainText(
    'Shorts / TikTok / Reels is 9:16; this project is 16:9',
  );
  await preset.selectOption({ label: 'YouTube 1080p' });
  await expect(dialog.getByRole('status', { name: 'Shape warning' })).toHaveCount(0);
  await expect(dialog.getByLabel('Format')).toHaveValue('mp4');

  // Podcast audio: an MP3 at −16 LUFS, no picture settings.
  await preset.selectOption({ label: 'Podcast audio' });
  await expect(dialog.getByLabel('Format')).toHaveValue('mp3');
  await expect(dialog.getByLabel('Loudness (LUFS)')).toHaveValue('-16');
  await expect(dialog.getByLabel('Resolution')).toHaveCount(0);
  await expect(dialog.getByText('MP3 audio: MP3 160 kb/s, 48 kHz stereo, −16 LUFS')).toBeVisible();

  // Another format by hand: the settings are custom now.
  await dialog.getByLabel('Format').selectOption({ label: 'MOV (ProRes 422)' });
  await expect(preset).toHaveValue('custom');
  await expect(dialog.getByLabel('Resolution')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Burn captions into the picture' })).toBeChecked();

  // What to export, with the keyboard: arrows move between the choices.
  const whole = dialog.getByRole('radio', { name: 'Whole timeline' });
  await expect(whole).toBeChecked();
  await whole.focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'A range' })).toBeChecked();
  await dialog.getByLabel('Start (seconds)').fill('0.5');
  await dialog.getByLabel('End (seconds)').fill('9');
  await expect(dialog.getByRole('alert', { name: 'Before exporting this part' })).toContainText(
    'The range ends at 0:09.0, after the timeline (0:03.0): end it sooner.',
  );
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await dialog.getByLabel('End (seconds)').fill('2');
  await expect(dialog.getByRole('alert', { name: 'Before exporting this part' })).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('radio', { name: 'A range' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const still = dialog.getByRole('radio', { name: 'Still frame at the playhead' });
  await expect(still).toBeChecked();
  await expect(dialog.getByLabel('Format')).toHaveCount(0);
  await expectNoViolations(page, 'the Export dialog');

  // The captions as SubRip, timed to the timeline.
  const [srt] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save captions as SRT' }).click(),
  ]);
  expect(srt.suggestedFilename()).toBe('Everywhere.srt');
  const srtPath = testInfo.outputPath('captions.srt');
  await srt.saveAs(srtPath);
  expect(readFileSync(srtPath, 'utf8')).toBe(
    '1\n00:00:00,200 --> 00:00:01,200\nHello\n\n2\n00:00:01,500 --> 00:00:02,500\nWorld\n',
  );

  // The still at the playhead (0:00.0), sent and downloaded: a PNG at the export's size.
  await dialog.getByLabel('Resolution').selectOption('360p');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const downloadButton = dialog.getByRole('button', { name: 'Download the export' });
  await expect(downloadButton).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const saved = testInfo.outputPath('still.png');
  await file.saveAs(saved);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'csv=p=0',
    saved,
  ]);
  expect(stdout.trim()).toBe('png,640,360');

  // Exports lists it as what it is.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Exports', exact: true }).click();
  await expect(page.getByText('PNG still, 360p, 30 fps, standard')).toBeVisible();
});
